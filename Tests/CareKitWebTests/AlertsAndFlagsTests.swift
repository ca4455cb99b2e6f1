import CareKit
import CareKitStore
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// ZombieKit's alerts and the care report's flags come from one definition of "out of range"
/// (the task's target range): a value alerts in Insights exactly when the report flags it.
@Suite("Alerts and report flags agree")
struct AlertsAndFlagsTests {
    typealias W = WebTestSupport

    struct Case: CustomTestStringConvertible, Sendable {
        var task: ActivityIdentifier
        var value: Double
        var units: String
        /// The value's kind; nil as `carekit log` records it without `--kind`.
        var kind: String?
        /// The Insights alert, if any.
        var alert: String?
        /// The measurement's cell in the report.
        var cell: String
        var testDescription: String { "\(task.rawValue) \(value) \(units)\(kind == nil ? " (no kind)" : "")" }
    }

    static let cases: [Case] = [
        Case(task: .temperature, value: 101.2, units: "°F", kind: "temperature", alert: "Fever", cell: "101.2 °F ▲ high"),
        Case(task: .temperature, value: 100.4, units: "°F", kind: "temperature", alert: "Fever", cell: "100.4 °F ▲ high"),
        Case(task: .temperature, value: 100.3, units: "°F", kind: "temperature", alert: nil, cell: "100.3 °F"),
        Case(task: .temperature, value: 102.5, units: "°F", kind: nil, alert: "Fever", cell: "102.5 °F ▲ high"),
        Case(task: .temperature, value: 94, units: "°F", kind: "temperature", alert: "Temperature too low", cell: "94 °F ▼ low"),
        Case(task: .pulse, value: 38, units: "bpm", kind: "pulse", alert: "Weak pulse", cell: "38 bpm ▼ low"),
        Case(task: .pulse, value: 120, units: "bpm", kind: "pulse", alert: "Pulse too high", cell: "120 bpm ▲ high"),
        Case(task: .pulse, value: 72, units: "bpm", kind: "pulse", alert: nil, cell: "72 bpm")
    ]

    /// Records the value on today's event of the case's task.
    static func record(_ item: Case, in store: OCKStore) async throws {
        let event = try await W.todaysEvent(store, task: item.task.rawValue)
        var outcome = OCKOutcome(
            taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence,
            values: [OCKOutcomeValue(item.value, units: item.units, kind: item.kind, createdDate: W.now)])
        outcome.effectiveDate = W.now
        _ = try await store.addOutcome(outcome)
    }

    @Test("Insights alerts on the values outside the task's target range, and only on them", arguments: cases)
    func insightsAlert(_ item: Case) async throws {
        let (store, server) = try await W.makeServer()
        try await Self.record(item, in: store)
        let insights = try #require(await server.handle(W.get("/insights")).bodyText)
        for alert in Set(Self.cases.compactMap(\.alert)) {
            #expect(insights.contains(">\(alert)<") == (alert == item.alert), "alert \(alert)")
        }
        if item.alert != nil {
            // In the words of the card, the history and the report: "(▲ high · target 95–100.3 °F)".
            let mark = item.cell.contains("▲") ? "▲ high" : "▼ low"
            #expect(insights.contains("\(OCKSurveyQuestion.format(item.value)) \(item.units) on Thu, Nov 26 (\(mark) · target "))
        }
    }

    @Test("The report flags exactly the values Insights alerts on, with a legend", arguments: cases)
    func reportFlags(_ item: Case) async throws {
        let (store, server) = try await W.makeServer()
        try await Self.record(item, in: store)
        let html = try #require(await server.handle(W.get("/report?from=2026-11-26&to=2026-11-26&format=html")).bodyText)
        #expect(html.contains("<td>\(item.cell)</td>"), "\(item.cell)")
        let flagged = html.contains("▲ high</td>") || html.contains("▼ low</td>")
        #expect(flagged == (item.alert != nil), "flagged in the report exactly when Insights alerts")
        #expect(html.contains("Outside the task's target range") == flagged, "the legend explains the flags it has")
    }
}
