import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The care report's reads grow with the days it covers, not faster: counted in the store's
/// SQLite steps (rows visited, index probes), the same on a busy machine as on a quiet one.
@Suite("Care report: cost grows linearly")
struct CareReportGrowthTests {
    /// Days the report covers at the three sizes: each doubles the one before.
    static let sizes = [14, 28, 56]

    /// A store with three daily tasks (one of them twice a day) and an outcome for every event
    /// of `days` days from 1 January 2025.
    static func store(days: Int) async throws -> (OCKStore, DateInterval) {
        let calendar = TestDates.calendar
        let start = TestDates.date("2025-01-01")
        let store = OCKStore(name: "report-growth", type: .inMemory, clock: { TestDates.date("2025-06-01 09:00") })
        _ = try await store.addPatient(OCKPatient(id: "jane", givenName: "Jane", familyName: "Appleseed"))
        var tasks: [OCKTask] = []
        for (id, hours) in [("medication", [8, 20]), ("walk", [17]), ("pressure", [9])] {
            let schedule = OCKSchedule(composing: hours.map { OCKSchedule.dailyAtTime(hour: $0, minutes: 0, start: start, end: nil, text: nil, calendar: calendar) })
            var task = OCKTask(id: id, title: id, carePlanUUID: nil, schedule: schedule)
            task.timezone = TestDates.newYork
            tasks.append(task)
        }
        _ = try await store.addTasks(tasks)
        let interval = DateInterval(start: start, end: calendar.date(byAdding: .day, value: days, to: start) ?? start)
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: interval))
        _ = try await store.addOutcomes(
            events.map { event in
                OCKOutcome(
                    taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence,
                    values: [OCKOutcomeValue(Double(event.scheduleEvent.occurrence % 40 + 100), units: "mmHg", kind: nil, createdDate: event.scheduleEvent.start)])
            })
        return (store, interval)
    }

    @Test("Doubling the days a report covers at most doubles (×3 allowed) the store's work")
    func reportReadsGrowLinearly() async throws {
        var counts: [Int64] = []
        for days in Self.sizes {
            let (store, interval) = try await Self.store(days: days)
            let formatter = OCKEventFormatter(calendar: TestDates.calendar, locale: Locale(identifier: "en_US"))
            let before = await store.sqliteSteps()
            let document = try await OCKCareReport.document(store: store, interval: interval, formatter: formatter, title: "Care report")
            counts.append(await store.sqliteSteps() - before)
            #expect(document.htmlContent.contains("walk"), "the report lists the tasks")
        }
        #expect(counts.allSatisfy { $0 > 0 }, "the report read nothing: \(counts)")
        for (small, large) in zip(counts, counts.dropFirst()) {
            let ratio = Double(large) / Double(small)
            #expect(ratio <= 3, "doubling the report's days took \(String(format: "%.1f", ratio))× the SQLite steps (\(counts) at \(Self.sizes) days)")
        }
    }
}
