import CLibPQ
import Foundation

/// A failure of PostgreSQL: its message, its SQLSTATE, and whether the connection is gone.
package struct _PGError: Error, CustomStringConvertible {
    var message: String
    var sqlState: String?
    var connectionLost: Bool

    package var description: String { message }
    /// 23505: a unique constraint.
    var isUniqueViolation: Bool { sqlState == "23505" }
}

/// The rows of a result, as text (libpq's text format).
struct _PGRows {
    var rows: [[String?]]

    var count: Int { rows.count }
    subscript(row: Int, column: Int) -> String? { rows[row][column] }

    func int64(_ row: Int, _ column: Int) -> Int64 { Int64(rows[row][column] ?? "") ?? 0 }
    func double(_ row: Int, _ column: Int) -> Double { Double(rows[row][column] ?? "") ?? 0 }
    func string(_ row: Int, _ column: Int) -> String { rows[row][column] ?? "" }
}

/// One libpq connection. Not thread-safe: the pool hands it to one caller at a time.
/// Statements are prepared once per connection, by their text. `package`: the tests'
/// throwaway schemas (CareKitSyncTestSupport's `TestPostgres`) are made with it.
package final class _PGConnection {
    private let handle: OpaquePointer
    private var prepared: [String: String] = [:]

    package init(conninfo: String) throws(_PGError) {
        guard let handle = PQconnectdb(conninfo) else {
            throw _PGError(message: "libpq could not allocate a connection", sqlState: nil, connectionLost: true)
        }
        self.handle = handle
        guard PQstatus(handle) == CONNECTION_OK else {
            // Every property is set, so deinit closes the handle.
            let message = Self.message(PQerrorMessage(handle))
            throw _PGError(message: message, sqlState: nil, connectionLost: true)
        }
    }

    deinit { PQfinish(handle) }

    var isHealthy: Bool {
        PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE && PQpipelineStatus(handle) == PQ_PIPELINE_OFF
    }

    /// Runs statements without parameters (several, separated by semicolons).
    package func execute(_ sql: String) throws(_PGError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Runs one prepared statement with text parameters and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws(_PGError) -> _PGRows {
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "s\(prepared.count)"
            let result = PQprepare(handle, name, sql, Int32(parameters.count), nil)
            defer { PQclear(result) }
            try check(result)
            prepared[sql] = name
        }
        // Copies of the parameters as C strings, freed after the call.
        let buffers: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for buffer in buffers { free(buffer) } }
        let values: [UnsafePointer<CChar>?] = buffers.map { $0.map { UnsafePointer($0) } }
        let result = values.withUnsafeBufferPointer { pointer in
            PQexecPrepared(handle, name, Int32(parameters.count), pointer.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result)
        return Self.rows(of: result)
    }

    /// Runs several statements without parameters in one round trip (the simple query
    /// protocol; each statement takes its own snapshot) and returns the last one's rows. Stops
    /// at the first statement that fails, with its error. Only for text the server writes
    /// itself (numbers and uuids): nothing from a request is pasted into SQL.
    func lastRows(ofBatch sql: String) throws(_PGError) -> _PGRows {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
        return Self.rows(of: result)
    }

    /// Runs statements with text parameters in one round trip (libpq's pipeline mode) as one
    /// transaction: the protocol's implicit transaction up to the pipeline's sync, committed
    /// there when every statement succeeded and rolled back when one failed (the rest are then
    /// skipped). Each statement is planned with its parameters (none is prepared) and takes its
    /// own snapshot. Returns each statement's rows and the number of rows it changed.
    func pipelined(_ statements: [(sql: String, parameters: [String?])]) throws(_PGError) -> [(rows: _PGRows, changed: Int)] {
        guard PQenterPipelineMode(handle) == 1 else { throw failure() }
        defer { if PQpipelineStatus(handle) != PQ_PIPELINE_OFF { _ = PQexitPipelineMode(handle) } }
        for statement in statements {
            let buffers: [UnsafeMutablePointer<CChar>?] = statement.parameters.map { $0.map { strdup($0) } ?? nil }
            defer { for buffer in buffers { free(buffer) } }
            let values: [UnsafePointer<CChar>?] = buffers.map { $0.map { UnsafePointer($0) } }
            let sent = values.withUnsafeBufferPointer { pointer in
                PQsendQueryParams(handle, statement.sql, Int32(values.count), nil, pointer.baseAddress, nil, nil, 0)
            }
            guard sent == 1 else { throw failure() }
        }
        guard PQpipelineSync(handle) == 1 else { throw failure() }
        var results: [(rows: _PGRows, changed: Int)] = []
        var first: _PGError?
        for _ in statements {
            // Each statement's result, then a NULL that ends it.
            guard let result = PQgetResult(handle) else { throw failure() }
            let status = PQresultStatus(result)
            if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK {
                results.append((Self.rows(of: result), Int(String(cString: PQcmdTuples(result))) ?? 0))
            } else if status != PGRES_PIPELINE_ABORTED, first == nil {
                do { try check(result) } catch { first = error }
            }
            PQclear(result)
            while let extra = PQgetResult(handle) { PQclear(extra) }
        }
        // The sync: the transaction's end.
        guard let sync = PQgetResult(handle) else { throw failure() }
        let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        PQclear(sync)
        guard PQexitPipelineMode(handle) == 1 else { throw failure() }
        if let first { throw first }
        guard synced, results.count == statements.count else { throw failure() }
        return results
    }

    /// The connection's last error, as a failure.
    private func failure() -> _PGError {
        _PGError(message: Self.message(PQerrorMessage(handle)), sqlState: nil, connectionLost: PQstatus(handle) != CONNECTION_OK)
    }

    private static func rows(of result: OpaquePointer?) -> _PGRows {
        var rows: [[String?]] = []
        let count = PQntuples(result), columns = PQnfields(result)
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            var values: [String?] = []
            values.reserveCapacity(Int(columns))
            for column in 0..<columns {
                if PQgetisnull(result, row, column) == 1 {
                    values.append(nil)
                } else if let text = PQgetvalue(result, row, column) {
                    values.append(String(cString: text))
                } else {
                    values.append(nil)
                }
            }
            rows.append(values)
        }
        return _PGRows(rows: rows)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if PQstatus(handle) == CONNECTION_OK { try? execute("ROLLBACK") }
            throw error
        }
    }

    private func check(_ result: OpaquePointer?) throws(_PGError) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        let message = result.map { Self.message(PQresultErrorMessage($0)) } ?? ""
        let lost = PQstatus(handle) != CONNECTION_OK
        throw _PGError(message: message.isEmpty ? Self.message(PQerrorMessage(handle)) : message, sqlState: state, connectionLost: lost)
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
    }
}
