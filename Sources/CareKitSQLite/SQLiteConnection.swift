import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: the macro is not imported, so it is spelled out (SQLite copies the bytes).
let _sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

// The SQLite C API seen from Swift: connections, prepared statements, typed binding and
// reading, transactions. The seam every SQLite user of the project shares (CareKitStore, the
// sync server); nothing here knows CareKit.

/// A failure reported by SQLite, with its result code and message.
package struct SQLiteError: Error, CustomStringConvertible {
    package let code: Int32
    package let message: String
    /// The operating system's error number behind an I/O failure (`sqlite3_system_errno`), or 0.
    package let systemErrno: Int32

    package init(code: Int32, message: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }
    package var description: String { "SQLite error \(code): \(message)" }

    /// Whether the file is not a database (or is encrypted, or is corrupt beyond reading).
    package var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }
    /// Whether SQLite found the file damaged (`SQLITE_CORRUPT`).
    package var isCorrupt: Bool { code & 0xFF == SQLITE_CORRUPT }
    /// Whether SQLite refused to write a read-only file (`SQLITE_READONLY` and its extended codes).
    package var isReadOnly: Bool { code & 0xFF == SQLITE_READONLY }
    /// Whether a UNIQUE or PRIMARY KEY constraint refused the statement
    /// (`SQLITE_CONSTRAINT_UNIQUE` = 2067, `SQLITE_CONSTRAINT_PRIMARYKEY` = 1555; macros, not imported).
    package var isUniqueViolation: Bool { code == 2067 || code == 1555 }

    /// Whether the operating system failed to read or write the file (`SQLITE_IOERR` and its
    /// extended codes).
    package var isIOError: Bool { code & 0xFF == SQLITE_IOERR }

    /// Whether another connection held a lock for longer than the busy timeout.
    package var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    /// Whether the disk (or the user's quota) is full: `SQLITE_FULL`, or an I/O error whose
    /// cause is `ENOSPC` or `EDQUOT` (SQLite says "disk I/O error" when its -shm file cannot grow).
    package var isDiskFull: Bool { code & 0xFF == SQLITE_FULL || systemErrno == ENOSPC || systemErrno == EDQUOT }

    /// A cause of failure that lies outside the program, which a person can act on.
    package enum OutsideCause: Equatable, Sendable {
        /// The disk (or the user's quota) is full.
        case diskFull
        /// Another program held a lock for longer than the busy timeout.
        case lockedByAnotherProgram
        /// The disk could not read or write; the operating system's words for why, if it said.
        case diskError(String?)
    }

    /// The cause of the failure when it lies outside the program (a full disk, a lock held by
    /// another program, a failing disk); nil otherwise. ``plainReason(file:)`` says it in words.
    package var outsideCause: OutsideCause? {
        if isDiskFull { return .diskFull }
        if isBusy { return .lockedByAnotherProgram }
        if code & 0xFF == SQLITE_IOERR { return .diskError(systemErrno == 0 ? nil : String(cString: strerror(systemErrno))) }
        return nil
    }

    /// What happened to `file`, in English words a person can act on, when the cause lies
    /// outside the program (``outsideCause``); nil otherwise. A clause without a full stop, to
    /// be put in a sentence.
    package func plainReason(file: String) -> String? {
        switch outsideCause {
        case .diskFull:
            return "the disk that holds \(file) is full (or your quota is used up); free some space (`df -h \((file as NSString).deletingLastPathComponent)` shows what is left) and try again"
        case .lockedByAnotherProgram:
            return
                "another program holds \(file) locked and did not let go in time (a sqlite3 shell with an open transaction, a backup or copy in progress, another carekit on the file); close it or let it finish, and try again"
        case .diskError(let cause):
            return "the disk could not read or write \(file)\(cause.map { " (\($0))" } ?? ""); check the disk and its file system (`dmesg` may say more), and try again"
        case nil:
            return nil
        }
    }
}

/// One SQLite connection. Not thread-safe: each connection is used by one serial queue only.
package final class SQLiteConnection {
    package private(set) var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    /// The virtual-machine steps SQLite ran for this connection's prepared statements, counted
    /// as each is reset: a measure of the work a query did (rows visited, index probes) that
    /// does not depend on how busy the machine is, for tests that check how work grows.
    package internal(set) var virtualMachineSteps: Int64 = 0

    /// Opens (creating if needed) the database at `path`; `":memory:"` for a private in-memory one.
    package convenience init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        try self.init(name: path, flags: flags)
    }

    /// Opens the database `name` (a path, or a `file:` URI with `SQLITE_OPEN_URI`) with `flags`.
    package init(name path: String, flags: Int32) throws(SQLiteError) {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: code, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        // Wait for other processes' locks instead of failing at once.
        sqlite3_busy_timeout(db, 5_000)
    }

    deinit { close() }

    /// Finalizes every statement and closes the connection.
    package func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    package var lastError: SQLiteError {
        guard let handle else { return SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed") }
        return SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), systemErrno: sqlite3_system_errno(handle))
    }

    /// Runs one or more statements without results.
    package func execute(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw lastError }
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(errorMessage)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// A prepared statement for `sql`, cached for reuse and reset before it is returned.
    package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        guard let handle else { throw lastError }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw lastError }
        let wrapped = SQLiteStatement(statement, connection: self)
        // Queries built with variable-length IN lists are not worth keeping forever.
        if statements.count < 512 { statements[sql] = wrapped }
        return wrapped
    }

    /// Runs `body` in one transaction: all of it lands, or none of it does.
    package func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            resetStatements()
            do {
                try execute("COMMIT")
            } catch  where !immediate {
                // A read transaction commits nothing: what it read stands even when SQLite
                // refuses to end it normally (it does after a statement met a damaged page).
                try? execute("ROLLBACK")
            }
            return result
        } catch {
            resetStatements()
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Resets every cached statement, so none holds a lock or an old snapshot.
    package func resetStatements() {
        for statement in statements.values { statement.reset() }
    }

    /// The number of rows the last statement changed.
    package var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// The row id of the last insert.
    package var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// A single integer from a query such as `PRAGMA user_version`.
    package func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int64(0)
    }
}

/// A prepared statement with typed binding and reading. Indices are 1-based for binding and
/// 0-based for columns, as in SQLite's C API.
package final class SQLiteStatement {
    private var handle: OpaquePointer?
    private unowned let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { finalize() }

    package func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    package func reset() {
        collectSteps()
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Adds the steps this statement ran since the last collection to its connection's count.
    private func collectSteps() {
        guard let handle else { return }
        connection.virtualMachineSteps &+= Int64(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1))
    }

    /// Advances to the next row; false when the statement is done.
    @discardableResult
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.lastError
        }
    }

    /// Runs the statement to completion, ignoring rows, and resets it (values unbound), so
    /// that it can take new values and run again: values bound to a statement that ran and
    /// was not reset are silently refused by SQLite, and the next run repeats the old ones.
    package func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    // MARK: Binding

    package func bind(_ value: Int, at index: Int32) { sqlite3_bind_int64(handle, index, Int64(value)) }
    package func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }
    package func bind(_ value: Bool, at index: Int32) { sqlite3_bind_int64(handle, index, value ? 1 : 0) }
    package func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }
    package func bind(_ value: Date, at index: Int32) { sqlite3_bind_double(handle, index, value.timeIntervalSinceReferenceDate) }
    package func bind(_ value: UUID, at index: Int32) { bind(value.uuidString, at: index) }
    package func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }

    /// Binds text by its exact UTF-8 bytes, so embedded NUL characters survive.
    package func bind(_ value: String, at index: Int32) {
        var value = value
        value.withUTF8 { buffer in
            if let base = buffer.baseAddress, buffer.count > 0 {
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                    _ = sqlite3_bind_text(handle, index, pointer, Int32(buffer.count), _sqliteTransient)
                }
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, _sqliteTransient)
            }
        }
    }

    package func bind(_ value: Data, at index: Int32) {
        value.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress, buffer.count > 0 {
                _ = sqlite3_bind_blob(handle, index, base, Int32(buffer.count), _sqliteTransient)
            } else {
                _ = sqlite3_bind_zeroblob(handle, index, 0)
            }
        }
    }

    package func bind(_ value: String?, at index: Int32) { if let value { bind(value, at: index) } else { bindNull(at: index) } }
    package func bind(_ value: Date?, at index: Int32) { if let value { bind(value, at: index) } else { bindNull(at: index) } }
    package func bind(_ value: UUID?, at index: Int32) { if let value { bind(value, at: index) } else { bindNull(at: index) } }
    package func bind(_ value: Int?, at index: Int32) { if let value { bind(value, at: index) } else { bindNull(at: index) } }
    package func bind(_ value: Double?, at index: Int32) { if let value { bind(value, at: index) } else { bindNull(at: index) } }

    /// Binds a list of values to consecutive parameters starting at `index`; returns the next index.
    package func bind(values: [SQLiteValue], from index: Int32) -> Int32 {
        var index = index
        for value in values {
            value.bind(to: self, at: index)
            index += 1
        }
        return index
    }

    // MARK: Reading

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    package func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    package func date(_ column: Int32) -> Date { Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, column)) }
    package func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }
    package func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    package func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    package func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    package func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }

    package func uuid(_ column: Int32) -> UUID? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return _UUIDText.parse(UnsafeBufferPointer(start: text, count: count))
    }

    package func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

/// A value to bind into a dynamically built query.
package enum SQLiteValue {
    case text(String)
    case integer(Int64)
    case real(Double)
    case blob(Data)
    case null

    package func bind(to statement: SQLiteStatement, at index: Int32) {
        switch self {
        case .text(let value): statement.bind(value, at: index)
        case .integer(let value): statement.bind(value, at: index)
        case .real(let value): statement.bind(value, at: index)
        case .blob(let value): statement.bind(value, at: index)
        case .null: statement.bindNull(at: index)
        }
    }
}
