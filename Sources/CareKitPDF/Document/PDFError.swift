/// Why a ``PDFDocument`` could not be drawn.
public enum PDFError: Error, Equatable, CustomStringConvertible {
    /// The margin is negative, not a number, or leaves too little room on the paper (at least
    /// 2 inches across and 3 inches down must remain).
    case invalidMargin(Double)
    /// Cairo or Pango failed while drawing or finishing the PDF.
    case renderingFailed(reason: String)

    /// What went wrong, and what to change.
    public var description: String {
        switch self {
        case .invalidMargin(let margin):
            return "The document's margin (\(margin) pt) must be a number from 0 that leaves at least 144 × 216 pt of the page for content."
        case .renderingFailed(let reason):
            return "The PDF could not be drawn. \(reason)"
        }
    }
}
