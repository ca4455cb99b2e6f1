import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// The report a doctor can use: it opens with the patient and the medications with their doses
/// and times, then adherence, when each dose was marked against when it was due (late and
/// early by the one rule, with how much), the measurements, and the care team's notes.
@Suite("Care report: the patient, the medications and when each dose was marked")
struct CareReportDoseTests {

    /// Sunday 22 and Monday 23 November 2026, New York.
    static let interval = DateInterval.ockDays(from: TestDates.date("2026-11-22"), through: TestDates.date("2026-11-23"), calendar: TestDates.calendar)

    /// Ada (born 15 March 1960) takes Lisinopril at 9 AM and 9 PM. Sunday's two doses were
    /// ticked together at 6:30 PM; Monday's morning dose at 9:05 AM, the evening one not at all.
    static func makeStore(patient: Bool = true) async throws -> OCKStore {
        let now = TestDates.date("2026-11-24 10:00")
        let store = OCKStore(name: "doses", type: .inMemory, clock: { now })
        if patient {
            var ada = OCKPatient(id: "ada", givenName: "Ada", familyName: "Lovelace")
            ada.birthday = TestDates.date("1960-03-15 12:00")
            _ = try await store.addPatient(ada)
        }
        let start = TestDates.date("2026-11-16")
        let schedule = OCKSchedule(composing: [9, 21].map { OCKSchedule.dailyAtTime(hour: $0, minutes: 0, start: start, end: nil, text: nil, calendar: TestDates.calendar) })
        var task = OCKTask(id: "lisinopril", title: "Lisinopril 10 mg", carePlanUUID: nil, schedule: schedule)
        task.instructions = "1 tablet with water"
        task.timezone = TestDates.newYork
        task.notes = [OCKNote(author: "grace@clinic.example", title: "2026-11-24 10:00", content: "Take the evening dose with food.")]
        _ = try await store.addTask(task)
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: interval)).sorted { $0.scheduleEvent.start < $1.scheduleEvent.start }
        for (event, tick) in zip(events, ["2026-11-22 18:30", "2026-11-22 18:30", "2026-11-23 09:05"]) {
            _ = try await store.perform(.complete, on: event, now: TestDates.date(tick), calendar: TestDates.calendar)
        }
        return store
    }

    static var formatter: OCKEventFormatter { OCKEventFormatter(calendar: TestDates.calendar, locale: Locale(identifier: "en_US")) }

    /// The cells of every row of the HTML's tables.
    static func rows(_ html: String) -> [[String]] {
        html.components(separatedBy: "<tr>").dropFirst().map { row in
            row.components(separatedBy: "<td>").dropFirst().map { $0.components(separatedBy: "</td>")[0] }
        }
    }

    static func html(_ store: OCKStore) async throws -> String {
        try await OCKCareReport.document(store: store, interval: interval, formatter: formatter).htmlContent.withPlainSpaces
    }

    @Test("Sunday's 9 AM and 9 PM doses ticked together at 6:30 PM read late and early, with how much, not 2/2 on time")
    func dosesTickedTogether() async throws {
        let html = try await Self.html(try await Self.makeStore())
        #expect(CareReportClinicalTests.row(html, day: "Sun, Nov 22") == ["Sun, Nov 22", "6:30 PM ◷ 8 h 30 min late", "6:30 PM ◷ 1 h 30 min early"])
        #expect(CareReportClinicalTests.row(html, day: "Mon, Nov 23") == ["Mon, Nov 23", "9:05 AM", "Not marked"])
        #expect(html.contains(">Due 9:00 AM</th>") && html.contains(">Due 9:00 PM</th>"))
        // The week's table says that a day had a dose off time.
        #expect(Self.rows(html).contains(["Lisinopril 10 mg", "2/2 ◷", "1/2", "3/4 (75%)"]))
        #expect(html.contains("Marks in the dose tables:"))
        #expect(html.contains("Recorded after its on-time window or before it, by how much."))
    }

    @Test("The report opens with the patient and the medications with doses and times, and ends with the care team's notes")
    func contentsInOrder() async throws {
        let html = try await Self.html(try await Self.makeStore())
        let order = [
            "Patient", "Name: Ada Lovelace", "Born March 15, 1960 (age 66)", "From Sunday, November 22, 2026 to Monday, November 23, 2026.", "Medications and tasks",
            "Adherence", "Tasks completed per day", "Lisinopril 10 mg: when each dose was marked", "Notes from the care team"
        ]
        let positions = order.map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "in this order: \(order)")
        #expect(Self.rows(html).contains(["Lisinopril 10 mg", "Every day at 9:00 AM and 9:00 PM, from Mon, Nov 16", "1 tablet with water"]))
        #expect(html.contains("About Lisinopril 10 mg: Take the evening dose with food. — grace@clinic.example, 2026-11-24 10:00"))
    }

    @Test("A plan with no patient says the name was not recorded")
    func noPatient() async throws {
        let html = try await Self.html(try await Self.makeStore(patient: false))
        #expect(html.contains("Name not recorded"))
        #expect(!html.contains("Born"))
    }

    @Test("A patient's newest version is the one reported, even when it took effect after the report's days")
    func newestPatientVersion() async throws {
        let store = try await Self.makeStore()
        var ada = try #require(try await store.fetchPatients(query: OCKPatientQuery()).first)
        ada.name.givenName = "Augusta Ada"
        _ = try await store.updatePatient(ada)
        let html = try await Self.html(store)
        #expect(html.contains("Name: Augusta Ada Lovelace"))
        #expect(html.contains("Care report — Augusta Ada Lovelace"))
    }

    @Test("The PDF has the patient, the medication list and the dose marks")
    func pdf() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("doses.pdf")
        try await OCKCareReport.document(store: try await Self.makeStore(), interval: Self.interval, formatter: Self.formatter).writePDF(to: url)
        let text = try await Poppler.text(url, layout: false).withPlainSpaces
        for words in [
            "Name: Ada Lovelace", "Born March 15, 1960 (age 66)", "1 tablet with water", "Every day at 9:00 AM and 9:00 PM", "6:30 PM ◷ 8 h 30 min late", "6:30 PM ◷ 1 h 30 min early",
            "Take the evening dose with food."
        ] {
            #expect(text.contains(words), "\(words) in the PDF")
        }
        let medications = try #require(text.range(of: "1 tablet with water")), chart = try #require(text.range(of: "Daily adherence"))
        #expect(medications.lowerBound < chart.lowerBound, "the medication list comes before adherence")
    }

    @Test("The marks are in the reader's language", arguments: [("de", "6:30 PM ◷ 8 Std. 30 Min. zu spät"), ("es", "◷ 8 h 30 min tarde")])
    func marksInEveryLanguage(code: String, mark: String) async throws {
        let store = try await Self.makeStore()
        let language = try #require(OCKLanguage(tag: code))
        let html = try await OCKLocalization.$language.withValue(language) {
            try await OCKCareReport.document(store: store, interval: Self.interval, formatter: OCKEventFormatter(calendar: TestDates.calendar, locale: Locale(identifier: "en_US")))
                .htmlContent.withPlainSpaces
        }
        #expect(html.contains(mark))
    }

    @Test("Lengths of time are said in whole minutes, rounded up, then hours and days")
    func elapsedWords() {
        let formatter = Self.formatter
        #expect(formatter.elapsed(20) == "1 min")
        #expect(formatter.elapsed(45 * 60) == "45 min")
        #expect(formatter.elapsed(3 * 3600) == "3 h")
        #expect(formatter.elapsed(8.5 * 3600) == "8 h 30 min")
        #expect(formatter.elapsed(26 * 3600 + 59) == "1 d 2 h")
        #expect(formatter.elapsed(48 * 3600) == "2 d")
        #expect(formatter.recordingMark(.onTime) == nil)
        #expect(OCKLocalization.$language.withValue(.arabic) { formatter.elapsed(90 * 60) } == "١ س ٣٠ د")
    }
}
