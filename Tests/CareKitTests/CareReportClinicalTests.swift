import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

/// What a clinician must see in a care report: when each value was recorded (date and time),
/// which entries were edited (with what they said before) or recorded late, and which values
/// are outside the task's target range.
@Suite("Care report: dates, edits, late entries and out-of-range values")
struct CareReportClinicalTests {

    /// A store clock the test moves by hand.
    final class Clock: Sendable {
        private let now = Mutex(TestDates.date("2025-01-06 08:00"))
        func set(_ text: String) { now.withLock { $0 = TestDates.date(text) } }
        func callAsFunction() -> Date { now.withLock { $0 } }
    }

    /// A temperature taken every day at 9:00 (New York), target range 95–100.3 °F.
    static func makeStore() async throws -> (OCKStore, Clock) {
        let clock = Clock()
        let store = OCKStore(name: "clinical", type: .inMemory, clock: { clock() })
        let targets = [
            OCKOutcomeValue(95.0, units: "°F", kind: "temperature", createdDate: TestDates.date("2025-01-01")),
            OCKOutcomeValue(100.3, units: "°F", kind: "temperature", createdDate: TestDates.date("2025-01-01"))
        ]
        var task = OCKTask(
            id: "temperature", title: "Temperature", carePlanUUID: nil,
            schedule: .dailyAtTime(
                hour: 9, minutes: 0, start: TestDates.date("2025-01-01"), end: nil, text: nil,
                targetValues: targets, calendar: TestDates.calendar))
        task.impactsAdherence = false
        task.survey = OCKSurvey(questions: [OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: 80, maximum: 115))])
        _ = try await store.addTask(task)
        return (store, clock)
    }

    /// Records a temperature for the event of `day`, at `time` by the store's clock.
    static func record(_ value: Double, day: String, at time: String, store: OCKStore, clock: Clock) async throws {
        clock.set(time)
        let event = try #require(try await store.fetchEvents(query: OCKEventQuery(for: TestDates.date(day), calendar: TestDates.calendar)).first)
        let values = [OCKOutcomeValue(value, units: "°F", kind: "temperature", createdDate: clock())]
        if var outcome = event.outcome {
            outcome.values = values
            outcome.effectiveDate = clock()
            _ = try await store.updateOutcome(outcome)
        } else {
            var outcome = OCKOutcome(taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence, values: values)
            outcome.effectiveDate = clock()
            _ = try await store.addOutcome(outcome)
        }
    }

    /// Monday 6 to Saturday 11 January 2025:
    /// Mon 98.6 on time; Tue 101.2 edited to 99 at 2 PM; Wed 94; Thu 102 recorded on Friday;
    /// Fri 98 at 11:30 PM (still that day).
    static func makeWeek() async throws -> OCKStore {
        let (store, clock) = try await makeStore()
        try await record(98.6, day: "2025-01-06", at: "2025-01-06 09:15", store: store, clock: clock)
        try await record(101.2, day: "2025-01-07", at: "2025-01-07 09:10", store: store, clock: clock)
        try await record(99, day: "2025-01-07", at: "2025-01-07 14:00", store: store, clock: clock)
        try await record(94, day: "2025-01-08", at: "2025-01-08 09:05", store: store, clock: clock)
        try await record(102, day: "2025-01-09", at: "2025-01-10 08:00", store: store, clock: clock)
        try await record(98, day: "2025-01-10", at: "2025-01-10 23:30", store: store, clock: clock)
        return store
    }

    static let interval = DateInterval(start: TestDates.date("2025-01-06"), end: TestDates.date("2025-01-11"))

    static func formatter(_ zone: String = "America/New_York") -> OCKEventFormatter {
        var calendar = TestDates.calendar
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        return OCKEventFormatter(calendar: calendar, locale: Locale(identifier: "en_US"))
    }

    /// The cells of the HTML table row whose first cell is `day`.
    static func row(_ html: String, day: String) -> [String] {
        let rows = html.components(separatedBy: "<tr>").dropFirst().map { row in
            row.components(separatedBy: "<td>").dropFirst().map { $0.components(separatedBy: "</td>")[0] }
        }
        return rows.first { $0.first == day }?.map(\.withPlainSpaces) ?? []
    }

    @Test("“Recorded at” gives the date and the time, in the report's time zone")
    func recordedAtHasADate() async throws {
        let store = try await Self.makeWeek()
        let html = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter()).htmlContent
        #expect(Self.row(html, day: "Mon, Jan 6").dropFirst().first == "Jan 6, 9:15 AM")
        // The same moment read in Tokyo is late in the evening of the same date.
        let tokyo = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter("Asia/Tokyo")).htmlContent
        #expect(Self.row(tokyo, day: "Mon, Jan 6").dropFirst().first == "Jan 6, 11:15 PM", "9:15 AM in New York is 11:15 PM in Tokyo")
    }

    @Test("An edited value shows what it said before and when it changed")
    func editedValueKeepsItsHistory() async throws {
        let store = try await Self.makeWeek()
        let html = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter()).htmlContent
        let tuesday = Self.row(html, day: "Tue, Jan 7")
        #expect(tuesday.contains("99 °F"), "\(tuesday)")
        #expect(tuesday.contains("Jan 7, 9:10 AM"), "first recorded at 9:10")
        #expect(tuesday.contains("✎ edited Jan 7, 2:00 PM, was 101.2 °F ▲ high"), "\(tuesday)")
        #expect(!Self.row(html, day: "Mon, Jan 6").joined().contains("edited"))
    }

    @Test("A value first recorded after its event's on-time window is marked late, by how much")
    func lateEntriesAreMarked() async throws {
        let store = try await Self.makeWeek()
        let html = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter()).htmlContent
        // The 9:00 event is due until 10:00 (it lasts an hour): the rule of the doses and the app.
        #expect(Self.row(html, day: "Thu, Jan 9").contains("Jan 10, 8:00 AM ◷ 22 h late"))
        #expect(Self.row(html, day: "Fri, Jan 10").contains("Jan 10, 11:30 PM ◷ 13 h 30 min late"), "the same day, but long after the window")
        #expect(Self.row(html, day: "Tue, Jan 7").contains("Jan 7, 9:10 AM"), "on time: no mark")
    }

    @Test("Values outside the target range are flagged in words, and the range is given")
    func outOfRangeValuesAreFlagged() async throws {
        let store = try await Self.makeWeek()
        let html = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter()).htmlContent
        #expect(Self.row(html, day: "Mon, Jan 6").contains("98.6 °F"))
        #expect(Self.row(html, day: "Wed, Jan 8").contains("94 °F ▼ low"))
        #expect(Self.row(html, day: "Thu, Jan 9").contains("102 °F ▲ high"))
        #expect(html.contains("Target range: 95–100.3 °F."))
    }

    @Test("The PDF shows the marks and a legend")
    func pdfHasMarksAndLegend() async throws {
        let store = try await Self.makeWeek()
        let document = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter())
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("clinical.pdf")
        try document.writePDF(to: url)
        let text = try await Poppler.text(url, layout: false).withPlainSpaces
        for mark in ["Jan 6, 9:15 AM", "94 °F ▼ low", "102 °F ▲ high", "◷ 22 h late", "✎ edited Jan 7, 2:00 PM", "101.2 °F"] {
            #expect(text.contains(mark), "\(mark) in the PDF")
        }
        #expect(text.contains("Marks in the measurement tables:"), "the legend")
        for meaning in ["Outside the task's target range", "Changed after it was first recorded", "Recorded after its on-time window or before it"] {
            #expect(text.contains(meaning), "the legend explains \(meaning)")
        }
    }

    @Test("A report without marks has no legend")
    func noMarksNoLegend() async throws {
        let (store, clock) = try await Self.makeStore()
        try await Self.record(98.6, day: "2025-01-06", at: "2025-01-06 09:15", store: store, clock: clock)
        let html = try await OCKCareReport.document(store: store, interval: Self.interval, formatter: Self.formatter()).htmlContent
        #expect(!html.contains("Marks in the measurement tables"))
        #expect(!html.contains("Notes"))
    }
}

extension String {
    /// The text with the no-break spaces ICU puts before "AM" and "PM" made plain.
    var withPlainSpaces: String {
        replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
    }
}
