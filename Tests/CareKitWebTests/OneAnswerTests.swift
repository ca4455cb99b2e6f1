import CareKit
import CareKitStore
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// "How did I do today" has one answer: the Care Card's and the Symptom Tracker's rings,
/// Insights, the report and the store's adherence agree on every day.
@Suite("One answer to how did I do today")
struct OneAnswerTests {
    typealias W = WebTestSupport

    /// Completes the first `count` of today's training events (the assessments stay undone).
    static func completeTrainings(_ count: Int, in store: OCKStore) async throws {
        let day = DateInterval.ockDay(containing: W.now, calendar: W.calendar)
        let trainings = try await store.fetchEvents(query: OCKEventQuery(dateInterval: day))
            .filter { ![ActivityIdentifier.pulse.rawValue, ActivityIdentifier.temperature.rawValue].contains($0.task.id) }
        #expect(trainings.count == 10, "ZombieKit trains ten times a day")
        let outcomes = trainings.prefix(count).map { event in
            OCKOutcome(
                taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence,
                values: [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: event.scheduleEvent.start)])
        }
        try await store.addOutcomes(Array(outcomes))
    }

    /// The words of today's ring on a daily page ("Complete", "40% complete").
    static func todaysRing(_ server: CareKitWebServer, path: String) async throws -> String {
        let html = try #require(await server.handle(W.get(path)).bodyText)
        let label = html.components(separatedBy: "aria-label=\"Thursday, November 26, ").dropFirst().first?.prefix { $0 != "\"" }
        return String(try #require(label, "\(path) has a ring for today"))
    }

    /// Today's completion as Insights, the report's chart and the store give it.
    static func todaysNumbers(_ store: OCKStore) async throws -> (insights: Double?, report: String?, store: Double?) {
        let calendar = W.calendar
        let week = try #require(calendar.dateInterval(of: .weekOfYear, for: W.now))
        let today = calendar.startOfDay(for: W.now)
        let insights = try await OCKInsightsData.load(store: store, interval: week, calendar: calendar)
        let insightsToday = insights.days.firstIndex(of: today).flatMap { insights.completion[$0] }

        let formatter = OCKEventFormatter(calendar: calendar, locale: Locale(identifier: "en_US"))
        let elements = try await OCKCareReport.elements(store: store, interval: week, formatter: formatter)
        let chart = elements.compactMap { $0 as? OCKDocumentElementChart }.first { $0.title == "Daily adherence" }
        let labels = chart?.dataSeries.first?.valueLabels ?? []
        let reportToday = labels.indices.contains(4) ? labels[4] : nil  // Sun … Thu

        let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: [], dateInterval: .ockDay(containing: today, calendar: calendar), calendar: calendar))
        return (insightsToday, reportToday, adherence.first?.fractionCompleted)
    }

    /// Trainings done today, and what every page and the report must then say.
    static let days: [(done: Int, ring: String, fraction: Double, percent: String)] = [
        (10, "Complete", 1, "100%"),
        (4, "40% complete", 0.4, "40%")
    ]

    @Test("Trainings done, no assessment: the rings, Insights, the report and the store agree", arguments: days)
    func everyPageAgrees(_ day: (done: Int, ring: String, fraction: Double, percent: String)) async throws {
        let (store, server) = try await W.makeServer()
        try await Self.completeTrainings(day.done, in: store)
        #expect(try await Self.todaysRing(server, path: "/care-card") == day.ring)
        #expect(try await Self.todaysRing(server, path: "/symptoms") == day.ring)
        let numbers = try await Self.todaysNumbers(store)
        #expect(numbers.insights == day.fraction)
        #expect(numbers.report == day.percent)
        #expect(numbers.store == day.fraction)
        let report = try #require(await server.handle(W.get("/report?from=2026-11-26&to=2026-11-26&format=html")).bodyText)
        #expect(report.contains(">\(day.percent)<"), "the report's chart labels today's bar")
    }

    @Test("Assessments that impact adherence count everywhere too: 10 of 12 is 83% on every page and in the report")
    func countingAssessmentsCountEverywhere() async throws {
        let (store, server) = try await W.makeServer(demo: false)
        let tasks = CarePlanData(startingInWeekOf: W.now, calendar: W.calendar).tasks(carePlanUUID: nil).map { task in
            var task = task
            task.impactsAdherence = true
            return task
        }
        try await store.addTasks(tasks)
        try await Self.completeTrainings(10, in: store)
        #expect(try await Self.todaysRing(server, path: "/care-card") == "83% complete")
        #expect(try await Self.todaysRing(server, path: "/symptoms") == "83% complete")
        let numbers = try await Self.todaysNumbers(store)
        #expect(numbers.insights.map { ($0 * 12).rounded() } == 10)
        #expect(numbers.report == "83%")
        #expect(numbers.store.map { ($0 * 12).rounded() } == 10)
    }

    @Test("ZombieKit's assessments do not count towards adherence; its trainings do")
    func assessmentsDoNotCount() {
        let plan = CarePlanData(startingInWeekOf: W.now, calendar: W.calendar)
        for task in plan.tasks(carePlanUUID: nil) {
            let isAssessment = task.id == ActivityIdentifier.pulse.rawValue || task.id == ActivityIdentifier.temperature.rawValue
            #expect(OCKAdherence.counts(task) == !isAssessment, "\(task.id)")
        }
    }
}
