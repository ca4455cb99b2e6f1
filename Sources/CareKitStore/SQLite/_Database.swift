import CareKitLocalization
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A connection and the serial queue that owns it. The connection is only touched on the queue.
final class _ConnectionQueue: @unchecked Sendable {
    let queue: DispatchQueue
    let connection: _SQLiteConnection

    init(label: String, connection: _SQLiteConnection) {
        self.queue = DispatchQueue(label: label)
        self.connection = connection
    }
}

/// The store's SQLite database: one writer and, on disk, a few readers that WAL lets run while
/// a write is in progress. Work runs on the connections' own queues, never on the main queue.
final class _Database: Sendable {
    let path: String
    private let writer: _ConnectionQueue
    private let readers: [_ConnectionQueue]
    private let nextReader = Atomic<Int>(0)
    /// The writer's `PRAGMA data_version` when last looked at (only touched on its queue).
    private let writerDataVersion = Mutex<Int64?>(nil)
    /// Why every write is refused (a read-only or damaged store), or nil when writes may run;
    /// a refused write's error adds that nothing was written.
    let writeRefusal: WriteRefusal?
    /// What SQLite's `quick_check` found wrong with the file when it was opened, or nil.
    let damage: String?

    /// Opens the database at `path` (or in memory), creating or migrating the schema.
    init(path: String?, options: OCKStoreOpenOptions = [.createIfMissing], readerCount: Int = 2) throws(OCKStoreError) {
        self.path = path ?? ":memory:"
        do {
            var plan = _OpenPlan(access: .readWrite, readOnlyReason: nil)
            if let path {
                try Self.prepareFile(at: path, options: options)
                plan = _OpenPlan.plan(path: path, options: options, files: _OpenPlan.Files(path: path))
            }
            let (name, flags) = plan.openArguments(path: self.path)
            let writerConnection = try _SQLiteConnection(name: name, flags: flags)
            // Read-only checks first: a file that is not ours is refused before anything
            // (switching it to WAL included) could change it.
            let version = try Self.schemaVersion(writerConnection, path: self.path)
            let damage = path == nil ? nil : try Self.quickCheck(writerConnection)
            self.damage = damage
            if let damage {
                writeRefusal = .damaged(path: self.path, findings: damage)
            } else {
                writeRefusal = plan.readOnlyReason.map(WriteRefusal.readOnly)
            }
            if plan.access == .readWrite && damage == nil {
                try Self.configure(writerConnection, isOnDisk: path != nil)
                // The writer's page cache: outcomes written elsewhere (imported, synchronized from
                // Apple's CareKit) are indexed by random UUID text, so each insert dirties a
                // scattered leaf page of two indexes (the uuids CareKit makes here are time-ordered
                // and land at their ends). With SQLite's default 2 MiB cache
                // those pages are spilled and rewritten within a batch; 32 MiB (allocated only as
                // pages are used) keeps a large store's index pages between writes. The write-ahead
                // log is checkpointed at 8,192 pages (32 MiB) instead of 1,000: a page that batch
                // after batch dirties is copied into the file once per checkpoint, not once per
                // four batches (part 1 of carekit-bench: 19.3 → 13.3 KiB written per outcome).
                try writerConnection.execute("PRAGMA cache_size=-32768; PRAGMA wal_autocheckpoint=8192;")
                try Self.migrate(writerConnection, path: self.path)
                if let path { try Self.checkIdentity(writerConnection, path: path) }
            } else if version < _Schema.oldestReadableVersion && damage == nil {
                let readOnly = plan.readOnlyReason?.text ?? loc("it is read-only.")
                throw OCKStoreError.fetchFailed(
                    reason: version == 0
                        ? loc("The file {path} is empty, not a CareKit store yet, and it cannot be made one: {reason}", ["path": self.path, "reason": readOnly])
                        : loc(
                            "The store {path} has schema version {version} and must be upgraded to {current} before it can be read, which needs writing: {reason} The file was left untouched.",
                            ["path": self.path, "version": String(version), "current": String(_Schema.currentVersion), "reason": readOnly]))
            } else {
                try writerConnection.execute("PRAGMA foreign_keys=ON;")
            }
            writer = _ConnectionQueue(label: "CareKitStore.writer", connection: writerConnection)
            writerDataVersion.withLock { $0 = try? writerConnection.scalarInt("PRAGMA data_version") }
            if path != nil {
                readers = try (0..<max(readerCount, 1)).map { index in
                    let connection = try _SQLiteConnection(name: name, flags: flags)
                    if plan.access == .readWrite && damage == nil {
                        try Self.configure(connection, isOnDisk: true)
                    } else {
                        try connection.execute("PRAGMA foreign_keys=ON;")
                    }
                    return _ConnectionQueue(label: "CareKitStore.reader\(index)", connection: connection)
                }
            } else {
                readers = []
            }
        } catch let error as OCKStoreError {
            throw error
        } catch let error as _SQLiteError {
            throw Self.openingError(error, path: self.path)
        } catch {
            throw .fetchFailed(reason: loc("Could not open the store at {path}: {error}", ["path": self.path, "error": "\(error)"]))
        }
    }

    static func openingError(_ error: _SQLiteError, path: String) -> OCKStoreError {
        if error.isNotADatabase {
            return .fetchFailed(
                reason: loc(
                    "The file at {path} is not a CareKit store, or is damaged beyond reading (SQLite says: {message}). Choose another path, or restore the file from a backup.",
                    ["path": path, "message": error.message]))
        }
        if let plain = plainReason(error, file: path) {
            return .fetchFailed(reason: loc("The store could not be opened: {reason}. Nothing was read or changed.", ["reason": plain]))
        }
        return .fetchFailed(reason: loc("Could not open the store at {path}: {message} (SQLite code {code}).", ["path": path, "message": error.message, "code": String(error.code)]))
    }

    /// What `PRAGMA quick_check` finds wrong (its first findings, in a sentence ending with a
    /// full stop), or nil when the file is sound. The check reads every page but does not
    /// compare indexes with their tables, which `integrity_check` would also do at several
    /// times the cost.
    private static func quickCheck(_ connection: _SQLiteConnection) throws(_SQLiteError) -> String? {
        let statement = try connection.prepare("PRAGMA quick_check(4)")
        defer { statement.reset() }
        var findings: [String] = []
        do {
            while try statement.step() { findings.append(statement.string(0)) }
        } catch  where error.isCorrupt || error.isNotADatabase {
            findings.append(error.message)
        }
        findings.removeAll { $0 == "ok" || isFalseNullReport($0, connection: connection) }
        guard !findings.isEmpty else { return nil }
        return findings.map { "\"\($0)\"" }.joined(separator: "; ") + "."
    }

    /// Whether a quick_check finding "NULL value in table.column" is wrong. SQLite 3.40's
    /// quick_check reports it for every row of a WITHOUT ROWID table whose primary key lists
    /// its columns in another order than the table does (our `tag` table), where
    /// `integrity_check` finds nothing; a query for the NULL settles it.
    private static func isFalseNullReport(_ finding: String, connection: _SQLiteConnection) -> Bool {
        guard finding.hasPrefix("NULL value in ") else { return false }
        let parts = finding.dropFirst("NULL value in ".count).split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        guard let nulls = try? connection.scalarInt("SELECT count(*) FROM \(quoted(parts[0])) WHERE \(quoted(parts[1])) IS NULL") else { return false }
        return nulls == 0
    }

    /// Creates the folder (0700) and an empty file (0600) before SQLite does, so the database,
    /// and the WAL and shared-memory files SQLite derives from it (with the database file's
    /// mode), are private to the user. A file that exists keeps the mode it has: its owner
    /// chose it, and a read-only file is opened read-only (see ``_OpenPlan``).
    private static func prepareFile(at path: String, options: OCKStoreOpenOptions) throws(OCKStoreError) {
        if let kind = notARegularFile(path) {
            throw .fetchFailed(reason: loc("{path} is {kind}, not a store file; nothing was opened. Give the path of a file.", ["path": path, "kind": kind]))
        }
        guard !FileManager.default.fileExists(atPath: path) else { return }
        guard options.contains(.createIfMissing) && !options.contains(.readOnly) else {
            throw .fetchFailed(reason: loc("There is no store at {path}. Check the path; nothing was created.", ["path": path]))
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .fetchFailed(reason: loc("Could not create the folder {folder} for the store: {error}", ["folder": directory, "error": error.localizedDescription]))
            }
        }
        // O_EXCL: if another process created the file a moment ago, that one is used as it is.
        let descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 || errno == EEXIST else {
            throw .fetchFailed(reason: loc("Could not create the store file {path}: {error}.", ["path": path, "error": String(cString: strerror(errno))]))
        }
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// What `path` is in words (in the current language) when it exists and is not a regular
    /// file (a pipe, a folder, a device, a socket: opening one could wait forever or read
    /// someone else's bytes), else nil.
    static func notARegularFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return loc("a pipe (FIFO)")
        case S_IFDIR: return loc("a folder")
        case S_IFSOCK: return loc("a socket")
        case S_IFCHR, S_IFBLK: return loc("a device")
        default: return loc("not a regular file")
        }
    }

    private static func switchToWAL(_ connection: _SQLiteConnection, until deadline: Date) throws {
        var pause: UInt32 = 1_000
        while true {
            let mode = try connection.prepare("PRAGMA journal_mode=WAL")
            let result = Result { () throws(_SQLiteError) in _ = try mode.step() }
            mode.reset()
            switch result {
            case .success: return
            case .failure(let error) where error.isBusy && Date() < deadline:
                usleep(pause)
                pause = min(pause * 2, 50_000)
            case .failure(let error): throw error
            }
        }
    }

    private static func configure(_ connection: _SQLiteConnection, isOnDisk: Bool) throws {
        if isOnDisk {
            // WAL: readers never wait for the writer. FULL: a commit is on disk before it returns.
            // Switching a new file to WAL reads its header and then writes it; SQLite refuses that
            // upgrade at once, without waiting, while another connection (another program
            // opening the same new file) holds the write lock, so the switch is tried again
            // until that connection is done, for as long as a busy lock is waited for elsewhere.
            try switchToWAL(connection, until: Date().addingTimeInterval(5))
        }
        try connection.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
    }

    /// The file's CareKit schema version (0 for a new, empty file). Throws, changing nothing,
    /// when the file belongs to another program or to a newer CareKit.
    private static func schemaVersion(_ connection: _SQLiteConnection, path: String) throws -> Int {
        // One statement, so one snapshot: another process creating the schema cannot commit
        // between reading the header and counting the tables.
        let statement = try connection.prepare(
            """
            SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version()),
                   (SELECT count(*) FROM sqlite_master)
            """)
        defer { statement.reset() }
        _ = try statement.step()
        let applicationID = statement.int64(0)
        let version = statement.int(1)
        let tableCount = statement.int64(2)
        if applicationID != _Schema.applicationID && (applicationID != 0 || tableCount > 0) {
            throw OCKStoreError.fetchFailed(reason: loc("The file at {path} is a SQLite database that does not belong to CareKit; it was left untouched. Choose another path.", ["path": path]))
        }
        if version > _Schema.currentVersion {
            throw OCKStoreError.fetchFailed(
                reason: loc(
                    "The store at {path} was written by a newer version of CareKit (schema {version}; this version understands up to {current}). Update CareKit to open it; the file was left untouched.",
                    ["path": path, "version": String(version), "current": String(_Schema.currentVersion)]))
        }
        return version
    }

    private static func migrate(_ connection: _SQLiteConnection, path: String) throws {
        guard try schemaVersion(connection, path: path) < _Schema.currentVersion else { return }
        try connection.transaction {
            // Another connection (another process) may have created or migrated the schema
            // since the check above: look again now that this one holds the write lock.
            let version = try schemaVersion(connection, path: path)
            guard version < _Schema.currentVersion else { return }
            for step in version..<_Schema.currentVersion {
                try connection.execute(_Schema.migrations[step])
            }
            for fill in _Schema.fills where fill.version > version { try fill.fill(connection) }
            try connection.execute("PRAGMA application_id=\(_Schema.applicationID); PRAGMA user_version=\(_Schema.currentVersion);")
            if version == 0 {
                let statement = try connection.prepare("INSERT INTO meta(key, value) VALUES ('process_uuid', ?)")
                statement.bind(UUID().uuidString, at: 1)
                try statement.run()
            }
        }
    }

    /// A copied or restored file takes a new process id (see ``_ProcessIdentity``): looked at
    /// without a transaction, written in one only when the file is not the one last recorded.
    private static func checkIdentity(_ connection: _SQLiteConnection, path: String) throws {
        let recorded = try connection.prepare("SELECT value FROM meta WHERE key = 'file_identity'")
        let current = try recorded.step() ? recorded.string(0) : nil
        recorded.reset()
        guard let identity = _ProcessIdentity.fileIdentity(path: path), identity != current else { return }
        try connection.transaction { _ = try _ProcessIdentity.checkFile(path: path, connection: connection) }
    }

    /// Closes every connection. Waits for work in progress to finish first.
    func close() {
        writer.queue.sync { writer.connection.close() }
        for reader in readers { reader.queue.sync { reader.connection.close() } }
    }

    /// Whether a connection other than this database's writer committed to the file since the
    /// last call (or since opening): another process, or another `OCKStore` on the same file.
    /// SQLite changes a connection's `data_version` only for other connections' commits, so the
    /// writer's own commits never count. Nil once the database is closed.
    func otherConnectionCommitted() async -> Bool? {
        let target = writer
        return await withCheckedContinuation { continuation in
            target.queue.async { [self] in
                guard let current = try? target.connection.scalarInt("PRAGMA data_version") else {
                    continuation.resume(returning: nil)
                    return
                }
                let changed = self.writerDataVersion.withLock { last in
                    defer { last = current }
                    return last != current
                }
                continuation.resume(returning: changed)
            }
        }
    }

    /// The SQLite virtual-machine steps every connection of this database has run so far.
    func virtualMachineSteps() async -> Int64 {
        var total: Int64 = 0
        for target in [writer] + readers {
            total += await withCheckedContinuation { continuation in
                target.queue.async { continuation.resume(returning: target.connection.virtualMachineSteps) }
            }
        }
        return total
    }

    // MARK: Running work

    private func readerQueue() -> _ConnectionQueue {
        guard !readers.isEmpty else { return writer }
        let index = nextReader.add(1, ordering: .relaxed).oldValue
        return readers[index % readers.count]
    }

    /// Runs `body` on a reader (inside a read transaction, so it sees one snapshot) and
    /// delivers its result to `completion` on the reader's queue.
    ///
    /// The queue runs outside the caller's task: the caller's language
    /// (``OCKLocalization/language``) goes with the work, so that a failure's reason is in it.
    func read<T>(_ body: @escaping @Sendable (_SQLiteConnection) throws -> T, completion: @escaping @Sendable (Result<T, OCKStoreError>) -> Void) {
        let (target, file, language) = (readerQueue(), path, OCKLocalization.language)
        target.queue.async {
            OCKLocalization.$language.withValue(language) {
                completion(Self.run(on: target.connection, file: file, kind: .fetch, immediate: false, body))
            }
        }
    }

    /// Runs `body` on the writer in one immediate transaction: all of it lands or none of it.
    /// The caller's language goes with the work, as for ``read(_:completion:)``.
    /// `flushed: false`: see ``writeUnflushed(_:_:)``.
    func write<T>(
        _ kind: _WriteKind, flushed: Bool = true, _ body: @escaping @Sendable (_SQLiteConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, OCKStoreError>) -> Void
    ) {
        let (target, file, refusal, language) = (writer, path, writeRefusal, OCKLocalization.language)
        target.queue.async {
            OCKLocalization.$language.withValue(language) {
                if let refusal { return completion(.failure(kind.error(refusal.refusedWrite))) }
                // The writer's queue runs one transaction at a time: the setting holds for this
                // one and is set back before the next (if setting it fails, the commit is flushed).
                let unflushed = !flushed && (try? target.connection.execute("PRAGMA synchronous=NORMAL")) != nil
                let result = Self.run(on: target.connection, file: file, kind: kind, immediate: true, body)
                if unflushed { Self.restoreFlushing(target.connection) }
                completion(result)
            }
        }
    }

    /// Sets the writer back to flushing every commit. A connection that cannot be set back
    /// (SQLite refuses only when out of memory) is left flushing by closing it: a store
    /// that cannot write is better than one whose writes are not durable.
    private static func restoreFlushing(_ connection: _SQLiteConnection) {
        if (try? connection.execute("PRAGMA synchronous=FULL")) == nil { connection.close() }
    }

    /// Like ``write(_:_:completion:)``, but the commit is not flushed to the disk (`PRAGMA
    /// synchronous=NORMAL` for this one transaction; not OFF, whose checkpoints do not flush
    /// the file either and can corrupt it in a power cut): it survives the program ending or crashing,
    /// and the next flushed commit makes it durable with itself (the write-ahead log is flushed
    /// whole), but a power cut or a crash of the system before that may undo it. Only for a
    /// write whose loss the store recovers from by itself: a remote's acknowledgment of a push.
    func writeUnflushed<T: Sendable>(_ kind: _WriteKind, _ body: @escaping @Sendable (_SQLiteConnection) throws -> T) async throws(OCKStoreError) -> T {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                write(kind, flushed: false, body) { continuation.resume(with: $0) }
            }
        } catch { throw error as? OCKStoreError ?? kind.error("\(error)") }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (_SQLiteConnection) throws -> T) async throws(OCKStoreError) -> T {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                read(body) { continuation.resume(with: $0) }
            }
        } catch { throw error as? OCKStoreError ?? .fetchFailed(reason: "\(error)") }
    }

    func write<T: Sendable>(_ kind: _WriteKind, _ body: @escaping @Sendable (_SQLiteConnection) throws -> T) async throws(OCKStoreError) -> T {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                write(kind, body) { continuation.resume(with: $0) }
            }
        } catch { throw error as? OCKStoreError ?? kind.error("\(error)") }
    }

    /// Runs synchronously on the writer's queue; for maintenance such as reset.
    func writeSync<T>(_ kind: _WriteKind, _ body: (_SQLiteConnection) throws -> T) -> Result<T, OCKStoreError> {
        if let writeRefusal { return .failure(kind.error(writeRefusal.refusedWrite)) }
        return writer.queue.sync { Self.run(on: writer.connection, file: path, kind: kind, immediate: true, body) }
    }

    private static func run<T>(on connection: _SQLiteConnection, file: String, kind: _WriteKind, immediate: Bool, _ body: (_SQLiteConnection) throws -> T) -> Result<T, OCKStoreError> {
        do {
            return .success(try connection.transaction(immediate: immediate) { try body(connection) })
        } catch let error as OCKStoreError {
            return .failure(error)
        } catch let error as _SQLiteError {
            let arguments: KeyValuePairs<String, String> = ["message": error.message, "code": String(error.code)]
            if error.isBusy {
                return .failure(
                    .timedOut(
                        reason: immediate
                            ? loc("The store is locked by another program or process and stayed locked for 5 seconds; nothing was written. Try again.")
                            : loc("The store is locked by another program or process and stayed locked for 5 seconds, so it could not be read. Try again.")))
            }
            if error.isCorrupt {
                return .failure(
                    kind.error(
                        immediate
                            ? loc(
                                "The store is damaged: SQLite found \"{message}\" (code {code}). Nothing was written. Restore the file from a backup, or save what can still be read with `carekit export` (OCKStore.exportReadableVersions()) and import it into a new store.",
                                arguments)
                            : loc(
                                "The store is damaged: SQLite found \"{message}\" (code {code}). Restore the file from a backup, or save what can still be read with `carekit export` (OCKStore.exportReadableVersions()) and import it into a new store.",
                                arguments)))
            }
            if error.isReadOnly && immediate {
                return .failure(
                    kind.error(loc("The store cannot be written: {message} (SQLite code {code}); its file, its folder or its -shm file is read-only. Nothing was written.", arguments)))
            }
            if error.isDiskFull || error.isIOError, let plain = plainReason(error, file: file) {
                return .failure(
                    kind.error(immediate ? loc("Nothing was written: {reason}.", ["reason": plain]) : loc("The store could not be read: {reason}.", ["reason": plain])))
            }
            return .failure(kind.error(loc("The database refused the operation: {message} (SQLite code {code}). Nothing was written.", arguments)))
        } catch {
            return .failure(kind.error("\(error)"))
        }
    }
}
