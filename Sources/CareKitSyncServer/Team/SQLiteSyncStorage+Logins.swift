import CareKitSQLite
import Foundation

/// Failed sign-ins in the embedded storage (schema 3), shared by every server on the file.
extension SQLiteSyncStorage {
    public func loginFailures(keys: [String], since date: Date) throws -> [String: [Date]] {
        try locked {
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
    }

    public func addLoginFailure(keys: [String], at date: Date, forgettingBefore: Date) throws {
        try locked {
            try connection.transaction {
                let forget = try connection.prepare("DELETE FROM login_failure WHERE at < ?")
                forget.bind(forgettingBefore, at: 1)
                try forget.run()
                let insert = try connection.prepare("INSERT INTO login_failure (key, at) VALUES (?, ?)")
                for key in Set(keys) {
                    insert.bind(key, at: 1)
                    insert.bind(date, at: 2)
                    try insert.run()
                    insert.reset()
                }
            }
        }
    }

    public func removeLoginFailures(keys: [String]) throws {
        try locked {
            try connection.transaction {
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
