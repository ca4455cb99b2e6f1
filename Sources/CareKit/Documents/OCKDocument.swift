/// A report a care team can read: a title, a page header, and elements (paragraphs,
/// subtitles, charts, tables, images, page breaks). It renders as a standalone,
/// print-friendly HTML page (``htmlContent``) and as a PDF (``pdfData()``).
///
/// ```swift
/// let intro = OCKDocumentElementParagraph(content: "I've been tracking my efforts …")
/// let document = OCKDocument(title: "Re: Your Brains", elements: [intro, OCKDocumentElementChart(chart: chart)])
/// document.pageHeader = "ZombieKit: Weekly Report"
/// ```
public final class OCKDocument: @unchecked Sendable {
    /// The paper a PDF is laid out on.
    public enum PaperSize: Sendable, Hashable {
        /// 210 × 297 mm.
        case a4
        /// 8.5 × 11 in.
        case letter

        /// Width and height in PostScript points.
        public var points: (width: Double, height: Double) {
            switch self {
            case .a4: return (595.28, 841.89)
            case .letter: return (612, 792)
            }
        }
    }

    /// The title, shown first and stored in the PDF's metadata.
    public var title: String
    /// The elements, in order.
    public var elements: [any OCKDocumentElement]
    /// Text at the top of every page.
    public var pageHeader: String?
    /// Who the report is from (PDF metadata, and a line under the title).
    public var author: String?
    /// The paper of the PDF.
    public var paperSize: PaperSize = .a4
    /// The margin on every side, in points.
    public var margin: Double = 54
    /// The language of the text (`lang` of the HTML, the PDF's language): by default the
    /// current one's tag ("ar-EG"; English is "en").
    public var language = OCKLocalization.language.code == "en" ? "en" : OCKLocalization.language.tag

    /// Creates a document.
    public init(title: String, elements: [any OCKDocumentElement]) {
        self.title = title
        self.elements = elements
    }
}
