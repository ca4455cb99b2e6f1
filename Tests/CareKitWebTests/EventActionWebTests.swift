import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

/// The care app's event buttons under load from many tabs at once, and on days that have not
/// come yet.
@Suite("Event actions on the web")
struct EventActionWebTests {
    typealias W = WebTestSupport

    /// Twenty tabs log a value on one event at the same moment.
    @Test func twentySimultaneousLogsAreAllKept() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    await server.handle(W.post(W.eventPath(cardio.id) + "/log", [("value", "\(100 + index)")])).status
                }
            }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses == Array(repeating: 303, count: 20))
        let values = try await W.todaysEvent(store, task: "cardio").outcome?.values.compactMap(\.integerValue) ?? []
        #expect(values.sorted() == Array(100..<120), "every value a 303 acknowledged is kept")
    }

    @Test func simultaneousCompletionsWriteOneOutcome() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")])).status }
            }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses == Array(repeating: 303, count: 20))
        #expect(try await W.todaysEvent(store, task: "cardio").outcome != nil)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 1, "written once, never deleted by another request")
    }

    @Test func tomorrowIsReadOnly() async throws {
        let (store, server) = try await W.makeServer()
        var query = OCKEventQuery(for: W.date("2026-11-27"), calendar: W.calendar)
        query.taskIDs = ["cardio"]
        let tomorrow = try #require(try await store.fetchEvents(query: query).first)

        let page = await server.handle(W.get("/care-card?date=2026-11-27"))
        let html = page.bodyText ?? ""
        #expect(page.status == 200)
        #expect(html.contains("has not come yet"))
        #expect(!html.contains(URLEncoding.encode(tomorrow.id) + "/complete"), "no button of tomorrow posts a completion")
        #expect(html.contains("disabled"))

        let post = await server.handle(W.post(W.eventPath(tomorrow.id) + "/complete", [("completed", "true")]))
        #expect(post.status == 409)
        #expect((post.bodyText ?? "").contains("has not happened yet"))
        let log = await server.handle(W.post(W.eventPath(tomorrow.id) + "/log", [("value", "5")]))
        #expect(log.status == 409)
        #expect(try await store.fetchEvents(query: query).first?.outcome == nil)

        var pulseQuery = OCKEventQuery(for: W.date("2026-11-27"), calendar: W.calendar)
        pulseQuery.taskIDs = ["pulse"]
        let pulse = try #require(try await store.fetchEvents(query: pulseQuery).first)
        let survey = await server.handle(W.get("/survey/" + URLEncoding.encode(pulse.id)))
        #expect(survey.status == 409)
        #expect((survey.bodyText ?? "").contains("has not come yet"))

        // Today's page is not read-only.
        let today = await server.handle(W.get("/care-card"))
        #expect(!(today.bodyText ?? "").contains("has not come yet"))
        #expect((today.bodyText ?? "").contains("/complete"))
    }
}
