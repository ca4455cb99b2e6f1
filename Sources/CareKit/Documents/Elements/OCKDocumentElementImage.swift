import Foundation

/// An image (PNG data), with a text alternative.
public struct OCKDocumentElementImage: OCKDocumentElement {
    public var pngData: Data
    public var description: String
    public init(pngData: Data, description: String) {
        self.pngData = pngData
        self.description = description
    }
}
