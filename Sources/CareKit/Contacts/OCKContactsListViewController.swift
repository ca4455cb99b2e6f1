import CareKitStore
import CareKitUI
import Foundation

/// The contacts of a store, synchronized, sorted by family then given name.
open class OCKContactsListViewController: SynchronizedViewController<OCKContactsListViewSynchronizer>, @unchecked Sendable {
    /// The contacts shown (sorted by family then given name unless the query sorts).
    public let query: OCKContactQuery

    public init(
        store: any OCKAnyStoreProtocol, query: OCKContactQuery = OCKContactQuery(for: Date()),
        viewSynchronizer: OCKContactsListViewSynchronizer = OCKContactsListViewSynchronizer()
    ) {
        var sorted = query
        if sorted.sortDescriptors.isEmpty { sorted.sortDescriptors = [.familyName(ascending: true), .givenName(ascending: true)] }
        self.query = sorted
        let models = store.anyContacts(matching: sorted).map { $0.map(OCKAnyContactBox.init) }
        super.init(initialViewModel: [], viewModels: models, viewSynchronizer: viewSynchronizer)
    }
}
