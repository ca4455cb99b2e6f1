/// A value with a label, such as a phone number labelled "work".
public struct OCKLabeledValue: Codable, Hashable, Sendable {
    /// What the value is, for example "mobile" or "work".
    public var label: String
    /// The value itself, for example a phone number or an email address.
    public var value: String

    /// Creates a labelled value.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
