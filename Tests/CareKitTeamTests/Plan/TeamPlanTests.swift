import CareKit
import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// Changing a patient's plan from the dashboard: a new task version that reaches the patient's
/// devices, the store's guard in the care team's words, and the same access rules. Both storages.
@Suite("Care team plan changes")
struct TeamPlanTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    /// Ada's newest version of `id`, as a new device of hers pulls it from the server.
    static func onAdasDevice(_ fixture: F, _ id: String) async throws -> OCKTask {
        let device = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await device.synchronize()
        return try await device.latestTaskVersion(id: id)
    }

    @Test("New instructions are a new task version that syncs down to the patient's devices, and an audit line")
    func instructions() async throws {
        let fixture = try await F.make()
        var grace = fixture.client(address: "192.0.2.44")
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let page = try #require(await grace.get("/team/patients/\(fixture.ada.id)").bodyText)
        #expect(page.contains("/team/patients/\(fixture.ada.id)/tasks/pills/instructions"))
        let saved = await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/instructions", [("instructions", "Take with food <b>")])
        #expect(saved.status == 303 && saved.header("Location") == "/team/patients/\(fixture.ada.id)?changed=instructions")
        let after = try #require(await grace.get("/team/patients/\(fixture.ada.id)?changed=instructions").bodyText)
        #expect(after.contains("The new instructions are saved") && after.contains("Take with food &lt;b&gt;"))

        let pills = try await Self.onAdasDevice(fixture, "pills")
        #expect(pills.instructions == "Take with food <b>")
        #expect(pills.effectiveDate == T.date(7, 12), "from now on: today's earlier events stay as they were")
        let trail = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 5)
        #expect(trail.contains { $0.action == "changed the instructions of pills to “Take with food <b>”" && $0.address == "192.0.2.44" })
    }

    @Test("Stopping a task: a confirm step first (one click stops nothing), the guard against hiding recorded outcomes in the care team's words; a later last day works")
    func stop() async throws {
        let fixture = try await F.make()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let asked = await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/stop", [("last-day", "2025-01-07")])
        let question = try #require(asked.bodyText)
        #expect(asked.status == 200 && question.contains("Stop pills for Ada?") && question.contains("Tuesday, January 7, 2025"), "one click stops nothing: \(question)")
        #expect(question.contains(#"name="confirm" value="yes""#) && question.contains("No, keep pills") && !question.contains("<script"))
        #expect(try await Self.onAdasDevice(fixture, "pills").schedule.endDate() == nil, "asking wrote nothing")
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first?.action.hasPrefix("stopped") != true)

        let refused = await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/stop", [("last-day", "2025-01-03"), ("confirm", "yes")])
        #expect(refused.status == 409)
        let words = try #require(refused.bodyText)
        #expect(words.contains("Ada recorded pills for") && words.contains("after the last day you chose") && words.contains("Nothing was changed"), "\(words)")
        #expect(!words.contains("You recorded") && words.contains("Only the patient can delete an entry"))
        #expect(try await Self.onAdasDevice(fixture, "pills").schedule.endDate() == nil, "nothing was written")

        #expect(await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/stop", [("last-day", "January 7")]).status == 400)
        let stopped = await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/stop", [("last-day", "2025-01-07"), ("confirm", "yes")])
        #expect(stopped.status == 303)
        let pills = try await Self.onAdasDevice(fixture, "pills")
        #expect(pills.schedule.endDate() == T.date(8, 0))
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first?.action == "stopped pills after 2025-01-07")
    }

    @Test("Changes need the session, the CSRF token and an assigned patient; another's patient or task is not found")
    func access() async throws {
        let fixture = try await F.make()
        var alan = fixture.client(), grace = fixture.client(), stranger = fixture.client()
        await alan.signIn("alan@clinic.example", F.alanPassword)
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let foreign = await alan.post("/team/patients/\(fixture.ada.id)/tasks/pills/instructions", [("instructions", "x")])
        let missing = await alan.post("/team/patients/\(fixture.ada.id + 1_000)/tasks/pills/instructions", [("instructions", "x")])
        #expect(foreign.status == 404 && foreign.bodyText == missing.bodyText)
        let noTask = await grace.post("/team/patients/\(fixture.ada.id)/tasks/nothing/stop", [("last-day", "2025-01-07")])
        #expect(noTask.status == 404 && noTask.bodyText == missing.bodyText)
        #expect(await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/instructions", [("instructions", "x")], csrf: false).status == 403)
        #expect(await stranger.post("/team/patients/\(fixture.ada.id)/tasks/pills/instructions", [("instructions", "x")]).status == 403)
        #expect(try await Self.onAdasDevice(fixture, "pills").instructions == nil, "nothing was written")
    }
}
