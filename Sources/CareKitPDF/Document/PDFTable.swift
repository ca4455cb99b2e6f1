/// A table for a ``PDFDocument``: a header row and rows of text.
///
/// It fills the content width; column widths come from the content (the longest word of each
/// column, then the widest body cell, then everything unwrapped: the widest that fits), and
/// columns of numbers are right-aligned. A row is never cut unless it is taller than a page.
public struct PDFTable: Sendable, Hashable {
    /// The header row; empty for a table without one.
    public var headers: [String]
    /// The rows; a short row gets empty cells.
    public var rows: [[String]]

    /// Creates a table.
    public init(headers: [String], rows: [[String]]) {
        self.headers = headers
        self.rows = rows
    }
}
