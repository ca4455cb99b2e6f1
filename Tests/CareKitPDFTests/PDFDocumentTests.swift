import CareKitPDF
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// CareKitPDF on its own: a `PDFDocument` built from blocks, without CareKit or a store.
@Suite("PDFDocument")
struct PDFDocumentTests {
    static let creationDate = Date(timeIntervalSince1970: 1_736_000_000)

    /// A document with a block of every kind; the page break puts the image on page 2.
    static func everyBlock() -> PDFDocument {
        var document = PDFDocument(
            title: "Clinic summary",
            blocks: [
                .paragraph("Patients seen this week, by clinic."),
                .heading("Visits"),
                .table(PDFTable(headers: ["Clinic", "Visits"], rows: [["North", "42"], ["South", "17"]])),
                .chart(
                    PDFChart(
                        plotType: .bar, title: "Visits per day", dataSeries: [OCKDataSeries(values: [8, 9, 7, 10, 8], title: "Visits")],
                        horizontalAxisMarkers: ["Mon", "Tue", "Wed", "Thu", "Fri"])),
                .pageBreak,
                .image(PDFImage(pngData: Data("not a png".utf8), description: "Floor plan"))
            ])
        document.author = "Care team"
        document.pageHeader = "Weekly summary"
        return document
    }

    @Test("Every kind of block is drawn, in order, on the pages it belongs to")
    func everyKindOfBlock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("blocks.pdf")
        try Self.everyBlock().pdfData(creationDate: Self.creationDate).write(to: url)

        let info = try await Poppler.info(url)
        #expect(info["Pages"] == "2")
        #expect(info["Title"] == "Clinic summary")
        #expect(info["Author"] == "Care team")
        #expect(info["Page size"]?.hasPrefix("595.28 x 841.89 pts") == true, "A4 by default: \(info["Page size"] ?? "")")
        let pages = try await Poppler.pages(url).map { page in page.split(separator: "\n").map { String($0).collapsingWhitespace } }
        for line in [
            "Weekly summary", "Clinic summary", "Care team", "Patients seen this week, by clinic.", "Visits",
            "Clinic Visits", "North 42", "South 17", "Visits per day", "Page 1 of 2"
        ] {
            #expect(pages[0].contains(line), "page 1 lacks \(line)")
        }
        #expect(pages[0].contains { $0.contains("Mon") && $0.contains("Fri") }, "the chart's axis labels")
        #expect(pages[1].contains("Image not shown: Floor plan"))
        #expect(pages[1].contains("Page 2 of 2"))
    }

    @Test("Paper of any size, and a margin that leaves too little room is refused")
    func paperAndMargins() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var document = PDFDocument(title: "Card", blocks: [.paragraph("Hello")])
        document.paper = PDFPaper(width: 300, height: 400)
        let url = directory.file("card.pdf")
        try document.pdfData().write(to: url)
        #expect(try await Poppler.info(url)["Page size"]?.hasPrefix("300 x 400 pts") == true)
        #expect(PDFPaper.letter == PDFPaper(width: 612, height: 792))

        for margin in [-1, .nan, 79, 1e300] as [Double] {
            document.margin = margin
            #expect {
                try document.pdfData()
            } throws: { error in
                guard case .invalidMargin(let refused) = error as? PDFError else { return false }
                return refused == margin || (refused.isNaN && margin.isNaN)
            }
        }
        #expect(PDFError.invalidMargin(79).description.contains("144 × 216 pt"))
    }

    @Test("A fixed creation date gives the same bytes, alone or rendered concurrently")
    func reproducible() async throws {
        let expected = try Self.everyBlock().pdfData(creationDate: Self.creationDate)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<4 {
                group.addTask { try Self.everyBlock().pdfData(creationDate: Self.creationDate) }
            }
            var all: [Data] = []
            for try await data in group { all.append(data) }
            return all
        }
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0 == expected })
        #expect(expected.starts(with: Data("%PDF-".utf8)))
    }
}
