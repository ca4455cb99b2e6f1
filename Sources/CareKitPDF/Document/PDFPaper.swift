/// The size of a page, in PostScript points (1/72 inch).
public struct PDFPaper: Sendable, Hashable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A page `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO A4, 210 × 297 mm.
    public static let a4 = PDFPaper(width: 595.28, height: 841.89)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PDFPaper(width: 612, height: 792)
}
