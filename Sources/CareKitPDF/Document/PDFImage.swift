import Foundation

/// An image for a ``PDFDocument``: PNG data and a description.
///
/// It keeps its aspect ratio at 96 pixels per inch, scaled down to fit the content width and
/// the page, centred, with the description as a caption. Data that is not a PNG (or claims more
/// than 40 million pixels) is drawn as a framed "Image not shown: *description*".
public struct PDFImage: Sendable, Hashable {
    /// The PNG bytes.
    public var pngData: Data
    /// What the image shows (the caption); blank for none.
    public var description: String

    /// Creates an image.
    public init(pngData: Data, description: String) {
        self.pngData = pngData
        self.description = description
    }
}
