/// Decoded form fields.
public struct HTTPForm: Sendable {
    /// The fields in the order they were sent.
    public var fields: [(name: String, value: String)]

    public init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// The first value of a field.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of a field (for check boxes and multiple choice).
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}
