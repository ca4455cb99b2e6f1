/// A table with a header row.
public struct OCKDocumentElementTable: OCKDocumentElement {
    public var headers: [String]
    public var rows: [[String]]
    public init(headers: [String], rows: [[String]]) {
        self.headers = headers
        self.rows = rows
    }
}
