/// A heading inside the document.
public struct OCKDocumentElementSubtitle: OCKDocumentElement {
    public var subtitle: String
    public init(subtitle: String) { self.subtitle = subtitle }
}
