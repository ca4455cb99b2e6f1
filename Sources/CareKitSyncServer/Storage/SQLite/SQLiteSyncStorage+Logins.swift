import CareKitSQLite
import Foundation

/// Sign-in attempts in the embedded storage (schema 3, attempts named in schema 7), shared by
/// every server on the file: the check and the count in one `BEGIN IMMEDIATE` transaction.
extension SQLiteSyncStorage {
    public func loginFailures(keys: [String], since date: Date) throws -> [String: [Date]] {
        try locked { try counted(keys: keys, since: date) }
    }

    private func counted(keys: [String], since date: Date) throws -> [String: [Date]] {
        let statement = try connection.prepare("SELECT at FROM login_failure WHERE key = ? AND at >= ? ORDER BY at")
        var result: [String: [Date]] = [:]
        for key in Set(keys) {
            statement.bind(key, at: 1)
            statement.bind(date, at: 2)
            defer { statement.reset() }
            while try statement.step() { result[key, default: []].append(statement.date(0)) }
        }
        return result
    }

    public func countLoginAttempt(
        _ attempt: String, keys: [String], at date: Date, since: Date, refuse: ([String: [Date]]) -> TimeInterval?
    ) throws -> TimeInterval? {
        try locked {
            try connection.transaction(immediate: true) {
                let forget = try connection.prepare("DELETE FROM login_failure WHERE at < ?")
                forget.bind(since, at: 1)
                try forget.run()
                if let wait = refuse(try counted(keys: keys, since: since)) { return wait }
                let insert = try connection.prepare("INSERT INTO login_failure (key, at, attempt) VALUES (?, ?, ?)")
                for key in Set(keys) {
                    insert.bind(key, at: 1)
                    insert.bind(date, at: 2)
                    insert.bind(attempt, at: 3)
                    try insert.run()
                    insert.reset()
                }
                return nil
            }
        }
    }

    public func forgetLoginAttempt(_ attempt: String, clearing keys: [String]) throws {
        try locked {
            try connection.transaction {
                let own = try connection.prepare("DELETE FROM login_failure WHERE attempt = ?")
                own.bind(attempt, at: 1)
                try own.run()
                let statement = try connection.prepare("DELETE FROM login_failure WHERE key = ?")
                for key in Set(keys) {
                    statement.bind(key, at: 1)
                    try statement.run()
                    statement.reset()
                }
            }
        }
    }
}
