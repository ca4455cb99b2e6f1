import CareKitStore
import CareKitUI
import Foundation

/// One contact, synchronized.
open class OCKDetailedContactViewController: SynchronizedViewController<OCKDetailedContactViewSynchronizer>, @unchecked Sendable {
    public init(
        contactID: String, store: any OCKAnyStoreProtocol, date: Date = Date(), calendar: Calendar = .current,
        viewSynchronizer: OCKDetailedContactViewSynchronizer = OCKDetailedContactViewSynchronizer()
    ) {
        var query = OCKContactQuery(for: date, calendar: calendar)
        query.ids = [contactID]
        let models = store.anyContacts(matching: query).map { $0.first.map(OCKAnyContactBox.init) }
        super.init(initialViewModel: nil, viewModels: models, viewSynchronizer: viewSynchronizer)
    }
}
