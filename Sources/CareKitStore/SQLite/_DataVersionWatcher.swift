import Foundation
import Synchronization

/// Notices commits made to a file by other processes: twice a second, while anyone listens,
/// it asks each open database of this process on the file whether a connection other than its
/// writer committed (SQLite's `PRAGMA data_version`). Only when every one of them says yes can
/// the commit be another process's — a commit of one of them is announced with what it changed
/// already — and then every change is announced. (When all of them committed in the same half
/// second the announcement is spurious but harmless: streams whose result did not change stay
/// silent.)
final class _DataVersionWatcher: _ExternalChangeWatcher {
    private struct WeakDatabase: @unchecked Sendable {
        weak var value: _Database?
    }
    private struct State: @unchecked Sendable {
        weak var notifier: OCKStoreChangeNotifier?
        var databases: [WeakDatabase] = []
        var task: _Concurrency.Task<Void, Never>?
    }
    private let state = Mutex(State())

    func attach(_ notifier: OCKStoreChangeNotifier) {
        state.withLock { $0.notifier = notifier }
    }

    func add(_ database: _Database) {
        state.withLock { state in
            state.databases.removeAll { $0.value == nil }
            state.databases.append(WeakDatabase(value: database))
        }
    }

    func start() {
        let task = _Concurrency.Task.detached { [weak self] in
            while !_Concurrency.Task.isCancelled {
                try? await _Concurrency.Task.sleep(nanoseconds: 500_000_000)
                guard let self, let notifier = self.state.withLock({ $0.notifier }) else { break }
                if await self.anotherProcessMayHaveCommitted() { notifier.notify(.everything) }
            }
        }
        state.withLock { state in
            state.task?.cancel()
            state.task = task
        }
    }

    private func anotherProcessMayHaveCommitted() async -> Bool {
        let databases = state.withLock { $0.databases.compactMap(\.value) }
        var answers: [Bool] = []
        for database in databases {
            if let answer = await database.otherConnectionCommitted() { answers.append(answer) }
        }
        return !answers.isEmpty && answers.allSatisfy { $0 }
    }

    func stop() {
        state.withLock { state in
            state.task?.cancel()
            state.task = nil
        }
    }
}

extension _StoreChangeCenter {
    /// The notifier for a database file, shared by every store open on it; `database` (the
    /// store's opened database, if it opened) joins the file's watcher.
    func notifier(forFile path: String, database: _Database?) -> OCKStoreChangeNotifier {
        notifier(forFile: path, makeWatcher: _DataVersionWatcher.init) { watcher in
            if let database { watcher.add(database) }
        }
    }
}
