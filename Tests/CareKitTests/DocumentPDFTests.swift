import CareKit
import CareKitPDF
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

@Suite("OCKDocument as PDF")
struct DocumentPDFTests {

    @Test("Title, header, author, paragraph and table are on page 1; metadata and page size are set")
    func basicDocument() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = OCKDocument(
            title: "Weekly Summary",
            elements: [
                OCKDocumentElementParagraph(content: "Blood pressure stayed within the target range all week."),
                OCKDocumentElementSubtitle(subtitle: "Medication"),
                OCKDocumentElementTable(headers: ["Medication", "Taken", "Missed"], rows: [["Lisinopril", "7", "0"], ["Metformin", "12", "2"]])
            ])
        document.pageHeader = "Clinic Report — Jane Appleseed"
        document.author = "Jane Appleseed"
        let url = directory.file("basic.pdf")
        try document.writePDF(to: url)

        let info = try await Poppler.info(url)
        #expect(info["Pages"] == "1")
        #expect(info["Title"] == "Weekly Summary")
        #expect(info["Author"] == "Jane Appleseed")
        #expect(info["Creator"] == "CareKit for Linux")
        #expect(info["Page size"]?.hasPrefix("595.28 x 841.89 pts") == true, "A4 by default: \(info["Page size"] ?? "")")

        let text = try await Poppler.text(url, page: 1)
        let lines = text.split(separator: "\n").map { String($0).collapsingWhitespace }
        #expect(text.contains("Clinic Report — Jane Appleseed"))
        #expect(text.contains("Weekly Summary"))
        #expect(text.contains("Blood pressure stayed within the target range all week."))
        #expect(lines.contains("Medication Taken Missed"))
        #expect(lines.contains("Lisinopril 7 0"))
        #expect(lines.contains("Metformin 12 2"))
        #expect(lines.contains("Page 1 of 1"))
        // The header comes first, the page number last.
        #expect(lines.first { !$0.isEmpty } == "Clinic Report — Jane Appleseed")
        #expect(lines.last { !$0.isEmpty } == "Page 1 of 1")
    }

    @Test("OCKDocument is drawn by CareKitPDF: the same bytes as the PDFDocument it describes")
    func drawnByCareKitPDF() throws {
        let series = [OCKDataSeries(values: [1, 3, 2], title: "Doses")]
        let chart = OCKCartesianChartView(type: .bar)
        chart.headerView.titleLabel.text = "Doses per day"
        chart.graphView.dataSeries = series
        chart.graphView.horizontalAxisMarkers = ["Mon", "Tue", "Wed"]
        let document = OCKDocument(
            title: "Summary",
            elements: [
                OCKDocumentElementParagraph(content: "All week."),
                OCKDocumentElementSubtitle(subtitle: "Doses"),
                OCKDocumentElementChart(chart: chart),
                OCKDocumentElementTable(headers: ["Day", "Doses"], rows: [["Mon", "1"]]),
                OCKDocumentElementPageBreak(),
                OCKDocumentElementImage(pngData: Data(), description: "Chart photo")
            ])
        document.author = "Jane Appleseed"
        document.pageHeader = "Clinic Report"
        document.paperSize = .letter
        document.margin = 60
        document.language = "de"

        var expected = PDFDocument(
            title: "Summary",
            blocks: [
                .paragraph("All week."),
                .heading("Doses"),
                .chart(PDFChart(plotType: .bar, title: "Doses per day", dataSeries: series, horizontalAxisMarkers: ["Mon", "Tue", "Wed"])),
                .table(PDFTable(headers: ["Day", "Doses"], rows: [["Mon", "1"]])),
                .pageBreak,
                .image(PDFImage(pngData: Data(), description: "Chart photo"))
            ])
        expected.author = "Jane Appleseed"
        expected.pageHeader = "Clinic Report"
        expected.paper = .letter
        expected.margin = 60
        expected.language = "de"
        let date = TestDates.date("2025-01-18 17:30")
        #expect(try document.pdfData(creationDate: date) == expected.pdfData(creationDate: date))
    }

    @Test("Letter paper and a wider margin")
    func letterPaper() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = OCKDocument(title: "Letter", elements: [OCKDocumentElementParagraph(content: "Hello")])
        document.paperSize = .letter
        document.margin = 72
        let url = directory.file("letter.pdf")
        try document.writePDF(to: url)
        #expect(try await Poppler.info(url)["Page size"]?.hasPrefix("612 x 792 pts") == true)
        #expect(try await Poppler.text(url).contains("Hello"))
    }

    @Test("Every font is embedded")
    func fontsAreEmbedded() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("fonts.pdf")
        try SampleDocuments.brains().writePDF(to: url)
        let fonts = try await Poppler.fonts(url)
        #expect(!fonts.isEmpty)
        for font in fonts {
            #expect(font.embedded, "\(font.name) is not embedded")
        }
        #expect(fonts.contains { $0.name.contains("DejaVuSans") })
    }

    @Test("A margin that leaves no room, or is not a number, is an error")
    func invalidMargins() throws {
        for margin in [-1, .nan, .infinity, 250, 1e300] as [Double] {
            let document = OCKDocument(title: "Margins", elements: [])
            document.margin = margin
            #expect(throws: OCKDocumentError.self) { try document.pdfData() }
        }
        let document = OCKDocument(title: "Margins", elements: [])
        document.margin = 0
        #expect(try document.pdfData().count > 0)
    }

    @Test("A fixed creation date gives the same bytes twice, and is in the metadata")
    func reproducible() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let date = TestDates.date("2025-01-18 17:30")
        let first = try SampleDocuments.brains().pdfData(creationDate: date)
        let second = try SampleDocuments.brains().pdfData(creationDate: date)
        #expect(first == second)
        let url = directory.file("dated.pdf")
        try first.write(to: url)
        let created = try await Poppler.info(url)["CreationDate"] ?? ""
        #expect(created.contains("2025") && created.contains("Jan 18"), "CreationDate: \(created)")
    }

    @Test("Writing to a folder that does not exist is a write error")
    func writeFailure() throws {
        let document = OCKDocument(title: "Nowhere", elements: [])
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/report.pdf")
        #expect {
            try document.writePDF(to: url)
        } throws: { error in
            guard case .writeFailed(let path, _) = error as? OCKDocumentError else { return false }
            return path == url.path
        }
    }

    @Test("Documents render concurrently, each exactly as when alone")
    func concurrentRendering() async throws {
        let date = TestDates.date("2025-01-18 17:30")
        let expected = try SampleDocuments.brains().pdfData(creationDate: date)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask { try SampleDocuments.brains().pdfData(creationDate: date) }
            }
            var all: [Data] = []
            for try await data in group { all.append(data) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
