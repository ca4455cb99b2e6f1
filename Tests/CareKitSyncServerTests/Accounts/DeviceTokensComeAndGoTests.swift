import CareKitSyncProtocol
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// People come and go, device tokens: a revoked token is refused at the next request, whichever
/// process revoked it, and the act is one audit line; a token's last use is written at most
/// hourly. Run on SQLite and, with `CAREKIT_SYNC_STORAGE=postgres`, on PostgreSQL. (Clinicians
/// come and go in CareKitTeamTests' PeopleComeAndGoTests.)
@Suite("People come and go: device tokens")
struct DeviceTokensComeAndGoTests {
    typealias T = SyncFixtures
    static let admin = SyncService.Actor.commandLine(user: "root")

    static func folder() throws -> URL {
        let folder = TestFolders.make("people")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("A token revoked by another process is refused at the server's very next request; the patient's other token still works")
    func revocationHoldsAtOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sync.sqlite").path
        let server = try T.makeService(path: path)
        let (_, phone) = try server.addPatient(name: "Ada")
        let tablet = try server.addDevice(patientNamed: "Ada", label: "tablet")
        let pull = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init()))
        #expect(server.pull(authorization: "Bearer \(phone)", body: pull).status == 200)

        // `carekit sync-server revoke` runs in a process of its own: here, storage opened again.
        let command = try T.makeService(path: path)
        // Both were made at the same moment: in either order.
        let listed = try command.devices(patientNamed: "Ada").sorted { $0.label < $1.label }
        #expect(listed.map(\.label) == ["first device", "tablet"])
        #expect(listed[0].lastUsed == T.date(2), "the pull was noted")
        #expect(listed[1].lastUsed == nil && listed.allSatisfy { $0.revoked == nil })
        let revoked = try command.revokeDevice(String(listed[0].id.prefix(8)), by: Self.admin)
        #expect(revoked.hash == DeviceToken.hash(phone))

        let refused = server.pull(authorization: "Bearer \(phone)", body: pull)
        #expect(refused.status == 401 && String(decoding: refused.body, as: UTF8.self).contains("revoked"))
        #expect(server.pull(authorization: "Bearer \(tablet)", body: pull).status == 200)
        #expect(try command.devices().first { $0.label == "first device" }?.revoked == T.date(2))
        #expect { try command.revokeDevice(listed[0].id, by: Self.admin) } throws: { "\($0)".contains("already revoked") }
        #expect { try command.revokeDevice("0000", by: Self.admin) } throws: { "\($0)".contains("No device token") }

        let trail = try server.storage.auditEntries(after: 0, limit: 10)
        #expect(trail.count == 1)
        #expect(trail.first?.action == "revoked the device token \(listed[0].id) (first device)")
        #expect(trail.first?.clinicianEmail == "administrator (unix user root)" && trail.first?.address == "local")
        #expect(try server.verifyAudit().firstBroken == nil)
    }

    @Test("An idle device's syncs write nothing: its last use is noted at most once an hour")
    func lastUseIsHourly() throws {
        let now = SyncTestClock(T.date(2, 10))
        let service = SyncService(storage: try T.makeStorage(), clock: now.function)
        let (_, token) = try service.addPatient(name: "Ada")
        let pull = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init()))
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 200)
        now.advance(59 * 60)
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 200)
        #expect(try service.devices().first?.lastUsed == T.date(2, 10), "not written again within the hour")
        now.advance(60)
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 200)
        #expect(try service.devices().first?.lastUsed == T.date(2, 11))
    }
}
