import Foundation
import Synchronization

/// Notices changes made to a store's file by other processes, while anyone listens: the
/// engine's part of a file's change notifier (`OCKStore`'s is ``_DataVersionWatcher``).
protocol _ExternalChangeWatcher: AnyObject, Sendable {
    /// The notifier the watcher announces other processes' changes to (held weakly).
    func attach(_ notifier: OCKStoreChangeNotifier)
    /// Someone listens: start watching.
    func start()
    /// Nobody listens any more: stop watching.
    func stop()
}

/// One change notifier per database file in this process, so a write through one `OCKStore`
/// reaches the streams of every other `OCKStore` open on the same file. While anyone listens,
/// the file's watcher also looks for commits made by other processes.
final class _StoreChangeCenter: Sendable {
    static let shared = _StoreChangeCenter()

    private struct Entry: @unchecked Sendable {
        weak var notifier: OCKStoreChangeNotifier?
        weak var watcher: (any _ExternalChangeWatcher)?
    }
    private let entries = Mutex<[String: Entry]>([:])

    /// The notifier for the file at `path`, shared by every store open on it. The first store
    /// to ask makes the file's watcher (`makeWatcher`); every store then `join`s it.
    func notifier<Watcher: _ExternalChangeWatcher>(
        forFile path: String, makeWatcher: () -> Watcher, join: (Watcher) -> Void
    ) -> OCKStoreChangeNotifier {
        entries.withLock { table in
            if let existing = table[path], let notifier = existing.notifier, let watcher = existing.watcher as? Watcher {
                join(watcher)
                return notifier
            }
            let watcher = makeWatcher()
            let notifier = OCKStoreChangeNotifier(
                onFirstSubscriber: { watcher.start() },
                onLastSubscriber: { watcher.stop() })
            watcher.attach(notifier)
            join(watcher)
            table = table.filter { $0.value.notifier != nil }
            table[path] = Entry(notifier: notifier, watcher: watcher)
            return notifier
        }
    }
}
