/// Starts a new page.
public struct OCKDocumentElementPageBreak: OCKDocumentElement {
    public init() {}
}
