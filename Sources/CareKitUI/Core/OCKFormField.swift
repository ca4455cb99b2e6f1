/// A hidden form field.
public struct OCKFormField: Hashable, Sendable {
    /// The field name.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
