import CLibPQ
import Foundation

/// The baselines' PostgreSQL: libpq with prepared statements and text parameters, nothing in
/// between, as a hand-written program would use it. One connection, used by one thread at a
/// time: a baseline hands each connection to a single thread (hence unchecked).
final class RawPostgres: @unchecked Sendable {
    private let handle: OpaquePointer
    private var prepared: [String: String] = [:]

    init(conninfo: String) throws {
        guard let handle = PQconnectdb(conninfo) else { throw BenchError("libpq could not allocate a connection") }
        self.handle = handle
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(handle))
            throw BenchError("cannot connect to PostgreSQL (\(conninfo)): \(message)")
        }
    }

    deinit { PQfinish(handle) }

    /// Runs statements without parameters.
    func execute(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs several statements without parameters in one round trip and returns the last
    /// one's rows as text.
    func lastRows(ofBatch sql: String) throws -> [[String?]] {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
        return Self.rows(of: result)
    }

    /// Runs one prepared statement and returns its rows as text.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "raw\(prepared.count)"
            let result = PQprepare(handle, name, sql, Int32(parameters.count), nil)
            defer { PQclear(result) }
            try check(result, sql)
            prepared[sql] = name
        }
        let buffers: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for buffer in buffers { free(buffer) } }
        let values: [UnsafePointer<CChar>?] = buffers.map { $0.map { UnsafePointer($0) } }
        let result = values.withUnsafeBufferPointer { PQexecPrepared(handle, name, Int32(parameters.count), $0.baseAddress, nil, nil, 0) }
        defer { PQclear(result) }
        try check(result, sql)
        return Self.rows(of: result)
    }

    private static func rows(of result: OpaquePointer?) -> [[String?]] {
        var rows: [[String?]] = []
        for row in 0..<PQntuples(result) {
            rows.append(
                (0..<PQnfields(result)).map { column in
                    PQgetisnull(result, row, column) == 1 ? nil : PQgetvalue(result, row, column).map { String(cString: $0) }
                })
        }
        return rows
    }

    /// The first column of the first row as a number.
    func scalar(_ sql: String, _ parameters: [String?] = []) throws -> Int64 {
        guard let text = try query(sql, parameters).first?.first ?? nil, let value = Int64(text) else {
            throw BenchError("no number from: \(sql)")
        }
        return value
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let message = result.map { String(cString: PQresultErrorMessage($0)) } ?? String(cString: PQerrorMessage(handle))
        throw BenchError("PostgreSQL refused «\(sql.prefix(60))»: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// A PostgreSQL array literal of texts.
    static func array(_ values: [String]) -> String {
        "{" + values.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",") + "}"
    }

    /// `conninfo` (a URI or key=value words) naming the database `name` instead.
    static func conninfo(_ conninfo: String, database name: String) -> String {
        if conninfo.hasPrefix("postgres://") || conninfo.hasPrefix("postgresql://"), var components = URLComponents(string: conninfo) {
            components.path = "/" + name
            return components.string ?? conninfo
        }
        return conninfo + " dbname=" + name
    }
}
