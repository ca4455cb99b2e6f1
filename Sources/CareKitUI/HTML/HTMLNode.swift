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
