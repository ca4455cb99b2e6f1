import CSQLite
import Foundation
import Synchronization

/// One change notifier per database file in this process, so a write through one `OCKStore`
/// reaches the streams of every other `OCKStore` open on the same file. While anyone listens,
/// a watcher also polls SQLite's `PRAGMA data_version` twice a second to notice commits made
/// by other processes.
final class _StoreChangeCenter: Sendable {
    static let shared = _StoreChangeCenter()

    private struct WeakNotifier: @unchecked Sendable {
        weak var value: OCKStoreChangeNotifier?
    }
    private let notifiers = Mutex<[String: WeakNotifier]>([:])

    /// The notifier for a database file, shared by every store open on it.
    func notifier(forFile path: String) -> OCKStoreChangeNotifier {
        notifiers.withLock { table in
            if let existing = table[path]?.value { return existing }
            let watcher = _DataVersionWatcher(path: path)
            let notifier = OCKStoreChangeNotifier(
                onFirstSubscriber: { watcher.start() },
                onLastSubscriber: { watcher.stop() })
            watcher.attach(notifier)
            table = table.filter { $0.value.value != nil }
            table[path] = WeakNotifier(value: notifier)
            return notifier
        }
    }
}

/// Polls `PRAGMA data_version` on its own read-only connection: its value changes whenever
/// another connection (in this process or another) commits to the file.
final class _DataVersionWatcher: Sendable {
    private let path: String
    private let state = Mutex<(notifier: WeakBox?, task: _Concurrency.Task<Void, Never>?)>((nil, nil))

    struct WeakBox: @unchecked Sendable {
        weak var notifier: OCKStoreChangeNotifier?
    }

    init(path: String) {
        self.path = path
    }

    var notifier: OCKStoreChangeNotifier? { state.withLock { $0.notifier?.notifier } }

    func attach(_ notifier: OCKStoreChangeNotifier) {
        state.withLock { $0.notifier = WeakBox(notifier: notifier) }
    }

    func start() {
        let path = self.path
        let task = _Concurrency.Task.detached { [weak self] in
            guard let connection = try? _SQLiteConnection(path: path, readOnly: true) else { return }
            var last = try? connection.scalarInt("PRAGMA data_version")
            while !_Concurrency.Task.isCancelled {
                try? await _Concurrency.Task.sleep(nanoseconds: 500_000_000)
                let current = try? connection.scalarInt("PRAGMA data_version")
                guard let notifier = self?.notifier else { break }
                // Any commit by another connection: this process's own writes were announced
                // already (with their kinds), but a commit from another process may have come in
                // the same half second, so every change is announced. Streams whose result did
                // not change stay silent.
                if current != last { notifier.notify(.everything) }
                last = current
            }
            connection.close()
        }
        state.withLock { state in
            state.task?.cancel()
            state.task = task
        }
    }

    func stop() {
        state.withLock { state in
            state.task?.cancel()
            state.task = nil
        }
    }
}
