/// An attribute of an element. The value is escaped when rendered; `nil` renders a boolean
/// attribute (`hidden`, `disabled`).
public struct HTMLAttribute: Hashable, Sendable {
    /// The attribute name. Names that are not valid attribute names are dropped when rendered.
    public var name: String
    /// The value, or `nil` for a boolean attribute.
    public var value: String?

    /// Creates an attribute.
    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    /// `class="…"`.
    public static func `class`(_ value: String) -> HTMLAttribute { HTMLAttribute("class", value) }
    /// `id="…"`.
    public static func id(_ value: String) -> HTMLAttribute { HTMLAttribute("id", value) }
    /// `role="…"`.
    public static func role(_ value: String) -> HTMLAttribute { HTMLAttribute("role", value) }
    /// `aria-<name>="…"`.
    public static func aria(_ name: String, _ value: String) -> HTMLAttribute {
        HTMLAttribute("aria-" + name, value)
    }
    /// `aria-hidden="true"`.
    public static let ariaHidden = HTMLAttribute("aria-hidden", "true")
    /// A boolean attribute such as `disabled`.
    public static func flag(_ name: String) -> HTMLAttribute { HTMLAttribute(name, nil) }
}
