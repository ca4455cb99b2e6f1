import CareKitSQLite
import Foundation

/// The dashboard's kept overviews in the embedded storage (migration 9): read by primary key,
/// written in one transaction.
extension SQLiteSyncStorage {
    public func keptOverviews(patients: [Int64]) throws -> [Int64: SyncKeptOverview] {
        guard !patients.isEmpty else { return [:] }
        return try locked {
            let statement = try connection.prepare("SELECT revision, json FROM team_overview WHERE patient = ?")
            var result: [Int64: SyncKeptOverview] = [:]
            for patient in patients {
                statement.reset()
                statement.bind(patient, at: 1)
                if try statement.step() { result[patient] = SyncKeptOverview(revision: statement.int64(0), json: statement.data(1)) }
            }
            statement.reset()
            return result
        }
    }

    public func keepOverviews(_ overviews: [Int64: SyncKeptOverview]) throws {
        guard !overviews.isEmpty else { return }
        try locked {
            try connection.transaction {
                let statement = try connection.prepare(
                    """
                    INSERT INTO team_overview (patient, revision, json) VALUES (?, ?, ?)
                    ON CONFLICT (patient) DO UPDATE SET revision = excluded.revision, json = excluded.json WHERE excluded.revision >= team_overview.revision
                    """)
                for (patient, overview) in overviews.sorted(by: { $0.key < $1.key }) {
                    statement.reset()
                    statement.bind(patient, at: 1)
                    statement.bind(overview.revision, at: 2)
                    statement.bind(overview.json, at: 3)
                    try statement.run()
                }
                statement.reset()
            }
        }
    }

    /// The work SQLite did for this storage so far, in virtual-machine steps (rows visited,
    /// index probes, values written): the same on a busy machine as on a quiet one, for tests
    /// that check how a request's cost grows.
    package func sqliteSteps() throws -> Int64 {
        try locked { connection.virtualMachineSteps }
    }
}
