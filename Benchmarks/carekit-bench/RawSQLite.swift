import CSQLite
import Foundation

/// `SQLITE_TRANSIENT` (the macro is not imported): SQLite copies the bytes.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

struct RawSQLiteError: Error, CustomStringConvertible {
    let description: String
}

/// The baselines' SQLite: the C API with prepared statements and nothing in between, the
/// fastest a hand-written program could be. Used from one task at a time.
final class RawDatabase {
    private(set) var handle: OpaquePointer?

    /// Opens `path` the way the store opens its file: WAL, `synchronous=FULL`, foreign keys on.
    init(path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw RawSQLiteError(description: "\(path): \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 5_000)
        let mode = try prepare("PRAGMA journal_mode=WAL")
        _ = try mode.step()
        try execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    private var message: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw RawSQLiteError(description: "\(sql.prefix(60)): \(message)")
        }
    }

    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw RawSQLiteError(description: "\(sql.prefix(60)): \(message)")
        }
        return RawStatement(statement, database: self)
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    func errorMessage() -> String { message }

    /// A single integer from a query.
    func scalar(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { throw RawSQLiteError(description: "\(sql): no row") }
        return statement.int64(0)
    }

    /// Copies the database at `source` (which may be open elsewhere, in WAL mode) to `target`
    /// with `VACUUM INTO`: the same schema, indexes and rows, in one consistent snapshot.
    static func copy(_ source: String, to target: String) throws {
        let database = try RawDatabase(path: source)
        defer { database.close() }
        try? FileManager.default.removeItem(atPath: target)
        try database.execute("VACUUM INTO '\(target.replacingOccurrences(of: "'", with: "''"))'")
    }
}

final class RawStatement {
    private var handle: OpaquePointer?
    private let database: RawDatabase

    init(_ handle: OpaquePointer, database: RawDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func reset() { sqlite3_reset(handle) }

    @discardableResult
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw RawSQLiteError(description: database.errorMessage())
        }
    }

    func bind(_ value: Int64, _ index: Int32) { sqlite3_bind_int64(handle, index, value) }
    func bind(_ value: Int, _ index: Int32) { sqlite3_bind_int64(handle, index, Int64(value)) }
    func bind(_ value: Double, _ index: Int32) { sqlite3_bind_double(handle, index, value) }
    func bindNull(_ index: Int32) { sqlite3_bind_null(handle, index) }
    func bind(_ value: String, _ index: Int32) { sqlite3_bind_text(handle, index, value, -1, transient) }
    func bind(_ value: String?, _ index: Int32) { if let value { bind(value, index) } else { bindNull(index) } }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: text)
    }
}
