import CareKit
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

/// Small things found in review: a tap without JavaScript returns to its card, task and
/// survey pages highlight their tab, the contact page shows the numbers as text and the role once.
@Suite("Polish")
struct PolishTests {
    typealias W = WebTestSupport

    @Test func aTapWithoutJavaScriptReturnsToItsCard() async throws {
        let (store, server) = try await W.makeServer()
        let page = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(page.contains("id=\"task-limber-up\""))
        #expect(page.contains("name=\"anchor\" value=\"task-limber-up\""))
        let event = try await W.todaysEvent(store, task: "Limber Up")
        let response = await server.handle(
            W.post(
                "/events/" + URLEncoding.encode(event.id) + "/complete",
                [("completed", "true"), ("return", "/care-card"), ("anchor", "task-limber-up")]))
        #expect(response.status == 303)
        #expect(response.header("location") == "/care-card#task-limber-up")
    }

    @Test func anAnchorThatIsNotACardIDIsDropped() {
        #expect(CareKitWebServer.fragment("task-limber-up") == "#task-limber-up")
        #expect(CareKitWebServer.fragment("x\" onload=1") == "")
        #expect(CareKitWebServer.fragment("//evil.example") == "")
        #expect(CareKitWebServer.fragment(nil) == "")
    }

    @Test func taskAndSurveyPagesHighlightTheirTab() async throws {
        let (store, server) = try await W.makeServer()
        let task = try #require(await server.handle(W.get("/tasks/pulse?return=%2Fsymptoms%3Fdate%3D2026-11-26")).bodyText)
        #expect(task.contains("href=\"/symptoms\" class=\"ck-tab\" aria-current=\"page\""))
        let pulse = try await W.todaysEvent(store, task: "pulse")
        let survey = try #require(await server.handle(W.get("/survey/" + URLEncoding.encode(pulse.id) + "?return=%2Fsymptoms")).bodyText)
        #expect(survey.contains("href=\"/symptoms\" class=\"ck-tab\" aria-current=\"page\""))
    }

    @Test func theTaskPageSaysItsScheduleOnce() async throws {
        let (_, server) = try await W.makeServer()
        let page = try #require(await server.handle(W.get("/tasks/Limber%20Up")).bodyText)
        let schedule = try #require(page.components(separatedBy: "ck-schedule").dropFirst().first)
        #expect(schedule.components(separatedBy: "<li>").count - 1 == 1)
        #expect(schedule.contains("Every day at "))
    }

    @Test func theContactPageShowsNumbersAsTextAndTheRoleOnce() async throws {
        let (_, server) = try await W.makeServer()
        let page = try #require(await server.handle(W.get("/connect/columbus-ohio")).bodyText)
        #expect(page.contains("<dd>888-555-5235</dd>"))
        #expect(page.contains("<dd>columbus@example.com</dd>"))
        #expect(page.components(separatedBy: ">Therapist<").count - 1 == 1)
    }
}
