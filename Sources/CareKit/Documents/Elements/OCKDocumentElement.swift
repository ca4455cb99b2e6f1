/// One element of a document.
public protocol OCKDocumentElement: Sendable {}
