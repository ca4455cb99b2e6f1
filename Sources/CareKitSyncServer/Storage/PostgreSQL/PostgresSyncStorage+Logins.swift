import Foundation

/// Sign-in attempts on PostgreSQL (migration 3, attempts named in migration 7), shared by every
/// server on the database: the check and the count in one transaction that holds an advisory
/// lock, so attempts from several servers are counted one after the other.
extension PostgresSyncStorage {
    public func loginFailures(keys: [String], since date: Date) throws -> [String: [Date]] {
        try run { connection in try Self.counted(connection, keys: keys, since: date) }
    }

    private static func counted(_ connection: _PGConnection, keys: [String], since date: Date) throws -> [String: [Date]] {
        var result: [String: [Date]] = [:]
        for key in Set(keys) {
            let rows = try connection.query("SELECT at FROM login_failure WHERE key = $1 AND at >= $2 ORDER BY at", [key, text(date)])
            if rows.count > 0 { result[key] = (0..<rows.count).map { Date(timeIntervalSince1970: rows.double($0, 0)) } }
        }
        return result
    }

    public func countLoginAttempt(
        _ attempt: String, keys: [String], at date: Date, since: Date, refuse: ([String: [Date]]) -> TimeInterval?
    ) throws -> TimeInterval? {
        try run { connection in
            try connection.transaction {
                try connection.execute("SELECT pg_advisory_xact_lock(1128747852)")  // "CKSL"
                try connection.query("DELETE FROM login_failure WHERE at < $1", [Self.text(since)])
                if let wait = refuse(try Self.counted(connection, keys: keys, since: since)) { return wait }
                for key in Set(keys) {
                    try connection.query("INSERT INTO login_failure (key, at, attempt) VALUES ($1, $2, $3)", [key, Self.text(date), attempt])
                }
                return nil
            }
        }
    }

    public func forgetLoginAttempt(_ attempt: String, clearing keys: [String]) throws {
        try run { connection in
            try connection.transaction {
                try connection.query("DELETE FROM login_failure WHERE attempt = $1", [attempt])
                for key in Set(keys) { try connection.query("DELETE FROM login_failure WHERE key = $1", [key]) }
            }
        }
    }
}
