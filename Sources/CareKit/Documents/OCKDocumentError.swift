internal import CareKitPDF
import Foundation

/// Why a document could not be made into a PDF.
public enum OCKDocumentError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The margin is negative, not a number, or leaves too little room on the paper (at least
    /// 2 inches across and 3 inches down must remain).
    case invalidMargin(Double)
    /// Cairo or Pango failed while drawing or finishing the PDF.
    case renderingFailed(reason: String)
    /// The PDF was made but could not be written to the file.
    case writeFailed(path: String, reason: String)

    /// The same error from the renderer.
    init(_ error: PDFError) {
        switch error {
        case .invalidMargin(let margin): self = .invalidMargin(margin)
        case .renderingFailed(let reason): self = .renderingFailed(reason: reason)
        }
    }

    /// What went wrong, and what to change.
    public var errorDescription: String? {
        switch self {
        case .invalidMargin(let margin):
            return PDFError.invalidMargin(margin).description
        case .renderingFailed(let reason):
            return PDFError.renderingFailed(reason: reason).description
        case .writeFailed(let path, let reason):
            return "The PDF could not be written to \(path): \(reason)"
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? "OCKDocumentError" }
}
