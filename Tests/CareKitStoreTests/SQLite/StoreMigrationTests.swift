import Foundation
import Testing

@testable import CareKitStore

/// Stores written by an earlier schema open, upgrade in place and keep every version.
@Suite("Schema migrations")
struct StoreMigrationTests {
    typealias S = StoreTestSupport

    /// Turns a store file back into schema 1, as the previous release wrote it.
    static func downgradeToSchema1(_ path: String) throws {
        let connection = try _SQLiteConnection(path: path)
        defer { connection.close() }
        var sql = "BEGIN;"
        for table in ["patient", "care_plan", "contact", "task", "outcome"] {
            sql += "DROP INDEX \(table)_first_version; CREATE UNIQUE INDEX \(table)_first_version ON \(table)(id) WHERE seq = 1;"
        }
        sql += "DROP INDEX task_knowledge; DROP INDEX outcome_knowledge; DROP INDEX outcome_task_occurrence; PRAGMA user_version = 1; COMMIT;"
        try connection.execute(sql)
    }

    @Test("A schema 1 store is upgraded to 2 on open, with its versions and outcomes, and reads before the upgrade")
    func schema1Upgrades() async throws {
        let folder = S.temporaryDirectory()
        let url = folder.appendingPathComponent("old.sqlite")
        let written = OCKStore(url: url, clock: { S.date("2025-01-02 12:00") })
        let task = try await written.addTask(S.dailyTask("pills"))
        try await written.addOutcome(S.outcome(task, 0, id: "jan1"))
        written.close()
        try Self.downgradeToSchema1(url.path)

        // Read-only, it is read as it is and left at schema 1.
        let reader = OCKStore(url: url, options: [.readOnly])
        #expect(try await reader.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-01"))).map { $0.outcome?.id } == ["jan1"])
        reader.close()
        #expect(try Self.userVersion(url.path) == 1)

        let upgraded = OCKStore(url: url, clock: { S.date("2025-01-02 12:00") })
        #expect(upgraded.openingError == nil)
        #expect(try Self.userVersion(url.path) == Int64(_Schema.currentVersion))
        #expect(try await upgraded.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-01"))).map { $0.outcome?.id } == ["jan1"])
        // Local adds of a known id are still refused after the unique index is gone.
        await S.expectError(.addFailed, mentioning: ["already exists"]) { try await upgraded.addTask(S.dailyTask("pills")) }
        upgraded.close()
    }

    static func userVersion(_ path: String) throws -> Int64? {
        let connection = try _SQLiteConnection(path: path, readOnly: true)
        defer { connection.close() }
        return try connection.scalarInt("PRAGMA user_version")
    }
}
