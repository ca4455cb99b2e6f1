import CareKitStore
import CareKitSyncProtocol
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// Devices that synchronize every 2 seconds with nothing new cost the server nothing: their
/// pulls read, an empty push opens no write transaction, a token's last use and a patient's
/// last contact are written only when they moved by an hour. On SQLite, or on PostgreSQL with
/// `CAREKIT_SYNC_STORAGE=postgres`.
@Suite("Sync server: idle devices")
struct IdleSyncTests {
    typealias T = SyncFixtures

    /// What the test sees of the storage's durable writes, from a connection of its own.
    enum Probe {
        /// The file's data version and sizes; writers can be made to wait for its write lock.
        case sqlite(SQLiteWriteProbe)
        /// Every table of the storage's schema: its rows and each row's `xmin`, `xmax` and
        /// `ctid`, which change when a row is written, added, removed or locked (`FOR UPDATE`,
        /// a foreign key's `KEY SHARE`).
        case postgres(_PGConnection)

        func fingerprint() throws -> String {
            switch self {
            case .sqlite(let probe): return try probe.fingerprint()
            case .postgres(let connection):
                let tables = try connection.query(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
                return try (0..<tables.count).map { row in
                    let table = tables.string(row, 0)
                    let rows = try connection.query(
                        "SELECT count(*), coalesce(sum(hashtext(xmin::text || ':' || xmax::text || ':' || ctid::text)::bigint), 0) FROM \"\(table)\"")
                    return "\(table) \(rows.string(0, 0)) \(rows.string(0, 1))"
                }.joined(separator: "; ")
            }
        }

        /// Runs `body` while a write would have to wait: on SQLite the probe holds the write
        /// lock (a writer fails after the busy timeout); on PostgreSQL the fingerprint alone
        /// tells, row locks included.
        func whileWritesWait(_ body: () async throws -> Void) async throws {
            guard case .sqlite(let probe) = self else { return try await body() }
            try probe.holdWriteLock()
            do {
                try await body()
            } catch {
                try probe.releaseWriteLock()
                throw error
            }
            try probe.releaseWriteLock()
        }
    }

    /// Storage in `folder` (a SQLite file) or a schema of the test PostgreSQL, with its probe.
    static func storage(in folder: TemporaryDirectory) throws -> (any SyncStorage, Probe) {
        if TestPostgres.selected {
            let url = try TestPostgres.schemaURL()
            return (try PostgresSyncStorage(conninfo: url), .postgres(try _PGConnection(conninfo: url)))
        }
        let path = folder.file("server.sqlite").path
        let storage = try SQLiteSyncStorage(path: path)
        return (storage, .sqlite(try SQLiteWriteProbe(path: path)))
    }

    /// A server with Ada's phone and tablet, which exchanged a task and readings both ways and
    /// settled; the clock at 09:10 on January 2.
    struct Fixture {
        let service: SyncService
        let server: InProcessServer
        let clock: SyncTestClock
        let probe: Probe
        let phone: OCKStore
        let tablet: OCKStore
        let token: String
        let task: OCKTask
        let patient: SyncPatient

        init(_ folder: TemporaryDirectory) async throws {
            let (storage, probe) = try IdleSyncTests.storage(in: folder)
            clock = SyncTestClock(T.date(2, 9))
            service = SyncService(storage: storage, clock: clock.function)
            (patient, token) = try service.addPatient(name: "Ada")
            server = InProcessServer(service: service)
            phone = T.device(server, token: token)
            tablet = T.device(server, token: try service.addDevice(patientNamed: "Ada", label: "tablet"))
            self.probe = probe
            task = try await phone.addTask(T.dailyTask("pills"))
            try await phone.addOutcome(T.outcome(task, 0))
            try await phone.synchronize()
            try await tablet.synchronize()
            try await tablet.addOutcome(T.outcome(task, 1))
            for _ in 0..<2 {
                try await tablet.synchronize()
                try await phone.synchronize()
            }
            clock.advance(10 * 60)
        }

        /// What a device that has every version would push: nothing, and the server's knowledge.
        func serversKnowledge() throws -> OCKRevisionRecord.KnowledgeVector {
            let reply = service.pull(authorization: "Bearer \(token)", body: try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init(), limit: 5_000)))
            return try #require(try JSONDecoder().decode(OCKSyncPullPage.self, from: reply.body).revisions.last?.knowledgeVector)
        }
    }

    @Test("Idle devices syncing every 2 s for a minute, and empty pushes, write nothing on the server; the dashboard still sees each contact to the second")
    func idleDevicesWriteNothing() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fixture = try await Fixture(folder)
        let knowledge = try fixture.serversKnowledge()
        let before = try fixture.probe.fingerprint()
        let requests = fixture.server.requests.count
        try await fixture.probe.whileWritesWait {
            for _ in 0..<30 {
                fixture.clock.advance(2)
                for device in [fixture.phone, fixture.tablet] {
                    let summary = try await device.synchronize()
                    #expect(summary.pushed == 0 && summary.merged.isEmpty)
                }
            }
            // As an older client or Apple's CareKit pushes after every pull: nothing, the
            // knowledge the server has (also as a revision without entities).
            for revisions in [[], [OCKRevisionRecord(entities: [], knowledgeVector: knowledge)]] {
                let body = try JSONEncoder().encode(OCKSyncPushRequest(revisions: revisions, deviceKnowledge: knowledge))
                let reply = fixture.service.push(authorization: "Bearer \(fixture.token)", body: body)
                #expect(reply.status == 200 && (try? JSONDecoder().decode(OCKSyncPushResult.self, from: reply.body)) == OCKSyncPushResult(stored: 0, alreadyPresent: 0))
            }
        }
        #expect(try fixture.probe.fingerprint() == before, "idle syncs wrote to the server's storage")
        #expect(fixture.server.requests.dropFirst(requests).allSatisfy { $0.path == "/sync/v1/pull" }, "an idle device pushes nothing")
        #expect(fixture.server.requests.count - requests == 60)
        #expect(fixture.service.lastContact(patient: fixture.patient.id) == fixture.clock.now)
    }

    @Test("What is new is still written: a reading pushed, a contact and a token's use an hour later")
    func somethingNewIsWritten() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fixture = try await Fixture(folder)
        let settled = try fixture.probe.fingerprint()
        try await fixture.phone.addOutcome(T.outcome(fixture.task, 2))
        #expect(try await fixture.phone.synchronize().pushed == 1)
        let pushed = try fixture.probe.fingerprint()
        #expect(pushed != settled, "the probe sees a push")
        #expect(try await fixture.tablet.synchronize().merged == [.outcome: 1])
        #expect(try fixture.probe.fingerprint() == pushed, "a pull that brings the reading writes nothing on the server")

        // An hour after the contact and the token's use were last written, both are written.
        let written = try #require(try fixture.service.storage.deviceTokens().first?.patientLastContact)
        fixture.clock.set(written.addingTimeInterval(SyncService.tokenUseResolution))
        try await fixture.tablet.synchronize()
        #expect(try fixture.probe.fingerprint() != pushed)
        let tokens = try fixture.service.storage.deviceTokens()
        #expect(tokens.allSatisfy { $0.patientLastContact == fixture.clock.now })
        #expect(tokens.filter { $0.lastUsed == fixture.clock.now }.map(\.label) == ["tablet"])
    }
}
