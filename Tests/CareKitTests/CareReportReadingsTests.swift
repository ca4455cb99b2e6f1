import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// What the report says of readings as a clinician reads them: a blood pressure on one line
/// ("152/95 mmHg ▲ high"), a value that names no kind judged by its task, and every deleted entry
/// listed with when it was recorded and deleted.
@Suite("Care report: readings and deleted entries")
struct CareReportReadingsTests {
    typealias Clock = CareReportClinicalTests.Clock

    static let interval = DateInterval.ockDays(from: TestDates.date("2025-01-06"), through: TestDates.date("2025-01-08"), calendar: TestDates.calendar)

    /// Blood pressure every day at 8:00, made by the plan editor (targets 90–140/60–90).
    static func makeStore() async throws -> (OCKStore, Clock) {
        let clock = Clock()
        let store = OCKStore(name: "readings", type: .inMemory, clock: { clock() })
        var form = OCKTaskPlanForm()
        form.title = "Blood pressure"
        form.times = "08:00"
        form.from = "2025-01-01"
        form.measureKind = "blood-pressure"
        form.range = "90-140/60-90"
        form.countsTowardsAdherence = false
        let plan = try form.plan(calendar: TestDates.calendar, today: TestDates.date("2025-01-01")).get()
        _ = try await store.addTask(plan.task(id: "blood-pressure"))
        return (store, clock)
    }

    static func event(_ day: String, _ store: OCKStore) async throws -> OCKAnyEvent {
        try #require(try await store.fetchEvents(query: OCKEventQuery(for: TestDates.date(day), calendar: TestDates.calendar)).first).anyEvent
    }

    static func report(_ store: OCKStore) async throws -> String {
        let formatter = OCKEventFormatter(calendar: TestDates.calendar, locale: Locale(identifier: "en_US"))
        return try await OCKCareReport.document(store: store, interval: interval, formatter: formatter).htmlContent
    }

    @Test func aBloodPressureIsOneLineWithItsMark() async throws {
        let (store, clock) = try await Self.makeStore()
        clock.set("2025-01-06 08:05")
        let values = [
            OCKOutcomeValue(152, units: "mmHg", kind: "systolic", createdDate: clock()), OCKOutcomeValue(95, units: "mmHg", kind: "diastolic", createdDate: clock())
        ]
        try await store.perform(.replaceValues(values), on: try await Self.event("2025-01-06", store), now: clock(), calendar: TestDates.calendar)
        let html = try await Self.report(store)
        #expect(html.contains("<th scope=\"col\">Blood pressure</th>"), "one column for the reading")
        #expect(html.contains("152/95 mmHg ▲ high"))
        #expect(!html.contains("<th scope=\"col\">Systolic (upper number)</th>"), "not two columns read apart")
    }

    @Test func aDeletedEntryIsListedWithWhenItWasRecordedAndDeleted() async throws {
        let (store, clock) = try await Self.makeStore()
        clock.set("2025-01-07 08:02")
        let slip = [
            OCKOutcomeValue(310, units: "mmHg", kind: "systolic", createdDate: clock()), OCKOutcomeValue(84, units: "mmHg", kind: "diastolic", createdDate: clock())
        ]
        let day = try await Self.event("2025-01-07", store)
        try await store.perform(.replaceValues(slip), on: day, now: clock(), calendar: TestDates.calendar)
        clock.set("2025-01-07 08:05")
        try await store.perform(.markIncomplete, on: day, now: clock(), calendar: TestDates.calendar)
        clock.set("2025-01-07 08:06")
        let fixed = [
            OCKOutcomeValue(130, units: "mmHg", kind: "systolic", createdDate: clock()), OCKOutcomeValue(84, units: "mmHg", kind: "diastolic", createdDate: clock())
        ]
        try await store.perform(.replaceValues(fixed), on: day, now: clock(), calendar: TestDates.calendar)
        let html = try await Self.report(store)
        #expect(html.contains("130/84 mmHg"))
        #expect(html.contains("Deleted entries"))
        #expect(html.contains("310/84 mmHg"), "the slip the clinician would not see otherwise")
        let time = { (text: String) in OCKEventFormatter(calendar: TestDates.calendar, locale: Locale(identifier: "en_US")).time(TestDates.date(text)) }
        #expect(html.contains("Tue, Jan 7, \(time("2025-01-07 08:02"))") && html.contains("Tue, Jan 7, \(time("2025-01-07 08:05"))"))
    }

    @Test func aStoreWithNothingDeletedHasNoSuchSection() async throws {
        let (store, _) = try await Self.makeStore()
        #expect(!(try await Self.report(store)).contains("Deleted entries"))
    }
}
