/// An HTML or SVG element: a tag, attributes in insertion order, and children.
public struct HTMLElement: Hashable, Sendable {
    /// The tag name, lower case for HTML (`div`), as specified for SVG (`linearGradient`).
    public var tag: String
    /// The attributes, rendered in this order.
    public var attributes: [HTMLAttribute]
    /// The child nodes.
    public var children: [HTMLNode]
    /// Whether whitespace between the children cannot show (a flex or grid container); the
    /// indented format then puts each child on its own line. Not rendered.
    public var ignoresWhitespace = false

    /// Creates an element.
    public init(_ tag: String, _ attributes: [HTMLAttribute] = [], _ children: [HTMLNode] = []) {
        self.tag = tag
        self.attributes = attributes
        self.children = children
    }

    /// The value of the first attribute named `name`; `""` for a boolean attribute.
    public subscript(attribute name: String) -> String? {
        guard let attribute = attributes.first(where: { $0.name == name }) else { return nil }
        return attribute.value ?? ""
    }

    /// The CSS classes of the element.
    public var classes: [String] {
        (self[attribute: "class"] ?? "").split(separator: " ").map(String.init)
    }

    /// Adds a class to the `class` attribute (creating it if needed).
    public mutating func addClass(_ name: String) {
        if let index = attributes.firstIndex(where: { $0.name == "class" }) {
            let current = attributes[index].value ?? ""
            attributes[index].value = current.isEmpty ? name : current + " " + name
        } else {
            attributes.append(.class(name))
        }
    }

    /// Sets an attribute, replacing the first one with the same name or appending it.
    public mutating func setAttribute(_ name: String, _ value: String?) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append(HTMLAttribute(name, value))
        }
    }
}
