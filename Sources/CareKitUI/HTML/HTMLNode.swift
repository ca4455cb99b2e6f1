/// A node of an HTML (or inline SVG) tree.
///
/// Text and attribute values are escaped when the tree is rendered, so a node built from
/// untrusted strings can never inject markup. The only way to emit markup verbatim is the
/// explicitly named ``unsafeRawHTML(_:)``.
public struct HTMLNode: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case element(HTMLElement)
        case text(String)
        case raw(String)
        case fragment([HTMLNode])
    }

    let storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    /// A node that renders nothing.
    public static let empty = HTMLNode(storage: .fragment([]))

    /// Text, escaped when rendered (`<` becomes `&lt;`, and so on).
    public static func text(_ text: String) -> HTMLNode {
        HTMLNode(storage: .text(text))
    }

    /// An element with attributes (rendered in the order given) and children.
    public static func element(
        _ tag: String,
        _ attributes: [HTMLAttribute] = [],
        _ children: [HTMLNode] = []
    ) -> HTMLNode {
        HTMLNode(storage: .element(HTMLElement(tag, attributes, children)))
    }

    /// An element whose children are laid out by CSS flex or grid, so whitespace between
    /// them never shows: the indented format puts each child on its own line.
    public static func container(
        _ tag: String,
        _ attributes: [HTMLAttribute] = [],
        _ children: [HTMLNode] = []
    ) -> HTMLNode {
        var element = HTMLElement(tag, attributes, children)
        element.ignoresWhitespace = true
        return HTMLNode(storage: .element(element))
    }

    /// An element built as a value.
    public static func element(_ element: HTMLElement) -> HTMLNode {
        HTMLNode(storage: .element(element))
    }

    /// Several nodes side by side, without a wrapping element.
    public static func fragment(_ nodes: [HTMLNode]) -> HTMLNode {
        HTMLNode(storage: .fragment(nodes))
    }

    /// Markup emitted exactly as given, without any escaping.
    ///
    /// This is the only API in CareKitUI that accepts markup. Never pass it a string that a
    /// user, a store or a network peer can influence.
    public static func unsafeRawHTML(_ html: String) -> HTMLNode {
        HTMLNode(storage: .raw(html))
    }

    /// The element this node holds, if it is an element.
    public var element: HTMLElement? {
        if case .element(let element) = storage { return element }
        return nil
    }

    /// Whether the node renders nothing at all.
    public var isEmpty: Bool {
        switch storage {
        case .element: return false
        case .text(let text), .raw(let text): return text.isEmpty
        case .fragment(let nodes): return nodes.allSatisfy(\.isEmpty)
        }
    }

    /// The concatenated text content (no markup), as a screen reader would find it.
    public var textContent: String {
        switch storage {
        case .element(let element): return element.children.map(\.textContent).joined()
        case .text(let text): return text
        case .raw: return ""
        case .fragment(let nodes): return nodes.map(\.textContent).joined()
        }
    }

    /// Elements in this tree, depth first, that satisfy `predicate`.
    public func elements(where predicate: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        collect(into: &found, predicate)
        return found
    }

    private func collect(into found: inout [HTMLElement], _ predicate: (HTMLElement) -> Bool) {
        switch storage {
        case .element(let element):
            if predicate(element) { found.append(element) }
            for child in element.children { child.collect(into: &found, predicate) }
        case .fragment(let nodes):
            for node in nodes { node.collect(into: &found, predicate) }
        case .text, .raw:
            break
        }
    }
}

extension HTMLNode: ExpressibleByStringLiteral {
    /// A string literal is text (escaped when rendered).
    public init(stringLiteral value: String) {
        self.init(storage: .text(value))
    }
}

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
