/// One block of a ``PDFDocument``, laid out in the content width of the page.
public enum PDFBlock: Sendable {
    /// Running text, wrapped; it splits between pages at line boundaries, leaving at least two
    /// lines on each page.
    case paragraph(String)
    /// A heading: kept on one page with the start of what follows it, and a bookmark in the
    /// PDF's outline.
    case heading(String)
    /// A table whose header row repeats on every page it spans.
    case table(PDFTable)
    /// A chart drawn as vector graphics, kept on one page.
    case chart(PDFChart)
    /// A PNG image with its description as a caption.
    case image(PDFImage)
    /// Starts a new page (nothing when the current page is still empty).
    case pageBreak
}
