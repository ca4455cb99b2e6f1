import Foundation

/// Failed sign-ins on PostgreSQL (migration 3), shared by every server on the database.
extension PostgresSyncStorage {
    public func loginFailures(keys: [String], since date: Date) throws -> [String: [Date]] {
        try run { connection in
            var result: [String: [Date]] = [:]
            for key in Set(keys) {
                let rows = try connection.query("SELECT at FROM login_failure WHERE key = $1 AND at >= $2 ORDER BY at", [key, Self.text(date)])
                if rows.count > 0 { result[key] = (0..<rows.count).map { Date(timeIntervalSince1970: rows.double($0, 0)) } }
            }
            return result
        }
    }

    public func addLoginFailure(keys: [String], at date: Date, forgettingBefore: Date) throws {
        try run { connection in
            try connection.transaction {
                try connection.query("DELETE FROM login_failure WHERE at < $1", [Self.text(forgettingBefore)])
                for key in Set(keys) { try connection.query("INSERT INTO login_failure (key, at) VALUES ($1, $2)", [key, Self.text(date)]) }
            }
        }
    }

    public func removeLoginFailures(keys: [String]) throws {
        try run { connection in
            try connection.transaction {
                for key in Set(keys) { try connection.query("DELETE FROM login_failure WHERE key = $1", [key]) }
            }
        }
    }
}
