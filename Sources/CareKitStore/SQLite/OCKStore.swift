import Foundation
import Synchronization

/// Where an ``OCKStore`` keeps its data.
public enum OCKStoreType: Hashable, Sendable {
    /// In memory only: gone when the store is released.
    case inMemory
    /// In a file under the data directory (see ``OCKStore/defaultDirectory(environment:)``).
    case onDisk
}

/// CareKit's name for ``OCKStoreType``.
public typealias OCKCoreDataStoreType = OCKStoreType

/// CareKit's append-only, versioned store of patients, care plans, contacts, tasks and
/// outcomes, on SQLite.
///
/// Updates append versions and deletes append tombstones; queries with a date interval see the
/// store as it was at the end of that interval. Every write is one transaction. The store is
/// safe to use from many tasks at once; work runs on its own queues, never the main queue.
public final class OCKStore: OCKStoreProtocol, OCKObservableStore, Hashable, Sendable {

    /// The store's name; on disk, the file is `<name>.sqlite`.
    public let name: String
    /// In memory or on disk.
    public let storeType: OCKStoreType
    /// The database file, or nil in memory.
    public let url: URL?

    let clock: @Sendable () -> Date
    let cache = _VersionCache()
    private let state: _StoreState
    /// Shared by every store open on the same file in this process.
    let changeNotifier: OCKStoreChangeNotifier
    /// The remote this store synchronizes with, if any (see ``synchronize()``).
    public let remote: (any OCKRemoteSynchronizable)?
    let synchronization = _SynchronizationState()

    /// Opens (creating if needed) the store `name`. On disk, the file is `<name>.sqlite` in
    /// `directory`, by default the `CareKit` folder of the XDG data directory.
    ///
    /// Opening never traps: if the file cannot be used (it is not a CareKit store, or was
    /// written by a newer version), every operation fails with a reason; ``openingError`` and
    /// ``ensureOpen()`` tell it at once.
    ///
    /// With a `remote`, ``synchronize()`` exchanges versions with it, and when the remote
    /// ``OCKRemoteSynchronizable/automaticallySynchronizes`` the store synchronizes by itself
    /// shortly after its writes. The store becomes the remote's delegate unless it has one.
    public init(
        name: String, type: OCKStoreType = .onDisk, remote: (any OCKRemoteSynchronizable)? = nil, directory: URL? = nil,
        options: OCKStoreOpenOptions = [.createIfMissing], clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.name = name
        self.storeType = type
        self.clock = clock
        self.remote = remote
        switch type {
        case .inMemory:
            url = nil
            changeNotifier = OCKStoreChangeNotifier()
            state = _StoreState(Result { () throws(OCKStoreError) in try _Database(path: nil) })
        case .onDisk:
            if let problem = Self.fileNameProblem(name) {
                url = nil
                changeNotifier = OCKStoreChangeNotifier()
                state = _StoreState(.failure(.fetchFailed(reason: problem)))
            } else {
                let folder = directory ?? Self.defaultDirectory()
                let file = folder.appendingPathComponent("\(name).sqlite")
                url = file
                state = _StoreState(Result { () throws(OCKStoreError) in try _Database(path: file.path, options: options) })
                changeNotifier = _StoreChangeCenter.shared.notifier(forFile: file.standardizedFileURL.path, database: try? state.database.get())
            }
        }
        adoptRemote()
    }

    /// Opens the store in the file at `url`, creating it if needed unless `options` leave out
    /// ``OCKStoreOpenOptions/createIfMissing``.
    ///
    /// The file is checked first (SQLite's `quick_check`): a damaged store is opened for
    /// reading only, so what can still be read can be saved (``exportReadableVersions()``),
    /// and every write fails with a reason that says so. A file or folder the user cannot write
    /// to is opened read-only too. An existing file's permissions are never changed.
    public init(
        url: URL, remote: (any OCKRemoteSynchronizable)? = nil, options: OCKStoreOpenOptions = [.createIfMissing],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.name = url.deletingPathExtension().lastPathComponent
        self.storeType = .onDisk
        self.url = url
        self.clock = clock
        self.remote = remote
        state = _StoreState(Result { () throws(OCKStoreError) in try _Database(path: url.path, options: options) })
        changeNotifier = _StoreChangeCenter.shared.notifier(forFile: url.standardizedFileURL.path, database: try? state.database.get())
        adoptRemote()
    }

    private func adoptRemote() {
        if let remote, remote.delegate == nil { remote.delegate = self }
    }

    /// CareKit 2's spelling of ``init(name:type:remote:directory:options:clock:)``.
    public convenience init(named name: String, type: OCKStoreType = .onDisk) {
        self.init(name: name, type: type)
    }

    /// `$XDG_DATA_HOME/CareKit`, or `~/.local/share/CareKit` when it is not set.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("CareKit", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/CareKit", isDirectory: true)
    }

    private static func fileNameProblem(_ name: String) -> String? {
        if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
            return loc("'{name}' cannot be used as a store name: it must be a plain file name (no '/', not empty). Pass `directory:` to choose the folder.", ["name": name])
        }
        return nil
    }

    /// Why the store could not be opened, or nil when it is usable.
    public var openingError: OCKStoreError? {
        if case .failure(let error) = state.database { return error }
        return nil
    }

    /// Throws the reason the store cannot be used, if any.
    public func ensureOpen() throws(OCKStoreError) {
        _ = try state.database.get()
    }

    /// Whether every write fails: the store was opened read-only (by choice, or because its
    /// file or folder cannot be written) or is damaged. ``writeRefusal`` says why.
    public var isReadOnly: Bool { writeRefusal != nil }

    /// Why writes fail, in words a person can act on (in the current language), or nil when the
    /// store can be written.
    public var writeRefusal: String? {
        (try? state.database.get())?.writeRefusal?.text
    }

    /// What SQLite's check of the file found wrong when the store was opened, or nil when the
    /// file is sound (or could not be opened at all; see ``openingError``).
    public var damage: String? {
        (try? state.database.get())?.damage
    }

    func database() throws(OCKStoreError) -> _Database {
        try state.database.get()
    }

    /// The work SQLite has done for this store so far, in virtual-machine steps (rows visited,
    /// index probes, values written), summed over its connections; 0 when it could not be opened.
    /// Unlike a timing it is the same on a busy machine, so tests and the benchmark use it to
    /// check that an operation's cost grows with its input and not faster.
    package func sqliteSteps() async -> Int64 {
        guard let database = try? database() else { return 0 }
        return await database.virtualMachineSteps()
    }

    /// Empties the store: every version of every entity is removed.
    public func reset() throws {
        let database = try database()
        try database.writeSync(.delete) { connection in
            try connection.execute(
                """
                DELETE FROM outcome_value; DELETE FROM outcome; DELETE FROM schedule_element; DELETE FROM task;
                DELETE FROM contact; DELETE FROM care_plan; DELETE FROM patient; DELETE FROM tag;
                """)
        }.get()
        cache.removeAll()
        changeNotifier.notify(.everything)
    }

    /// How many changes to this store's file this process has seen: it grows when a write
    /// through any `OCKStore` on the file commits (before the write's completion runs), and when
    /// another process's commit is noticed. A cache of anything read from the store can key on it.
    public var changeCount: Int { changeNotifier.changeCount }

    /// Yields after every committed write to this store's file, from any `OCKStore` in this
    /// process at once, and from other processes within a second.
    public func storeChanges() -> OCKStoreChangeStream {
        changeNotifier.changes()
    }

    /// The changes that may affect a query reading what `scope` describes; other writes do not
    /// wake the consumer.
    public func storeChanges(affecting scope: OCKQueryScope) -> OCKStoreChangeStream {
        changeNotifier.changes(affecting: scope)
    }

    /// Closes the database (SQLite then folds the WAL back into the file). Later calls fail
    /// with a reason; open a new `OCKStore` to use the file again.
    public func close() {
        if let database = try? database() { database.close() }
        state.markClosed { loc("This store was closed; open a new OCKStore to use the file again.") }
    }

    /// Closes the store and removes its files. The object cannot be used afterwards.
    public func delete() throws {
        guard let url else {
            try reset()
            return
        }
        if let database = try? database() { database.close() }
        state.markClosed { loc("This store was deleted; open a new OCKStore to use the file again.") }
        for suffix in ["", "-wal", "-shm"] {
            let path = url.path + suffix
            if FileManager.default.fileExists(atPath: path) {
                do {
                    try FileManager.default.removeItem(atPath: path)
                } catch {
                    throw OCKStoreError.deleteFailed(reason: loc("Could not remove {path}: {error}", ["path": path, "error": error.localizedDescription]))
                }
            }
        }
    }

    public static func == (lhs: OCKStore, rhs: OCKStore) -> Bool {
        lhs === rhs || (lhs.url != nil && lhs.url?.standardizedFileURL == rhs.url?.standardizedFileURL)
    }

    public func hash(into hasher: inout Hasher) {
        if let url { hasher.combine(url.standardizedFileURL) } else { hasher.combine(ObjectIdentifier(self)) }
    }

    // MARK: Running work

    /// Runs a read on one of the store's reader connections.
    func read<T: Sendable>(_ body: @escaping @Sendable (_SQLiteConnection) throws -> T) async throws(OCKStoreError) -> T {
        try await database().read(body)
    }

    /// Runs a write transaction on the writer connection and announces the change.
    func write<T: Sendable>(_ kind: _WriteKind, _ entity: OCKEntity.EntityType, _ body: @escaping @Sendable (_SQLiteConnection) throws -> T) async throws(OCKStoreError) -> T {
        try await write(kind, entity, scoped: { connection in (try body(connection), _WriteScope()) })
    }

    /// Runs a write transaction whose body also says what it touched (see ``OCKStoreChange``).
    func write<T: Sendable>(_ kind: _WriteKind, _ entity: OCKEntity.EntityType, scoped body: @escaping @Sendable (_SQLiteConnection) throws -> (T, _WriteScope)) async throws(OCKStoreError) -> T {
        let (result, scope) = try await database().write(kind, body)
        changeNotifier.notify(scope.change(of: entity))
        writeCommitted()
        return result
    }
}

/// What a write touched, as far as the writer knows (see ``OCKStoreChange``): nil fields mean
/// unknown.
struct _WriteScope: Sendable {
    var taskIDs: Set<String>?
    var eventSpan: DateInterval?

    /// Adds an outcome's task and event.
    mutating func include(task id: String, eventStart: Date, eventEnd: Date) {
        taskIDs?.insert(id)
        let start = min(eventStart, eventEnd), end = max(eventStart, eventEnd)
        eventSpan =
            eventSpan.map { DateInterval(start: min($0.start, start), end: max($0.end, end)) }
            ?? DateInterval(start: start, end: end)
    }

    func change(of entity: OCKEntity.EntityType) -> OCKStoreChange {
        OCKStoreChange(entityTypes: [entity], taskIDs: taskIDs, eventSpan: eventSpan)
    }
}

/// The opened database, or why there is none.
final class _StoreState: Sendable {
    private enum State {
        case opened(Result<_Database, OCKStoreError>)
        /// Closed or deleted: the reason, written when it is read, in the reader's language.
        case closed(@Sendable () -> String)
    }

    private let storage: Mutex<State>

    init(_ result: Result<_Database, OCKStoreError>) {
        storage = Mutex(.opened(result))
    }

    var database: Result<_Database, OCKStoreError> {
        switch storage.withLock({ $0 }) {
        case .opened(let result): return result
        case .closed(let reason): return .failure(.fetchFailed(reason: reason()))
        }
    }

    func markClosed(_ reason: @escaping @Sendable () -> String) {
        storage.withLock { $0 = .closed(reason) }
    }
}
