import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

/// A change of plan is never saved silently: a change that starts on a later day is said on the
/// task's page at once, and the page lists every version of the plan with its days.
@Suite("Web app: plan changes")
struct PlanChangeWebTests {
    typealias W = WebTestSupport

    @Test func aChangeFromSaturdayIsSaidAtOnceAndThePlanHistoryListsBothVersions() async throws {
        let (_, server) = try await PlanEditorWebTests.emptyServer()
        _ = await server.handle(W.post("/plan/new", PlanEditorWebTests.metformin))
        let before = try #require(await server.handle(W.get("/tasks/metformin")).bodyText)
        #expect(!before.contains("Plan history"), "a plan never changed has no history to show")

        let changed = await server.handle(
            W.post("/tasks/metformin/edit", PlanEditorWebTests.metformin.map { $0.0 == "times" ? ("times", "09:00, 21:00") : $0.0 == "from" ? ("from", "2026-11-28") : $0 }))
        #expect(changed.status == 303)
        let page = try #require(await server.handle(W.get("/tasks/metformin")).bodyText)
        let time = { (text: String) in OCKEventFormatter(calendar: W.calendar).time(W.date(text)) }
        #expect(page.contains("Changed: from Sat, Nov 28, the schedule is"), "the change is said before it starts")
        #expect(page.contains(time("2026-11-28 09:00")) && page.contains(time("2026-11-28 21:00")))
        #expect(page.contains("Until then the plan stays as it is."))
        #expect(page.contains("Plan history"))
        #expect(page.contains("Thu, Nov 26 – Sat, Nov 28"), "the first version, with its days")
        #expect(page.contains("From Sat, Nov 28") && page.contains(">upcoming<"))
    }

    @Test func whatChangedIsNamedInWords() async throws {
        let (_, server) = try await PlanEditorWebTests.emptyServer()
        _ = await server.handle(W.post("/plan/new", PlanEditorWebTests.metformin))
        _ = await server.handle(
            W.post("/tasks/metformin/edit", PlanEditorWebTests.metformin.map { $0.0 == "instructions" ? ("instructions", "1000 mg with food") : $0 }))
        let page = try #require(await server.handle(W.get("/tasks/metformin")).bodyText)
        #expect(page.contains("Changed: the instructions are “1000 mg with food”."), "what changed, in words")
        #expect(!page.contains("the schedule is"), "times that stayed are not called a change")
    }
}
