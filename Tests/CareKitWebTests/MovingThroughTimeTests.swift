import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// Moving through time: the week calendar's pager and "Today", Insights' last seven days and
/// its pager, and advice that waits for whole days. "Now" is Thursday 2026-11-26 10:00 in New York.
@Suite("Web app: moving through time")
struct MovingThroughTimeTests {
    typealias W = WebTestSupport

    /// The `href`s of a page's links with a class.
    static func links(_ html: String, class name: String) -> [String] {
        html.components(separatedBy: "<a ").dropFirst().compactMap { tag -> String? in
            let head = String(tag.prefix { $0 != ">" })
            guard head.contains(name), let href = head.components(separatedBy: "href=\"").dropFirst().first else { return nil }
            return String(href.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test("The Care Card goes a week back and forth, keeps the day in its address, and comes back to today")
    func careCardWeekPager() async throws {
        let (_, server) = try await W.makeServer()
        let today = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(Self.links(today, class: "ck-previous-week") == ["/care-card?date=2026-11-19"])
        #expect(Self.links(today, class: "ck-next-week") == ["/care-card?date=2026-12-03"])
        #expect(Self.links(today, class: "ck-today-link").isEmpty, "today's page does not link to itself")
        #expect(today.contains("<span class=\"ck-week-link ck-today-link\" aria-current=\"date\">Today</span>"), "today's page says Today, marked as the day shown")

        let lastWeek = try #require(await server.handle(W.get("/care-card?date=2026-11-19")).bodyText)
        #expect(lastWeek.contains("Thursday, November 19, 2026"))
        #expect(Self.links(lastWeek, class: "ck-previous-week") == ["/care-card?date=2026-11-12"])
        #expect(Self.links(lastWeek, class: "ck-next-week") == ["/care-card?date=2026-11-26"])
        #expect(!lastWeek.contains("ck-today-link\" aria-current"))
        #expect(Self.links(lastWeek, class: "ck-today-link") == ["/care-card"])

        let nextWeek = try #require(await server.handle(W.get("/care-card?date=2026-12-03")).bodyText)
        #expect(nextWeek.contains("Thursday, December 3, 2026"))
        #expect(nextWeek.contains("has not come yet"), "a future day is read-only and says so")
    }

    @Test("Insights shows the last seven days, pages back by weeks and never into the future")
    func insightsWeekPager() async throws {
        let (_, server) = try await W.makeServer()
        let html = try #require(await server.handle(W.get("/insights")).bodyText)
        #expect(html.contains("Fri, Nov 20 – Thu, Nov 26"))
        #expect(Self.links(html, class: "ck-previous-week") == ["/insights?date=2026-11-19"])
        #expect(Self.links(html, class: "ck-next-week").isEmpty, "no week after today")

        let earlier = try #require(await server.handle(W.get("/insights?date=2026-11-19&task=pulse")).bodyText)
        #expect(earlier.contains("Fri, Nov 13 – Thu, Nov 19"))
        #expect(Self.links(earlier, class: "ck-previous-week") == ["/insights?date=2026-11-12&task=pulse"], "the measurement chosen is kept")
        #expect(Self.links(earlier, class: "ck-next-week") == ["/insights?task=pulse"], "a week on is today")

        let future = try #require(await server.handle(W.get("/insights?date=2026-12-24")).bodyText)
        #expect(future.contains("Fri, Nov 20 – Thu, Nov 26"), "a day after today shows the days up to today")
    }

    /// A store with one daily training task that started `daysAgo` days before today.
    static func trainingStore(startedDaysAgo daysAgo: Int) async throws -> (OCKStore, CareKitWebServer) {
        let (store, server) = try await W.makeServer(demo: false)
        let start = try #require(W.calendar.date(byAdding: .day, value: -daysAgo, to: W.calendar.startOfDay(for: W.now)))
        try await store.addTask(
            OCKTask(
                id: "cardio", title: "Cardio", carePlanUUID: nil,
                schedule: .dailyAtTime(hour: 8, minutes: 0, start: start, end: nil, text: nil, calendar: W.calendar)))
        return (store, server)
    }

    /// The first event of a task on a day ("2026-11-10").
    static func firstEvent(_ store: OCKStore, task: String, on day: String) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        var query = OCKEventQuery(for: W.date(day), calendar: W.calendar)
        query.taskIDs = [task]
        return try #require(try await store.fetchEvents(query: query).first)
    }

    @Test("No advice about training on the plan's first day; after a whole day missed, there is")
    func noScoldingBeforeAWholeDay() async throws {
        let (_, firstDay) = try await Self.trainingStore(startedDaysAgo: 0)
        let fresh = try #require(await firstDay.handle(W.get("/insights")).bodyText)
        #expect(!fresh.contains("Train harder"))

        let (_, secondDay) = try await Self.trainingStore(startedDaysAgo: 1)
        let missed = try #require(await secondDay.handle(W.get("/insights")).bodyText)
        #expect(missed.contains("Train harder"), "yesterday passed with nothing done")
    }

    @Test("An empty week with earlier entries says when the last one was and links to its week, not 'No Insights'")
    func emptyWeekPointsToTheLastEntry() async throws {
        let (store, server) = try await Self.trainingStore(startedDaysAgo: 30)
        let old = try await Self.firstEvent(store, task: "cardio", on: "2026-11-10")
        _ = try await store.perform(.complete, on: old.anyEvent, now: W.date("2026-11-10 09:00"), calendar: W.calendar)

        let html = try #require(await server.handle(W.get("/insights")).bodyText)
        #expect(!html.contains("No Insights"))
        #expect(html.contains("Your last entry is from Tue, Nov 10."))
        #expect(Self.links(html, class: "ck-last-entry-link") == ["/insights?date=2026-11-10"])
        let then = try #require(await server.handle(W.get("/insights?date=2026-11-10")).bodyText)
        #expect(then.contains(">100%<"), "that week shows the training done")

        let (_, empty) = try await W.makeServer(demo: false)
        #expect(try #require(await empty.handle(W.get("/insights")).bodyText).contains("No Insights"), "an empty store still says so")
    }
}
