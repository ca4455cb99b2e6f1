import CareKitStore
import Foundation

/// The store's changes for the live-update feed and the page cache: the generation is the
/// store's change count (``OCKObservableStore/changeCount``), and each live stream subscribes to
/// the store's own changes (its notifier is the broadcaster). One subscription stays open from
/// the first use on, so that a store that watches its file for other processes' commits keeps
/// watching (and counting) while no browser is connected.
final class _ChangeFeed: Sendable {
    private let store: any OCKAnyStoreProtocol & OCKObservableStore
    private let watch = _Locked<OCKStoreChangeStream?>(nil)

    init(store: any OCKAnyStoreProtocol & OCKObservableStore) {
        self.store = store
    }

    var generation: Int {
        startIfNeeded()
        return store.changeCount
    }

    /// The changes from now on (subscribe before reading ``generation``: no change falls in between).
    func changes() -> OCKStoreChangeStream {
        startIfNeeded()
        return store.storeChanges()
    }

    private func startIfNeeded() {
        guard watch.value == nil else { return }
        let changes = store.storeChanges()
        watch.withLock { $0 = $0 ?? changes }
    }
}
