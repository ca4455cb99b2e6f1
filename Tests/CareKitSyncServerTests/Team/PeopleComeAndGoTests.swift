import CSQLite
import CareKitSQLite
import CareKitSyncProtocol
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// People come and go: a revoked device token, a disabled or removed clinician, an unassigned
/// patient and a changed password hold at the next request, whichever process made the change,
/// and each act is one audit line. Run on SQLite and, with `CAREKIT_SYNC_STORAGE=postgres`, on
/// PostgreSQL.
@Suite("People come and go")
struct PeopleComeAndGoTests {
    typealias T = SyncServerTests
    typealias F = TeamFixture
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
        let now = TeamTestClock(T.date(2, 10))
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

    @Test("Disabling a clinician ends their session at once and refuses the right password; enabling lets them in again")
    func disableAndEnable() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(await browser.get("/team").status == 200)

        try fixture.service.setClinician("Grace@clinic.example", status: .disabled, by: Self.admin)
        #expect(await browser.get("/team").status == 303, "signed out at the next page")
        let again = await browser.signIn("grace@clinic.example", F.gracePassword)
        #expect(again.status == 403 && again.bodyText?.contains("disabled") == true)
        let wrong = await browser.signIn("grace@clinic.example", "not grace's password")
        #expect(wrong.status == 401, "a wrong password says nothing about the account")
        #expect { try fixture.service.setClinician("grace@clinic.example", status: .disabled, by: Self.admin) } throws: { "\($0)".contains("already") }

        try fixture.service.setClinician("grace@clinic.example", status: .active, by: Self.admin)
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(await browser.get("/team/patients/\(fixture.ada.id)").status == 200, "her patients are still hers")
        let actions = try fixture.service.storage.auditEntries(after: 0, limit: 100).map(\.action)
        #expect(actions.contains("disabled the clinician grace@clinic.example") && actions.contains("enabled the clinician grace@clinic.example"))
    }

    @Test("Removing a clinician ends their sessions and assignments for good; the audit trail still names them")
    func remove() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(await browser.get("/team/patients/\(fixture.ada.id)").status == 200)
        try fixture.service.setClinician("grace@clinic.example", status: .removed, by: Self.admin)
        #expect(await browser.get("/team").status == 303)
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 403)
        let grace = try #require(try fixture.service.storage.clinician(email: "grace@clinic.example"))
        #expect(grace.status == .removed)
        #expect(try fixture.service.storage.assignedPatients(of: grace.id).isEmpty)
        #expect { try fixture.service.setClinician("grace@clinic.example", status: .active, by: Self.admin) } throws: { "\($0)".contains("stays removed") }
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 10).contains { $0.clinicianEmail == "grace@clinic.example" })
    }

    @Test("Unassigning a patient hides them from the clinician's next page; asking twice says so")
    func unassign() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(await browser.get("/team/patients/\(fixture.ada.id)").status == 200)
        try fixture.service.unassign(clinicianEmail: "grace@clinic.example", patientNamed: "Ada", by: Self.admin)
        #expect(await browser.get("/team/patients/\(fixture.ada.id)").status == 404)
        #expect(await browser.get("/team").bodyText?.contains("Ada") == false)
        #expect { try fixture.service.unassign(clinicianEmail: "grace@clinic.example", patientNamed: "Ada", by: Self.admin) } throws: {
            "\($0)".contains("was not assigned")
        }
        let line = try #require(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first)
        #expect(line.action == "unassigned Ada from grace@clinic.example" && line.patient == fixture.ada.id)
    }

    @Test("A new password ends the clinician's sessions; the old one stops working; a reset password is random and works")
    func passwords() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        await #expect { try await fixture.service.changePassword("grace@clinic.example", to: "short", by: Self.admin, limits: .minimum) } throws: {
            "\($0)".contains("at least 12")
        }
        #expect(await browser.get("/team").status == 200, "a refused change ends nothing")
        try await fixture.service.changePassword("grace@clinic.example", to: "a brand new passphrase", by: Self.admin, limits: .minimum)
        #expect(await browser.get("/team").status == 303)
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 401)
        #expect(await browser.signIn("grace@clinic.example", "a brand new passphrase").status == 303)

        let first = try await fixture.service.resetPassword("grace@clinic.example", by: Self.admin, limits: .minimum)
        let second = try await fixture.service.resetPassword("grace@clinic.example", by: Self.admin, limits: .minimum)
        #expect(first != second && first.count == 23 && ClinicianPassword.problem(with: first) == nil)
        #expect(await browser.get("/team").status == 303)
        #expect(await browser.signIn("grace@clinic.example", first).status == 401)
        #expect(await browser.signIn("grace@clinic.example", second).status == 303)
        let actions = try fixture.service.storage.auditEntries(after: 0, limit: 100).map(\.action)
        #expect(actions.filter { $0 == "reset the password of grace@clinic.example" }.count == 2)
        #expect(actions.contains("changed the password of grace@clinic.example"))
        #expect(!actions.joined().contains(second), "no password in the trail")
    }
}
