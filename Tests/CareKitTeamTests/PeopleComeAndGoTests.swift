import Foundation
import Testing

@testable import CareKitSyncServer

/// People come and go: a disabled or removed clinician, an unassigned patient and a changed
/// password hold at the clinician's next page, whichever process made the change, and each act
/// is one audit line. Run on SQLite and, with `CAREKIT_SYNC_STORAGE=postgres`, on PostgreSQL.
/// (Device tokens come and go in CareKitSyncServerTests' DeviceTokensComeAndGoTests.)
@Suite("People come and go")
struct PeopleComeAndGoTests {
    typealias F = TeamFixture
    static let admin = SyncService.Actor.commandLine(user: "root")

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
