/// A CSS custom property (`--ock-color-separator: #000000`).
public struct OCKCSSProperty: Hashable, Sendable {
    /// The property name, starting with `--ock-`.
    public let name: String
    /// The CSS value.
    public let value: String

    /// Creates a property.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name:value`.
    public var declaration: String { name + ":" + value }
}
