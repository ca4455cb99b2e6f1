import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

#if canImport(Glibc)
    import Glibc
#endif

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
            sql += "DROP INDEX IF EXISTS \(table)_first_version; CREATE UNIQUE INDEX \(table)_first_version ON \(table)(id) WHERE seq = 1;"
        }
        sql += "DROP INDEX task_knowledge; DROP INDEX outcome_knowledge; DROP INDEX outcome_task_occurrence; ALTER TABLE knowledge DROP COLUMN prefix;"
        sql += "PRAGMA user_version = 1; COMMIT;"
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

    static let versionedTables = ["patient", "care_plan", "contact", "task", "outcome"]

    /// Turns a store file back into schema 3: the first-version indexes it had, and no prefixes.
    static func downgradeToSchema3(_ path: String) throws {
        let connection = try _SQLiteConnection(path: path)
        defer { connection.close() }
        var sql = "BEGIN;"
        for table in versionedTables { sql += "CREATE INDEX \(table)_first_version ON \(table)(id) WHERE seq = 1;" }
        try connection.execute(sql + "ALTER TABLE knowledge DROP COLUMN prefix; PRAGMA user_version = 3; COMMIT;")
    }

    /// The first-version indexes the file has.
    static func firstVersionIndexes(_ path: String) throws -> Int64? {
        let connection = try _SQLiteConnection(path: path, readOnly: true)
        defer { connection.close() }
        return try connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE '%_first_version'")
    }

    /// A store of `outcomes` outcomes of one task at schema 3, written and closed.
    static func schema3Store(_ url: URL, outcomes: Int) async throws {
        let written = OCKStore(url: url, clock: { S.date("2025-01-02 12:00") })
        let task = try await written.addTask(S.dailyTask("pills"))
        var start = 0
        while start < outcomes {
            _ = try await written.addOutcomes((start..<min(start + 1_000, outcomes)).map { S.outcome(task, $0) })
            start += 1_000
        }
        written.close()
        try Self.downgradeToSchema3(url.path)
    }

    @Test("A schema 3 store is upgraded: its first-version indexes are gone, an id's first version is found through id_seq, and it reads the same")
    func schema3Upgrades() async throws {
        let url = S.temporaryDirectory().appendingPathComponent("three.sqlite")
        try await Self.schema3Store(url, outcomes: 30)
        #expect(try Self.firstVersionIndexes(url.path) == 5)

        let store = OCKStore(url: url, clock: { S.date("2025-01-02 12:00") })
        defer { store.close() }
        #expect(store.openingError == nil)
        #expect(try Self.userVersion(url.path) == Int64(_Schema.currentVersion))
        #expect(try Self.firstVersionIndexes(url.path) == 0)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 30)
        // The lookups the indexes served go through (id, seq, effective_date), not a scan.
        let plan = try await store.read { connection -> String in
            let statement = try connection.prepare("EXPLAIN QUERY PLAN SELECT created_date FROM outcome WHERE id = ? AND seq = 1")
            var lines: [String] = []
            while try statement.step() { lines.append(statement.string(3)) }
            return lines.joined(separator: "; ")
        }
        #expect(plan.contains("USING INDEX outcome_id_seq"), "\(plan)")
        // A local add of a known id is refused as before.
        await S.expectError(.addFailed, mentioning: ["already exists"]) { try await store.addTask(S.dailyTask("pills")) }
    }

    @Test("A store of schema 4 opened read-only (not upgraded) still synchronizes with nothing new, and reads what it has")
    func readOnlySchema4Synchronizes() async throws {
        let url = S.temporaryDirectory().appendingPathComponent("four.sqlite")
        let server = SimulatedServer()
        let written = OCKStore(url: url, remote: SimulatedRemote(server: server), clock: { S.date("2025-01-02 12:00") })
        let task = try await written.addTask(S.dailyTask("pills"))
        try await written.addOutcome(S.outcome(task, 0))
        try await written.synchronize()
        written.close()
        let connection = try _SQLiteConnection(path: url.path)
        try connection.execute("BEGIN; ALTER TABLE knowledge DROP COLUMN prefix; PRAGMA user_version = 4; COMMIT;")
        connection.close()

        let reader = OCKStore(url: url, remote: SimulatedRemote(server: server), options: [.readOnly], clock: { S.date("2025-01-02 12:00") })
        defer { reader.close() }
        let summary = try await reader.synchronize()
        #expect(summary.pushed == 0 && summary.merged.isEmpty)
        #expect(try await reader.fetchOutcomes(query: OCKOutcomeQuery()).count == 1)
        #expect(try Self.userVersion(url.path) == 4, "left as it was")
    }

    @Test("The upgrade from schema 3 is all or nothing: a process killed with SIGKILL at moments spread over it leaves schema 3 whole or the current schema whole")
    func upgradeKilledMidway() async throws {
        let executable = try #require(StoreCrashTests.writerExecutable(), "carekit-crash-writer was not built next to the tests")
        let folder = S.temporaryDirectory()
        let template = folder.appendingPathComponent("template.sqlite")
        try await Self.schema3Store(template, outcomes: 20_000)

        /// A copy of the schema 3 store, opened by a process killed after `delay` seconds (nil:
        /// let it finish); whether it finished.
        func openAndKill(after delay: TimeInterval?, copy number: Int) async throws -> (url: URL, finished: Bool, seconds: TimeInterval) {
            let url = folder.appendingPathComponent("copy-\(number).sqlite")
            try FileManager.default.copyItem(at: template, to: url)
            return try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(
                        with: Result {
                            let process = Process()
                            process.executableURL = executable
                            process.arguments = ["--open", url.path]
                            process.standardOutput = FileHandle.nullDevice
                            process.standardError = FileHandle.nullDevice
                            let started = Date()
                            try ProcessLaunch.start(process)
                            if let delay {
                                Thread.sleep(forTimeInterval: delay)
                                kill(process.processIdentifier, SIGKILL)
                            }
                            process.waitUntilExit()
                            let finished = process.terminationReason == .exit && process.terminationStatus == 0
                            return (url, finished, Date().timeIntervalSince(started))
                        })
                }
            }
        }

        // How long an open that migrates takes here, start to exit.
        let whole = try await openAndKill(after: nil, copy: 0)
        #expect(whole.finished)
        let current = Int64(_Schema.currentVersion)
        #expect(try Self.userVersion(whole.url.path) == current)

        /// Kills an open after `delay`; checks the copy it leaves and returns its schema version.
        func check(after delay: TimeInterval, copy number: Int) async throws -> Int64 {
            let run = try await openAndKill(after: delay, copy: number)
            let version = try #require(try Self.userVersion(run.url.path))
            // Schema 3 with its five indexes and no prefixes, or the current schema with no such
            // index and every knowledge row's prefix: never in between.
            #expect(version == 3 || version == current)
            #expect(try Self.firstVersionIndexes(run.url.path) == (version == 3 ? 5 : 0), "copy \(number) at schema \(version)")
            #expect(try Self.prefixColumn(run.url.path) == (version == 3 ? nil : 0), "copy \(number) at schema \(version): rows without a prefix")
            let store = OCKStore(url: run.url, clock: { S.date("2025-01-02 12:00") })
            defer { store.close() }
            #expect(store.openingError == nil)
            let integrity = try await store.read { connection -> String in
                let statement = try connection.prepare("PRAGMA integrity_check")
                _ = try statement.step()
                return statement.string(0)
            }
            #expect(integrity == "ok", "copy \(number)")
            #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 20_000, "copy \(number)")
            try? FileManager.default.removeItem(at: run.url)
            return version
        }

        // Sixteen kills spread over the whole open, then eight between the last that left
        // schema 3 and the first that left the current one: the migration's transaction lies between them.
        var results: [(delay: TimeInterval, version: Int64)] = []
        for number in 1...16 {
            let delay = whole.seconds * Double(number) / 16
            results.append((delay, try await check(after: delay, copy: number)))
        }
        let before = results.filter { $0.version == 3 }.map(\.delay).max() ?? 0
        let after = results.filter { $0.version == current }.map(\.delay).min() ?? whole.seconds
        for number in 1...8 {
            let delay = before + (after - before) * Double(number) / 9
            results.append((delay, try await check(after: delay, copy: 16 + number)))
        }
        // The kills reached both sides of the commit: some before it, some after.
        let versions = results.map(\.version)
        #expect(versions.contains(3) && versions.contains(current), "\(versions)")
    }

    /// The knowledge rows without a prefix, or nil when the table has no such column.
    static func prefixColumn(_ path: String) throws -> Int64? {
        let connection = try _SQLiteConnection(path: path, readOnly: true)
        defer { connection.close() }
        guard try connection.scalarInt("SELECT count(*) FROM pragma_table_info('knowledge') WHERE name = 'prefix'") == 1 else { return nil }
        return try connection.scalarInt("SELECT count(*) FROM knowledge WHERE prefix IS NULL")
    }

    static func userVersion(_ path: String) throws -> Int64? {
        let connection = try _SQLiteConnection(path: path, readOnly: true)
        defer { connection.close() }
        return try connection.scalarInt("PRAGMA user_version")
    }
}
