import CareKitUI
import Foundation

/// A document to print: a title, an optional author and page header, and blocks laid out from
/// top to bottom on pages of one paper size. ``pdfData(creationDate:)`` draws it with Cairo and
/// Pango: "Page N of M" on every page, wrapped and shaped text in any script, embedded fonts,
/// tables and charts that break cleanly between pages, and the title and author in the PDF's
/// metadata.
///
/// ```swift
/// var document = PDFDocument(title: "Weekly summary", blocks: [
///     .heading("Medication"),
///     .table(PDFTable(headers: ["Medication", "Taken"], rows: [["Lisinopril 10 mg", "13"]])),
/// ])
/// document.pageHeader = "Clinic report"
/// let pdf = try document.pdfData()
/// ```
///
/// Rendering is self-contained: each call makes its own Cairo surface and Pango font map, so
/// documents can be rendered concurrently from any thread or task.
public struct PDFDocument: Sendable {
    /// The title: first on the first page, and the PDF's Title.
    public var title: String
    /// The blocks, in reading order.
    public var blocks: [PDFBlock]
    /// Who the document is from: a line under the title, and the PDF's Author.
    public var author: String?
    /// One line at the top of every page, cut with "…" when it is too long.
    public var pageHeader: String?
    /// The paper every page is laid out on.
    public var paper: PDFPaper = .a4
    /// The margin on every side, in points; the page header and page number sit inside it.
    public var margin: Double = 54
    /// The language of the text (a BCP 47 tag): Pango uses it to pick glyph variants, and a
    /// right-to-left language ("ar") lays the pages out right to left. By default the current
    /// language's (``OCKLocalization/language``; English is "en").
    public var language = OCKLocalization.language.code == "en" ? "en" : OCKLocalization.language.tag

    /// Creates a document.
    public init(title: String, blocks: [PDFBlock]) {
        self.title = title
        self.blocks = blocks
    }

    /// The document as a PDF.
    ///
    /// - Parameter creationDate: The creation date written in the metadata; `nil` lets Cairo
    ///   write the current time (or `SOURCE_DATE_EPOCH`). Pass a fixed date for reproducible
    ///   bytes: the same document and date always give the same bytes.
    /// - Throws: ``PDFError``.
    public func pdfData(creationDate: Date? = nil) throws(PDFError) -> Data {
        // The renderer's own words ("Page 2 of 3", "No data") are in the document's language.
        let result: Result<Data, PDFError> = OCKLocalization.$language.withValue(OCKLanguage(tag: language) ?? OCKLocalization.language) {
            do throws(PDFError) {
                return .success(try _PDFRenderer.render(self, creationDate: creationDate))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
