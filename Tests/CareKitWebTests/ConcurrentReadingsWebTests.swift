import CareKit
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

/// Two devices, apart, record one Temperature event: 99.1 °F on one, 101.9 °F on the other.
/// The store counts the one recorded first; no page hides the other.
@Suite("Web app: every reading of an event")
struct ConcurrentReadingsWebTests {
    typealias W = WebTestSupport

    /// The demo store after such a merge (both outcomes arrive as history, as a sync brings them).
    static func merged() async throws -> (OCKStore, CareKitWebServer, OCKEvent<OCKTask, OCKOutcome>) {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "temperature")
        func outcome(_ value: Double, at time: String) -> OCKEntity {
            var outcome = OCKOutcome(
                taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence,
                values: [OCKOutcomeValue(value, units: "°F", kind: "temperature", createdDate: W.date(time))])
            outcome.effectiveDate = W.date(time)
            outcome.createdDate = W.date(time)
            return .outcome(outcome)
        }
        _ = try await store.importVersions([outcome(99.1, at: "2026-11-26 09:10"), outcome(101.9, at: "2026-11-26 09:12")])
        return (store, server, try await W.todaysEvent(store, task: "temperature"))
    }

    @Test func theStoreCountsOneAndKeepsTheOther() async throws {
        let (store, _, event) = try await Self.merged()
        #expect(event.outcome?.values.first?.numericValue == 99.1, "the one recorded first is the event's outcome")
        let others = try await store.fetchConcurrentOutcomes(taskIDs: ["temperature"], dateInterval: DateInterval.ockDay(containing: W.now, calendar: W.calendar))
        #expect(others.flatMap(\.values).compactMap(\.numericValue) == [101.9])
    }

    @Test func theDayPageTheHistoryAndInsightsShowBoth() async throws {
        let (_, server, _) = try await Self.merged()
        let day = try #require(await server.handle(W.get("/symptoms")).bodyText)
        #expect(day.contains("Also recorded on another device"))
        #expect(day.contains("101.9 °F") && day.contains("▲ high · target 95–100.3 °F"), "the fever is on the day's page, flagged")
        let history = try #require(await server.handle(W.get("/tasks/temperature")).bodyText)
        #expect(history.contains(">99.1 °F<") && history.contains(">101.9 °F<"))
        let insights = try #require(await server.handle(W.get("/insights")).bodyText)
        #expect(insights.contains(">Fever<"), "the alert fires on the other reading")
        let report = try #require(await server.handle(W.get("/report?format=html")).bodyText)
        #expect(report.contains("99.1 °F") && report.contains("101.9 °F ▲ high"))
    }

    @Test func aStoreWithoutConcurrentReadingsShowsNoSuchSection() async throws {
        let (_, server) = try await W.makeServer()
        let day = try #require(await server.handle(W.get("/symptoms")).bodyText)
        #expect(!day.contains("Also recorded on another device"))
    }
}
