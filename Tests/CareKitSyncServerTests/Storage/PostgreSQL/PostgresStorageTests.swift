import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import CareKitSyncServer

/// The sync server on PostgreSQL (the whole sync suite also runs on it: `make test` runs
/// CareKitSyncServerTests again with CAREKIT_SYNC_STORAGE=postgres). These are what only a
/// database server does: go down, restart, and serve several stateless servers at once.
@Suite("Sync server on PostgreSQL")
struct PostgresStorageTests {
    typealias T = SyncFixtures

    static let pullBody = (try? JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init()))) ?? Data()

    /// Runs the test server's pg_ctl.
    static func control(_ arguments: String...) async throws {
        _ = try await Subprocess.run(try TestPostgres.control(), arguments, timeLimit: 120)
    }

    @Test("A database that is down is a 503 with the reason and a log line, never a crash; once it is back the same server works")
    func downThenBack() async throws {
        let service = SyncService(storage: try TestPostgres.storage(), clock: { T.date(2) })
        let token = try service.addPatient(name: "Ada").token
        let lines = Mutex<[String]>([])
        let server = SyncHTTPServer(service: service, port: 0, log: { line in lines.withLock { $0.append(line) } })
        let port = try server.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let phone = OCKStore(name: "phone", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: token, retryDelays: []), clock: { T.date(2) })
        try await phone.addTask(T.dailyTask("pills"))

        try await Self.control("stop", "-m", "fast")
        do {
            let reply = service.pull(authorization: "Bearer \(token)", body: Self.pullBody)
            #expect(reply.status == 503)
            let reason = (try? JSONDecoder().decode(OCKSyncProblem.self, from: reply.body).reason) ?? ""
            #expect(reason.contains("PostgreSQL") && reason.contains("try again later"), "\(reason)")
            await #expect(throws: (any Error).self) { try await phone.synchronize() }
            #expect(lines.withLock { $0 }.contains { $0.contains("answered 503") && $0.contains("PostgreSQL") }, "\(lines.withLock { $0 })")
        }
        try await Self.control("start")
        try await phone.synchronize()
        #expect(try T.serverVersions(service, token: token).count == 1, "the server works again with new connections")
    }

    @Test("Pushes that were acknowledged survive PostgreSQL stopping at once (as in a power cut) and starting again")
    func acknowledgedWritesSurviveACrash() async throws {
        let name = "crash-\(UUID().uuidString)"
        let service = SyncService(storage: try TestPostgres.storage(reopening: name), clock: { T.date(2) })
        let (_, token, server) = try { () throws -> (SyncService, String, InProcessServer) in
            let token = try service.addPatient(name: "Ada").token
            return (service, token, InProcessServer(service: service))
        }()
        let phone = T.device(server, token: token, pageSize: 7)
        let task = try await phone.addTask(T.dailyTask("pills"))
        for day in 0..<40 { try await phone.addOutcome(T.outcome(task, day)) }
        try await phone.synchronize()
        try await Self.control("stop", "-m", "immediate")
        try await Self.control("start")
        let reopened = SyncService(storage: try TestPostgres.storage(reopening: name), clock: { T.date(2) })
        #expect(try T.serverVersions(reopened, token: token).count == 41)
    }

    @Test("Eight servers' worth of connections pushing for one patient at once store every version once, in one order")
    func concurrentPushesForOnePatient() async throws {
        let name = "concurrent-\(UUID().uuidString)"
        let first = SyncService(storage: try TestPostgres.storage(reopening: name, connections: 2), clock: { T.date(2) })
        let token = try first.addPatient(name: "Ada").token
        let services = try [first] + (1..<8).map { _ in SyncService(storage: try TestPostgres.storage(reopening: name, connections: 2), clock: { T.date(2) }) }
        let task = T.dailyTask("pills")
        // Each writer pushes its own outcomes and, twice, everyone's task version.
        let statuses = await withTaskGroup(of: [Int].self) { group in
            for (writer, service) in services.enumerated() {
                group.addTask {
                    await Task.detached {
                        (0..<5).map { round in
                            let outcomes = (0..<10).map { index in OCKEntity.outcome(T.outcome(task, writer * 100 + round * 10 + index)) }
                            let body =
                                (try? JSONEncoder().encode(
                                    OCKSyncPushRequest(
                                        revisions: [OCKRevisionRecord(entities: [.task(task)] + outcomes, knowledgeVector: .init([UUID(): round + 1]))],
                                        deviceKnowledge: nil))) ?? Data()
                            return service.push(authorization: "Bearer \(token)", body: body).status
                        }
                    }.value
                }
            }
            var all: [Int] = []
            for await statuses in group { all += statuses }
            return all
        }
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        let versions = try T.serverVersions(first, token: token)
        #expect(versions.count == 1 + 8 * 5 * 10)
        #expect(Set(versions).count == versions.count, "each version once")
        let other = try T.serverVersions(services[7], token: token)
        #expect(other == versions, "every server reads the same order")
    }

    @Test("The schema is migrated once; a database of a newer schema is refused and left alone")
    func migrations() throws {
        let url = try TestPostgres.schemaURL(reopening: "migrations-\(UUID().uuidString)")
        let storage = try PostgresSyncStorage(conninfo: url)
        _ = try storage.addPatient(name: "Ada", created: T.date(1))
        let again = try PostgresSyncStorage(conninfo: url)
        #expect(try again.patients().map(\.name) == ["Ada"])
        let connection = try _PGConnection(conninfo: url)
        try connection.execute("UPDATE carekit_sync_schema SET version = 99")
        #expect { try PostgresSyncStorage(conninfo: url) } throws: { error in
            "\(error)".contains("newer than this server's")
        }
        #expect(try connection.query("SELECT count(*) FROM patient").int64(0, 0) == 1)
    }

    @Test("Migrations 10 and 11 write each patient's latest revision and each revision's prefix knowledge from the revisions stored before them")
    func latestRevisionMigration() throws {
        let url = try TestPostgres.schemaURL(reopening: "latest-\(UUID().uuidString)")
        let storage = try PostgresSyncStorage(conninfo: url)
        let ada = try storage.addPatient(name: "Ada", created: T.date(1))
        let bob = try storage.addPatient(name: "Bob", created: T.date(1))
        let grace = try storage.addClinician(email: "grace@clinic.example", passwordHash: "x", created: T.date(1))
        try storage.assign(patient: ada.id, to: grace.id, at: T.date(1))
        try storage.assign(patient: bob.id, to: grace.id, at: T.date(1))
        let device = UUID()
        for day in 2...4 {
            let version = SyncStoredVersion(uuid: UUID(), json: Data("{}".utf8))
            _ = try storage.push(
                patient: ada.id, revisions: [SyncStoredRevision(knowledgeVector: .init([device: day]), versions: [version])],
                deviceKnowledge: .init([device: day]), at: T.date(day))
        }
        // The database as schema 9 left it: no such columns.
        let connection = try _PGConnection(conninfo: url)
        try connection.execute(
            """
            DROP TRIGGER revision_latest ON revision; DROP FUNCTION carekit_revision_latest();
            ALTER TABLE patient DROP COLUMN latest_sequence, DROP COLUMN latest_stored; ALTER TABLE revision DROP COLUMN prefix;
            UPDATE carekit_sync_schema SET version = 9
            """)
        let upgraded = try PostgresSyncStorage(conninfo: url)
        let states = try upgraded.assignedPatientStates(of: grace.id)
        #expect(states.map(\.patient.name) == ["Ada", "Bob"])
        #expect(states.map(\.latestRevision) == [3, 0])
        #expect(states.map(\.lastPush) == [T.date(4), nil])
        // Migration 11: each revision's prefix knowledge, so a device that knows the second
        // revision is sent only the third.
        #expect(try connection.query("SELECT count(*) FROM revision WHERE prefix IS NULL").int64(0, 0) == 0)
        let pulled = try upgraded.pull(patient: ada.id, since: .init([device: 3]), after: nil, limit: 10)
        #expect(pulled.revisions.map(\.knowledgeVector) == [.init([device: 4])])
        #expect(try connection.query("SELECT max(version) FROM carekit_sync_schema").int64(0, 0) == Int64(PostgresSyncStorage.migrations.count))
    }

    @Test("A revision inserted as a server of the previous version does (during an upgrade) moves the patient's latest revision on the list too")
    func latestRevisionFollowsEveryInsert() throws {
        let storage = try TestPostgres.storage()
        let ada = try storage.addPatient(name: "Ada", created: T.date(1))
        let grace = try storage.addClinician(email: "grace@clinic.example", passwordHash: "x", created: T.date(1))
        try storage.assign(patient: ada.id, to: grace.id, at: T.date(1))
        let device = UUID()
        _ = try storage.push(
            patient: ada.id, revisions: [SyncStoredRevision(knowledgeVector: .init([device: 1]), versions: [SyncStoredVersion(uuid: UUID(), json: Data("{}".utf8))])],
            deviceKnowledge: .init([device: 1]), at: T.date(2))
        let knowledge = SQLiteSyncStorage.text(.init([device: 2]))
        try _PGConnection(conninfo: storage.conninfo).execute(
            "INSERT INTO revision (patient, sequence, knowledge, stored) VALUES (\(ada.id), 2, '\(knowledge)', \(T.date(3).timeIntervalSince1970))")
        let state = try #require(try storage.assignedPatientStates(of: grace.id).first)
        #expect(state.latestRevision == 2 && state.lastPush == T.date(3), "the list recomputes Ada from what the older server stored")
    }

    @Test("The audit trail's last line is found through its index however long the trail has grown since the server's connection first appended")
    func auditHeadIsPlannedEachTime() throws {
        let storage = try TestPostgres.storage(connections: 1)
        let ada = try storage.addPatient(name: "Ada", created: T.date(1))
        let grace = try storage.addClinician(email: "grace@clinic.example", passwordHash: "x", created: T.date(1))
        func line(_ action: String) -> SyncAuditEntry {
            SyncAuditEntry(date: T.date(2), clinician: grace.id, clinicianEmail: grace.email, patient: ada.id, action: action, address: "127.0.0.1")
        }
        // The first appends, on a nearly empty trail, then a trail of thousands.
        for round in 0..<6 { try storage.appendAudit([line("saw the list, round \(round)")]) }
        try storage.appendAudit((0..<5_000).map { line("saw the list, line \($0)") })
        try storage.run { connection in
            // Nothing about the trail's last line was prepared (a kept plan would be the nearly
            // empty table's)...
            let kept = try connection.lastRows(
                ofBatch: "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%hash FROM audit ORDER BY id DESC%' AND statement NOT LIKE '%pg_prepared%'")
            #expect(kept.int64(0, 0) == 0)
            // ...and the statement as the append runs it now reads the index, not the table.
            let plan = try connection.lastRows(ofBatch: "EXPLAIN SELECT hash FROM audit ORDER BY id DESC LIMIT 1")
            let text = (0..<plan.count).map { plan.string($0, 0) }.joined(separator: "\n")
            #expect(text.contains("Index Scan Backward") && !text.contains("Seq Scan"), "\(text)")
        }
        #expect(try storage.verifyAudit().firstBroken == nil, "the chain holds across the appends")
    }

    @Test("Two servers append to one audit chain, one after the other and all at once: each line once, every link holding; the one-round-trip append never writes after a head that moved")
    func auditAppendsOfTwoServers() async throws {
        let name = "audit-\(UUID().uuidString)"
        let first = try TestPostgres.storage(reopening: name), second = try TestPostgres.storage(reopening: name)
        let ada = try first.addPatient(name: "Ada", created: T.date(1))
        let grace = try first.addClinician(email: "grace@clinic.example", passwordHash: "x", created: T.date(1))
        func line(_ action: String) -> SyncAuditEntry {
            SyncAuditEntry(date: T.date(2), clinician: grace.id, clinicianEmail: grace.email, patient: ada.id, action: action, address: "127.0.0.1")
        }
        func lastHash() throws -> Data? { try first.auditEntries(after: 0, limit: 100_000).last?.hash }
        // Turns: the second server's head is unknown, then each one's is stale after the other's turn.
        try first.appendAudit([line("first, 1")])
        try first.appendAudit([line("first, 2"), line("first, 3")])
        #expect(first.auditHead.withLock { $0 } == (try lastHash()), "the head the next append checks is the chain's")
        try second.appendAudit([line("second, 1")])
        try first.appendAudit([line("first, 4")])
        try second.appendAudit([line("second, 2")])
        try first.appendAudit([line("first, 5")])
        #expect(first.auditHead.withLock { $0 } == (try lastHash()))
        // All at once: four callers on each server, 25 appends of two lines each.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (server, storage) in [("first", first), ("second", second)] {
                for caller in 0..<4 {
                    group.addTask {
                        for append in 0..<25 { try storage.appendAudit([line("\(server) \(caller).\(append)a"), line("\(server) \(caller).\(append)b")]) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let lines = try first.auditEntries(after: 0, limit: 100_000)
        let expected = 7 + 2 * 4 * 25 * 2
        #expect(lines.count == expected)
        #expect(Set(lines.map(\.action)).count == lines.count, "a line was written twice")
        let verification = try second.verifyAudit()
        #expect(verification.firstBroken == nil && verification.count == lines.count, "\(verification)")
    }

    @Test("A line PostgreSQL refuses in the one-round-trip append writes nothing of its batch, leaves the connection usable, and the chain goes on from where it was")
    func refusedLineInOneRoundTrip() throws {
        let storage = try TestPostgres.storage(connections: 1)
        let ada = try storage.addPatient(name: "Ada", created: T.date(1))
        let grace = try storage.addClinician(email: "grace@clinic.example", passwordHash: "x", created: T.date(1))
        func line(_ action: String, patient: Int64? = nil) -> SyncAuditEntry {
            SyncAuditEntry(date: T.date(2), clinician: grace.id, clinicianEmail: grace.email, patient: patient ?? ada.id, action: action, address: "127.0.0.1")
        }
        try storage.appendAudit([line("first")])
        #expect(storage.auditHead.withLock { $0 } != nil, "the next append goes in one round trip")
        // A patient that does not exist: the insert fails inside the pipeline, after the lock.
        #expect(throws: (any Error).self) { try storage.appendAudit([line("refused, 1"), line("refused, 2", patient: 999_999)]) }
        try storage.appendAudit([line("second")])
        try storage.appendAudit([line("third")])
        let lines = try storage.auditEntries(after: 0, limit: 100)
        #expect(lines.map(\.action) == ["first", "second", "third"])
        #expect(try storage.verifyAudit().firstBroken == nil)
    }

    @Test("Two carekit sync-server processes on one database serve the same patient; devices that push to either converge")
    func twoStatelessServers() async throws {
        let url = try TestPostgres.schemaURL()
        let carekit = try Subprocess.executable(named: "carekit")
        let added = try await Subprocess.run(carekit, ["sync-server", "add-patient", "Ada", "--db", url])
        let token = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let a = try await RunningServer(carekit, ["sync-server", "--db", url, "--port", "0"])
        defer { a.stop() }
        let b = try await RunningServer(carekit, ["sync-server", "--db", url, "--port", "0"])
        defer { b.stop() }
        let phone = OCKStore(name: "phone", type: .inMemory, remote: OCKHTTPRemote(serverURL: a.url, token: token), clock: { T.date(2) })
        let tablet = OCKStore(name: "tablet", type: .inMemory, remote: OCKHTTPRemote(serverURL: b.url, token: token), clock: { T.date(2) })
        let task = try await phone.addTask(T.dailyTask("pills"))
        try await phone.synchronize()
        try await tablet.synchronize()
        for day in 0..<6 {
            try await phone.addOutcome(T.outcome(task, 2 * day))
            try await tablet.addOutcome(T.outcome(task, 2 * day + 1))
            async let one = phone.synchronize()
            async let two = tablet.synchronize()
            _ = try await (one, two)
        }
        try await phone.synchronize()
        try await tablet.synchronize()
        try await phone.synchronize()
        #expect(try await T.exported(phone) == T.exported(tablet))
        #expect(try await tablet.fetchOutcomes(query: OCKOutcomeQuery()).count == 12)
    }
}

/// A `carekit` server process, started and read until it says where it listens.
final class RunningServer: @unchecked Sendable {
    struct NotStarted: Error, CustomStringConvertible {
        var description: String
    }

    let process: Process
    let url: URL
    private let log: URL

    init(_ executable: String, _ arguments: [String]) async throws {
        let log = TestFolders.make("server").appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try ProcessLaunch.start(process)
        var found: URL?
        for _ in 0..<300 where found == nil {
            try await Task.sleep(for: .milliseconds(100))
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "running at "), let end = text[range.upperBound...].firstIndex(of: " ") {
                found = URL(string: String(text[range.upperBound..<end]))
            }
            if !process.isRunning { break }
        }
        guard let found else {
            process.terminate()
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: log)
            throw NotStarted(description: "\(executable) \(arguments.joined(separator: " ")) did not start: \(text)")
        }
        self.process = process
        self.url = found
        self.log = log
    }

    func stop() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
