import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// The patient list of a clinician with many patients: pages of 50 rows, sorted and filtered
/// over all of them, audit lines only for the rows shown, and overviews kept between lists
/// only until the patient pushes again or the day changes.
@Suite("Team dashboard: a long patient list")
struct TeamListScaleTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    /// The fixture with 59 more patients (P01…P59, never synchronized) assigned to Grace.
    static func sixtyPatients() async throws -> TeamFixture {
        let fixture = try await F.make()
        for number in 1...59 {
            let name = "P" + String(number + 100).dropFirst()
            _ = try fixture.service.addPatient(name: name)
            try fixture.service.assign(clinicianEmail: "grace@clinic.example", patientNamed: name)
        }
        return fixture
    }

    static func patient(_ fixture: TeamFixture, _ name: String) throws -> SyncPatient {
        try #require(try fixture.service.storage.patients().first { $0.name == name })
    }

    @Test("Sixty patients come 50 at a time in name order, with links between the pages; only the rows shown are audited")
    func pages() async throws {
        let fixture = try await Self.sixtyPatients()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)

        let first = try #require(await grace.get("/team").bodyText)
        #expect(first.contains("Patients 1–50 of 60"))
        #expect(first.contains(">Ada<") && first.contains(">P49<") && !first.contains(">P50<"))
        #expect(first.contains("Next 10 →") && !first.contains("← Previous"))
        #expect(try fixture.service.storage.auditTrail(patient: try Self.patient(fixture, "P55").id, limit: 5).isEmpty, "P55 was not shown")
        let p49 = try fixture.service.storage.auditTrail(patient: try Self.patient(fixture, "P49").id, limit: 5)
        #expect(p49.count == 1, "\(p49)")

        let second = try #require(await grace.get("/team?sort=name&page=2").bodyText)
        #expect(second.contains("Patients 51–60 of 60"))
        #expect(second.contains(">P50<") && second.contains(">P59<") && !second.contains(">Ada<"))
        #expect(second.contains("← Previous 50") && !second.contains("Next"))
        #expect(try fixture.service.storage.auditTrail(patient: try Self.patient(fixture, "P55").id, limit: 5).first?.action.contains("patient list") == true)

        // Past the end: the last page. Nonsense: the first.
        #expect(try #require(await grace.get("/team?page=9").bodyText).contains("Patients 51–60 of 60"))
        #expect(try #require(await grace.get("/team?page=-3").bodyText).contains("Patients 1–50 of 60"))
    }

    @Test("Sorting and filtering cover every patient, not only the page: Ada, the only one who ever synchronized, comes last by sync")
    func sortAcrossPages() async throws {
        let fixture = try await Self.sixtyPatients()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let bySync = try #require(await grace.get("/team?sort=sync&page=2").bodyText)
        #expect(bySync.contains(">Ada<"), "the most recent sync is on the last page")
        let alone = try #require(await grace.get("/team?q=ada").bodyText)
        #expect(alone.contains("Patients 1–1 of 1") && alone.contains(">Ada<"))
    }

    @Test("A patient who completes today's event after the list was shown has a moved ring on the next list")
    func aPushMovesTheRing() async throws {
        let fixture = try await F.make()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let before = try #require(await grace.get("/team").bodyText)
        #expect(before.contains(#"aria-label="2025-01-07: 0% complete""#))
        #expect(before.contains("Missed today: pills, due 08:00."))

        let phone = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await phone.synchronize()
        let pills = try await phone.fetchTask(withID: "pills")
        try await phone.addOutcome(T.outcome(pills, 6))
        try await phone.synchronize()

        let after = try #require(await grace.get("/team").bodyText)
        #expect(after.contains(#"aria-label="2025-01-07: Complete""#))
        #expect(!after.contains("Missed today"))
    }

    @Test("At midnight the list starts a new day: yesterday's rings shift left, today's events are not yet missed")
    func aNewDay() async throws {
        let fixture = try await F.make()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        #expect(try #require(await grace.get("/team").bodyText).contains("Missed today: pills, due 08:00."))
        fixture.clock.set(T.date(8, 0).addingTimeInterval(60))
        var later = fixture.client()
        await later.signIn("grace@clinic.example", F.gracePassword)
        let page = try #require(await later.get("/team").bodyText)
        #expect(page.contains(#"aria-label="2025-01-08: 0% complete""#))
        #expect(!page.contains("Missed today"), "8:00's pills are not missed at 0:01")
    }
}
