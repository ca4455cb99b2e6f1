import Foundation
import Synchronization

/// One change notifier per database file in this process, so a write through one `OCKStore`
/// reaches the streams of every other `OCKStore` open on the same file. While anyone listens,
/// a watcher also asks the file's writers twice a second whether another connection committed,
/// to notice commits made by other processes.
final class _StoreChangeCenter: Sendable {
    static let shared = _StoreChangeCenter()

    private struct Entry: @unchecked Sendable {
        weak var notifier: OCKStoreChangeNotifier?
        weak var watcher: _DataVersionWatcher?
    }
    private let entries = Mutex<[String: Entry]>([:])

    /// The notifier for a database file, shared by every store open on it; `database` (the
    /// store's opened database, if it opened) joins the file's watcher.
    func notifier(forFile path: String, database: _Database?) -> OCKStoreChangeNotifier {
        entries.withLock { table in
            if let existing = table[path], let notifier = existing.notifier, let watcher = existing.watcher {
                if let database { watcher.add(database) }
                return notifier
            }
            let watcher = _DataVersionWatcher()
            let notifier = OCKStoreChangeNotifier(
                onFirstSubscriber: { watcher.start() },
                onLastSubscriber: { watcher.stop() })
            watcher.attach(notifier)
            if let database { watcher.add(database) }
            table = table.filter { $0.value.notifier != nil }
            table[path] = Entry(notifier: notifier, watcher: watcher)
            return notifier
        }
    }
}
