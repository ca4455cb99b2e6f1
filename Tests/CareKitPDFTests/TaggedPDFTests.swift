import CareKitPDF
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// The PDF is tagged: a screen reader (or a PDF reader's reflow) gets the document's headings,
/// paragraphs, tables and figures in reading order, and not the running header or page numbers.
@Suite("Tagged PDF")
struct TaggedPDFTests {
    /// The structure elements (no text), as "Level Name" with two spaces a level.
    static func elements(_ structure: [String]) -> [String] {
        structure.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("\"") }.map { $0.replacingOccurrences(of: " (block)", with: "") }
    }

    @Test("pdfinfo says Tagged: yes, and the structure is the document's, in reading order")
    func taggedStructure() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("tagged.pdf")
        try PDFDocumentTests.everyBlock().pdfData(creationDate: PDFDocumentTests.creationDate).write(to: url)

        #expect(try await Poppler.info(url)["Tagged"] == "yes")
        let structure = try await Poppler.structure(url)
        let row = { (cell: String) in ["    TR", "      \(cell)", "      \(cell)"] }
        #expect(
            Self.elements(structure)
                == ["Document", "  H1", "  P", "  P", "  H2", "  Table"] + row("TH") + row("TD") + row("TD") + [
                    "  Figure", "  Figure", "    Caption"
                ])
        let text = structure.joined(separator: "\n")
        for words in ["\"Clinic summary\"", "\"Care team\"", "\"Visits\"", "\"North\"", "\"42\"", "\"Image not shown: Floor plan\""] {
            #expect(text.contains(words), "\(words)")
        }
        #expect(!text.contains("Weekly summary") && !text.contains("Page 1 of 2"), "the running header and page numbers are not content")
    }

    @Test("A table over several pages is one table; a paragraph split between pages is one paragraph")
    func acrossPages() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("long.pdf")
        let rows = (1...120).map { ["Day \($0)", "\($0 % 7)"] }
        let long = String(repeating: "A sentence long enough to wrap over a line or two of the page. ", count: 60)
        let document = PDFDocument(
            title: "Long", blocks: [.table(PDFTable(headers: ["Day", "Done"], rows: rows)), .paragraph(long)])
        try document.pdfData(creationDate: PDFDocumentTests.creationDate).write(to: url)

        #expect(try await Poppler.pageCount(url) >= 3)
        let elements = Self.elements(try await Poppler.structure(url))
        #expect(elements.filter { $0 == "  Table" }.count == 1)
        #expect(elements.filter { $0 == "  P" }.count == 1)
        #expect(elements.filter { $0 == "      TD" }.count == 240, "every data cell once")
    }
}
