import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// The care report in each language: its headings, table headers, captions, dates and page
/// numbers in the reader's language (the patient's data as it was entered), the HTML golden
/// per language, and the PDF laid out right to left in Arabic.
@Suite("Care report in every language")
struct LocalizedReportTests {
    /// The report of the fixtures' two weeks, made in `language` (a fixed calendar, New York).
    static func report(_ language: OCKLanguage) async throws -> OCKDocument {
        let store = try await CareReportFixtures.makeStore()
        return try await OCKLocalization.$language.withValue(language) {
            let formatter = OCKEventFormatter(calendar: TestDates.calendar, locale: language.locale)
            return try await OCKCareReport.document(store: store, interval: CareReportFixtures.interval, formatter: formatter)
        }
    }

    @Test("The report's HTML matches its golden file", arguments: OCKLanguage.supported.map(\.code))
    func htmlGolden(code: String) async throws {
        let language = try #require(OCKLanguage(tag: code))
        try LocalizedGolden.check(try await Self.report(language).htmlContent, named: "CareReport-\(code)")
    }

    @Test("English is written as it always was; the other languages have their own words")
    func headings() async throws {
        let english = try await Self.report(.english).htmlContent
        #expect(english.contains("<h1 class=\"ck-doc-title\">Care report</h1>"))
        #expect(english.contains("lang=\"en\" dir=\"ltr\""))
        let spanish = try await Self.report(.spanish).htmlContent
        #expect(spanish.contains("Informe de cuidados"))
        #expect(spanish.contains("Del lunes, 6 de enero de 2025 al domingo, 19 de enero de 2025."))
        #expect(spanish.contains("Tareas completadas por día"))
        #expect(!spanish.contains("Tasks completed per day"))
        let arabic = try await Self.report(.arabic).htmlContent
        #expect(arabic.contains("lang=\"ar-EG\" dir=\"rtl\""))
        #expect(arabic.contains("تقرير الرعاية"))
        #expect(arabic.contains("Lisinopril 10 mg"), "task titles are the patient's data, not translated")
    }

    @Test("The Arabic PDF is written in Arabic, right to left, with Arabic-Indic page numbers")
    func arabicPDF() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("ar.pdf")
        let document = try await Self.report(.arabic)
        #expect(document.language == "ar-EG")
        try document.writePDF(to: url, creationDate: Date(timeIntervalSince1970: 1_736_000_000))
        #expect(try await Poppler.info(url)["Title"] == "تقرير الرعاية")
        let text = try await Poppler.text(url, layout: false).compactingForBidi
        #expect(text.contains("تقرير الرعاية".compactingForBidi), "the title")
        #expect(text.contains("المهام المكتملة يوميًا".compactingForBidi), "a heading")
        #expect(text.contains("الصفحة١من".compactingForBidi), "page numbers in Arabic-Indic digits")
        #expect(!text.contains("Page"))

        // Right to left on an A4 page (595 pt wide, 54 pt margins): the patient's name under the
        // title ends at the right margin, and the tables' first column (the task) is on the right.
        let words = try await Self.wordPositions(url)
        // The name is in the page header, under the title, and in the patient's section: the second.
        let author = try #require(words.filter { $0.word == "Appleseed" }.dropFirst().first)
        #expect(author.xMax > 530, "right-aligned: \(author)")
        let task = try #require(words.first { $0.word == "Lisinopril" })
        #expect(task.xMin > 400, "the task column is on the right: \(task)")

        // The same report in English starts its rows on the left.
        let english = directory.file("en.pdf")
        try await Self.report(.english).writePDF(to: english, creationDate: Date(timeIntervalSince1970: 1_736_000_000))
        let englishTask = try #require(try await Self.wordPositions(english).first { $0.word == "Lisinopril" })
        #expect(englishTask.xMin < 100, "\(englishTask)")
    }

    /// The words of a PDF's first page with their left and right edges (`pdftotext -bbox`).
    static func wordPositions(_ pdf: URL) async throws -> [(word: String, xMin: Double, xMax: Double)] {
        let html = try await Poppler.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", pdf.path, "-"])
        let pattern = try Regex(#"<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)</word>"#)
        return html.matches(of: pattern).compactMap { match in
            guard let low = match.output[1].substring.flatMap({ Double($0) }), let high = match.output[2].substring.flatMap({ Double($0) }),
                let word = match.output[3].substring
            else { return nil }
            return (String(word), low, high)
        }
    }

    @Test("The German PDF has German headings and dates")
    func germanPDF() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("de.pdf")
        try await Self.report(.german).writePDF(to: url, creationDate: Date(timeIntervalSince1970: 1_736_000_000))
        let text = try await Poppler.pages(url).joined(separator: "\n").collapsingWhitespace
        #expect(text.contains("Pflegebericht"))
        #expect(text.contains("Erledigte Aufgaben pro Tag"))
        #expect(text.contains("Vom Montag, 6. Januar 2025 bis Sonntag, 19. Januar 2025."))
        #expect(text.contains("Seite 1 von"))
        #expect(!text.contains("Care report"))
    }

    @Test("An interval's number follows Arabic's plural categories")
    func arabicPlurals() {
        let formatter = OCKEventFormatter(calendar: TestDates.calendar, locale: OCKLanguage.arabic.locale)
        let days = OCKLocalization.$language.withValue(.arabic) {
            [1, 2, 3, 11, 100].map { formatter.interval(DateComponents(day: $0)) }
        }
        #expect(days == ["يوم", "يومان", "٣ أيام", "١١ يومًا", "١٠٠ يوم"])
        #expect(OCKStringTable.careKit.plural("{count} days", count: 0, language: .arabic) == "٠ يوم")
        let english = [1, 2, 3, 11, 100].map { formatter.interval(DateComponents(day: $0)) }
        #expect(english == ["day", "2 days", "3 days", "11 days", "100 days"])
    }

    @Test("A schedule is one sentence in each language's own order")
    func scheduleSentences() {
        let calendar = TestDates.calendar
        let start = calendar.date(bySettingHour: 8, minute: 0, second: 0, of: TestDates.date("2025-01-06")) ?? .distantPast
        let element = OCKScheduleElement(
            start: start, end: TestDates.date("2025-01-31"), interval: DateComponents(day: 2), text: nil, duration: .hours(1), calendar: calendar)
        func summary(_ language: OCKLanguage) -> String {
            OCKLocalization.$language.withValue(language) {
                OCKEventFormatter(calendar: calendar, locale: language.locale).scheduleDescription(element)
            }
        }
        #expect(summary(.english).replacingOccurrences(of: "\u{202F}", with: " ") == "Every 2 days at 8:00 AM, from Mon, Jan 6 until Fri, Jan 31")
        #expect(summary(.german) == "Alle 2 Tage um 08:00, von Mo. 6. Jan. bis Fr. 31. Jan.")
        #expect(summary(.spanish).hasPrefix("Cada 2 días a las 8:00, desde el lun"))
        #expect(summary(.arabic).hasPrefix("كل يومين في الساعة"))

        // Weekly on Monday and Thursday: the language's day names and its word for "and".
        let weekly = ["2025-01-06", "2025-01-09"].map { day in
            OCKScheduleElement(
                start: calendar.date(bySettingHour: 8, minute: 0, second: 0, of: TestDates.date(day)) ?? .distantPast, end: nil,
                interval: DateComponents(weekOfYear: 1), text: nil, duration: .hours(1), calendar: calendar)
        }
        func weeklySummary(_ language: OCKLanguage) -> [String] {
            OCKLocalization.$language.withValue(language) {
                OCKEventFormatter(calendar: calendar, locale: language.locale).scheduleSummary(weekly)
            }
        }
        #expect(weeklySummary(.german) == ["Jeden Montag und Donnerstag um 08:00, ab Mo. 6. Jan."])
        #expect(weeklySummary(.spanish).first?.hasPrefix("Cada lunes y jueves a las 8:00, desde el") == true)
        #expect(weeklySummary(.arabic).first?.hasPrefix("كل يوم الاثنين والخميس في الساعة") == true, "\(weeklySummary(.arabic))")
    }
}
