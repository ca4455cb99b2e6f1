import CareKit
import CareKitTestSupport
import Foundation
import Testing

@Suite("PDF pagination")
struct PaginationTests {

    @Test("A 200-row table spans several pages, repeats its header, and never cuts a row")
    func longTable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let table = SampleDocuments.longTable(rows: 200)
        let document = OCKDocument(
            title: "Long table",
            elements: [
                OCKDocumentElementParagraph(content: "Two hundred rows follow."),
                table,
                OCKDocumentElementParagraph(content: "The end of the report.")
            ])
        document.pageHeader = "Pagination test"
        let url = directory.file("long.pdf")
        try document.writePDF(to: url)

        let count = try await Poppler.pageCount(url)
        #expect(count >= 4, "200 rows need several A4 pages, got \(count)")
        let pages = try await Poppler.pages(url)
        #expect(pages.count == count)

        for (index, text) in pages.enumerated() {
            let lines = text.split(separator: "\n").map { String($0).collapsingWhitespace }
            #expect(text.contains("Pagination test"), "page header on page \(index + 1)")
            #expect(lines.contains("Page \(index + 1) of \(count)"), "page number on page \(index + 1)")
            #expect(lines.contains("Task Done Note"), "header row on page \(index + 1)")
        }

        // Every row whole on exactly one page: all its tokens (and the words of its wrapped
        // note) on the same page, each token exactly once in the document.
        for (number, row) in table.rows.enumerated() {
            let id = String(format: "R%03d", number + 1)
            let tokens = ["\(id)C1", "\(id)C2", "\(id)C3"]
            let holding = pages.indices.filter { pages[$0].contains(tokens[0]) }
            #expect(holding.count == 1, "\(id) is on pages \(holding.map { $0 + 1 })")
            guard let page = holding.first else { continue }
            for token in tokens {
                #expect(pages[page].occurrences(of: token) == 1, "\(token) whole on page \(page + 1)")
                #expect(pages.indices.filter { pages[$0].contains(token) } == [page], "\(token) only on page \(page + 1)")
            }
            if row[2].count > 20 {
                #expect(pages[page].collapsingWhitespace.contains("tall rows are kept whole when a page ends"), "\(id)'s note whole on page \(page + 1)")
            }
        }
        // Rows stay in order across pages.
        let joined = pages.joined(separator: "\n")
        var position = joined.startIndex
        for number in 1...200 {
            guard let found = joined.range(of: String(format: "R%03dC1", number), range: position..<joined.endIndex) else {
                Issue.record("Row \(number) is out of order")
                break
            }
            position = found.upperBound
        }
        #expect(pages.last?.contains("The end of the report.") == true)
    }

    @Test("A cell taller than a page is split between lines, nothing lost")
    func rowTallerThanAPage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let words = (1...1_500).map { "w\($0)" }
        let document = OCKDocument(
            title: "Tall row",
            elements: [
                OCKDocumentElementTable(headers: ["Day", "Journal"], rows: [["Mon", "start"], ["Tue", words.joined(separator: " ")], ["Wed", "after"]])
            ])
        let url = directory.file("tall.pdf")
        try document.writePDF(to: url)
        let pages = try await Poppler.pages(url)
        #expect(pages.count >= 2)
        let all = pages.joined(separator: " ").collapsingWhitespace
        for word in words {
            #expect(all.contains(" \(word) ") || all.hasPrefix(word + " "), "\(word) is in the PDF")
        }
        #expect(all.contains("after"))
        for text in pages { #expect(text.collapsingWhitespace.contains("Day Journal")) }
    }

    @Test("Long text flows over pages with the header and page number on each", arguments: [OCKDocument.PaperSize.a4, .letter])
    func longParagraphs(paper: OCKDocument.PaperSize) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let paragraphs = (1...60).map { index in
            OCKDocumentElementParagraph(
                content: "Paragraph \(index) begins. " + String(repeating: "Patients keep a diary of symptoms, medication and mood, which helps the care team see patterns. ", count: 3)
                    + "Paragraph \(index) ends.")
        }
        let document = OCKDocument(title: "Diary", elements: paragraphs)
        document.pageHeader = "Diary — every page"
        document.paperSize = paper
        let url = directory.file("diary.pdf")
        try document.writePDF(to: url)
        let pages = try await Poppler.pages(url)
        #expect(pages.count >= 3)
        for (index, text) in pages.enumerated() {
            #expect(text.contains("Diary — every page"))
            #expect(text.contains("Page \(index + 1) of \(pages.count)"))
        }
        let all = pages.joined(separator: "\n").collapsingWhitespace
        for index in 1...60 {
            #expect(all.contains("Paragraph \(index) begins.") && all.contains("Paragraph \(index) ends."))
        }
    }

    @Test("A heading is never left alone at the bottom of a page", arguments: Array(stride(from: 28, through: 44, by: 2)))
    func headingKeptWithTable(fillerLines: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var elements: [any OCKDocumentElement] = (1...fillerLines).map { OCKDocumentElementParagraph(content: "Filler line \($0).") }
        elements.append(OCKDocumentElementSubtitle(subtitle: "Kept heading"))
        elements.append(OCKDocumentElementTable(headers: ["Header A", "Header B"], rows: [["first row", "1"], ["second row", "2"]]))
        let url = directory.file("heading.pdf")
        try OCKDocument(title: "Headings", elements: elements).writePDF(to: url)
        let pages = try await Poppler.pages(url)
        let heading = pages.firstIndex { $0.contains("Kept heading") }
        let header = pages.firstIndex { $0.contains("Header A") }
        let row = pages.firstIndex { $0.contains("first row") }
        #expect(heading != nil && heading == header && header == row, "heading \(String(describing: heading)), header \(String(describing: header)), row \(String(describing: row))")
    }

    @Test("Page breaks start new pages; a chart that doesn't fit moves to the next page whole")
    func pageBreaksAndCharts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var elements: [any OCKDocumentElement] = [
            OCKDocumentElementParagraph(content: "First page."),
            OCKDocumentElementPageBreak(),
            OCKDocumentElementPageBreak(),
            OCKDocumentElementParagraph(content: "Second page.")
        ]
        elements += (1...22).map { OCKDocumentElementParagraph(content: "Line \($0) before the chart.") }
        elements.append(OCKDocumentElementChart(chart: SampleDocuments.trainingChart()))
        let url = directory.file("breaks.pdf")
        try OCKDocument(title: "Breaks", elements: elements).writePDF(to: url)
        let pages = try await Poppler.pages(url)
        #expect(pages.count == 3)
        #expect(pages[0].contains("First page.") && !pages[0].contains("Second page."))
        #expect(pages[1].contains("Second page."))
        // The chart's title, axis labels and legend are all on the last page.
        for text in ["Zombie Training Plan", "100%", "1/12", "1/18", "Temperature", "Pulse"] {
            #expect(pages[2].contains(text), "\(text) on page 3")
            #expect(!pages[1].contains(text), "\(text) not on page 2")
        }
    }
}
