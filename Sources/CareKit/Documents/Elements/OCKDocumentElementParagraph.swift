/// A paragraph of text.
public struct OCKDocumentElementParagraph: OCKDocumentElement {
    public var content: String
    public init(content: String) { self.content = content }
}
