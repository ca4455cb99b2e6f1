import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@Suite("Care report")
struct CareReportTests {

    @Test("Two weeks of a care plan: patient, adherence chart, completion tables, measurements with units")
    func careReportPDF() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await CareReportFixtures.makeStore()
        let document = try await OCKCareReport.document(store: store, interval: CareReportFixtures.interval, formatter: CareReportFixtures.formatter)
        let url = directory.file("care.pdf")
        try document.writePDF(to: url)

        let info = try await Poppler.info(url)
        #expect(info["Title"] == "Care report")
        #expect(info["Author"] == "Jane Appleseed")
        let count = try await Poppler.pageCount(url)
        #expect((1...3).contains(count), "a clinician reads it on one to three pages, got \(count)")

        let pages = try await Poppler.pages(url)
        for (index, text) in pages.enumerated() {
            #expect(text.contains("Care report — Jane Appleseed"), "header on page \(index + 1)")
            #expect(text.contains("Page \(index + 1) of \(count)"))
        }
        let all = pages.joined(separator: "\n")
        let lines = all.split(separator: "\n").map { String($0).collapsingWhitespace }
        #expect(all.contains("From Monday, January 6, 2025 to Sunday, January 19, 2025."))
        #expect(all.contains("Daily adherence"))
        #expect(all.contains("1/6") && all.contains("1/19"), "x axis labels")
        #expect(all.contains("Tasks completed per day"))
        // Task rows on one line each: title, seven days, total.
        #expect(lines.contains { $0.hasPrefix("Lisinopril 10 mg 2/2 2/2 2/2") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Walk 30 minutes") && $0.hasSuffix("(43%)") })
        #expect(lines.contains { $0.hasPrefix("Glasses of water 1 logged") })
        #expect(all.contains("Jan 6") && all.contains("Jan 13") && all.contains("Jan 19"), "both weeks' table headers")
        #expect(lines.filter { $0.hasPrefix("Task") && $0.hasSuffix("Total") }.count == 2, "two weekly tables")
        #expect(all.contains("logged"))
        #expect(all.contains("Blood pressure"))
        #expect(lines.contains { $0.hasPrefix("Day Recorded at Blood pressure") }, "a blood pressure is one column")
        #expect(all.contains("mmHg"))
        #expect(try Regex(#"1\d\d/\d\d mmHg"#).firstMatch(in: all) != nil, "each reading written as one, 128/84 mmHg")
        // Every measurement row: a day, a time, one reading with its units.
        let measurementRows = lines.filter { $0.contains("mmHg") && $0.contains("AM") }
        #expect(measurementRows.count >= 10, "\(measurementRows.count) measurement rows")
        #expect(try await Poppler.fonts(url).allSatisfy { $0.embedded })
    }

    @Test("The care report as HTML")
    func careReportHTML() async throws {
        let store = try await CareReportFixtures.makeStore()
        let document = try await OCKCareReport.document(store: store, interval: CareReportFixtures.interval, formatter: CareReportFixtures.formatter)
        let html = document.htmlContent
        #expect(html.contains("Care report — Jane Appleseed"))
        #expect(html.contains("Lisinopril 10 mg"))
        #expect(html.contains("<svg"))
    }

    @Test("An empty store still makes a report")
    func emptyStore() async throws {
        let store = OCKStore(name: "empty", type: .inMemory, clock: { TestDates.date("2025-01-20 09:00") })
        let document = try await OCKCareReport.document(store: store, interval: CareReportFixtures.interval, formatter: CareReportFixtures.formatter)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("empty.pdf")
        try document.writePDF(to: url)
        #expect(try await Poppler.text(url).contains("No tasks were scheduled in this period."))
    }
}
