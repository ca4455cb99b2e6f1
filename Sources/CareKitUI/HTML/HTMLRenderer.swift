/// How a node tree is written out.
public enum HTMLFormat: Sendable {
    /// One element per line where whitespace cannot change the layout (between block boxes
    /// and SVG shapes), indented by two spaces. The default: readable and diffable.
    case indented
    /// No whitespace added anywhere.
    case compact
}

extension HTMLNode {
    /// The markup for this node. The same tree always gives the same bytes.
    public func render(_ format: HTMLFormat = .indented) -> String {
        String(decoding: renderUTF8(format), as: UTF8.self)
    }

    /// The markup as UTF-8 bytes (the bytes of ``render(_:)``), for a response body: no
    /// string is made of it, nor checked again. `capacity` reserves the buffer up front.
    public func renderUTF8(_ format: HTMLFormat = .indented, capacity: Int = 0) -> [UInt8] {
        renderUTF8(format, prefix: "", suffix: "", capacity: capacity)
    }

    /// The bytes of `prefix`, the markup and `suffix` (written as they are), in one buffer.
    func renderUTF8(_ format: HTMLFormat, prefix: String, suffix: String, capacity: Int) -> [UInt8] {
        var renderer = HTMLRenderer(format: format)
        renderer.output.reserveCapacity(capacity)
        renderer.appendText(prefix)
        renderer.write(self, depth: 0, context: .html)
        renderer.appendText(suffix)
        return renderer.output
    }
}

struct HTMLRenderer {
    enum Context { case html, svg }

    let format: HTMLFormat
    let names = _HTMLNames.shared
    /// The markup's UTF-8 bytes: appending bytes costs a fraction of appending strings.
    var output: [UInt8] = []

    init(format: HTMLFormat) {
        self.format = format
    }

    mutating func write(_ node: HTMLNode, depth: Int, context: Context) {
        switch node.storage {
        case .text(let text):
            HTMLEscaping.appendEscaped(text, quotes: false, to: &output)
        case .raw(let html):
            append(html)
        case .fragment(let nodes):
            for child in nodes { write(child, depth: depth, context: context) }
        case .element(let element):
            writeElement(element, depth: depth, context: context)
        }
    }

    private mutating func writeElement(_ element: HTMLElement, depth: Int, context: Context) {
        let flags = names.flags(element.tag)
        guard flags.contains(.valid) else {
            // An invalid tag cannot be written safely; keep its content.
            for child in element.children { write(child, depth: depth, context: context) }
            return
        }
        let childContext: Context = flags.contains(.svg) ? .svg : context
        output.append(UInt8(ascii: "<"))
        append(element.tag)
        for attribute in element.attributes {
            writeAttribute(attribute)
        }
        if context == .html, flags.contains(.void) {
            output.append(UInt8(ascii: ">"))
            return
        }
        if format == .compact {
            // Fragments and empty text write nothing of their own, so the children are
            // written as they are, without flattening them into a new array first.
            if childContext == .svg, Self.rendersNothing(element.children) {
                append("/>")
                return
            }
            output.append(UInt8(ascii: ">"))
            for child in element.children { write(child, depth: depth, context: childContext) }
        } else {
            let children = Self.flatten(element.children)
            if childContext == .svg, children.isEmpty {
                append("/>")
                return
            }
            output.append(UInt8(ascii: ">"))
            if breaksLines(element, flags: flags, children: children, context: childContext) {
                for child in children {
                    newLine(depth: depth + 1)
                    write(child, depth: depth + 1, context: childContext)
                }
                newLine(depth: depth)
            } else {
                for child in children { write(child, depth: depth, context: childContext) }
            }
        }
        append("</")
        append(element.tag)
        output.append(UInt8(ascii: ">"))
    }

    /// Appends text as it is (not escaped).
    mutating func appendText(_ text: String) { append(text) }

    private mutating func append(_ text: String) {
        // A native string's bytes are copied in one go; others byte by byte.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
        if copied == nil { output.append(contentsOf: text.utf8) }
    }

    /// A line break and the indentation of `depth`.
    private mutating func newLine(depth: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func writeAttribute(_ attribute: HTMLAttribute) {
        let flags = names.flags(attribute.name)
        guard flags.contains(.valid) else { return }
        output.append(UInt8(ascii: " "))
        append(attribute.name)
        guard var value = attribute.value else { return }
        let url = flags.contains(.url) ? attribute.name : Self.urlAttributeInCapitals(attribute.name)
        if let name = url, !OCKSafeURL.isAllowedInMarkup(value, attribute: name) {
            value = "#"
        }
        append("=\"")
        HTMLEscaping.appendEscaped(value, quotes: true, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Whether `nodes` hold no element and no text (``flatten(_:)`` would give none), without
    /// building the flattened array.
    static func rendersNothing(_ nodes: [HTMLNode]) -> Bool {
        for node in nodes {
            switch node.storage {
            case .element: return false
            case .text(let text), .raw(let text): if !text.isEmpty { return false }
            case .fragment(let inner): if !rendersNothing(inner) { return false }
            }
        }
        return true
    }

    /// Children with fragments expanded and empty nodes removed.
    static func flatten(_ nodes: [HTMLNode]) -> [HTMLNode] {
        var result: [HTMLNode] = []
        for node in nodes {
            switch node.storage {
            case .fragment(let inner): result += flatten(inner)
            case .text(let text), .raw(let text): if !text.isEmpty { result.append(node) }
            case .element: result.append(node)
            }
        }
        return result
    }

    /// Whether whitespace between the children cannot show: every child is an element whose
    /// box is a block (or an SVG shape, or a hidden input).
    func breaksLines(_ element: HTMLElement, flags: _HTMLNames.Flags, children: [HTMLNode], context: Context) -> Bool {
        guard !children.isEmpty else { return false }
        if context == .svg, flags.contains(.svgText) { return false }
        if element.ignoresWhitespace { return children.allSatisfy { $0.element != nil } }
        return children.allSatisfy { child in
            guard let childElement = child.element else { return false }
            let childFlags = names.flags(childElement.tag)
            switch context {
            case .svg:
                return childFlags.contains(.svgBlock)
            case .html:
                if childFlags.contains(.htmlBlock) { return true }
                if childElement.tag == "input" { return childElement[attribute: "type"] == "hidden" }
                if childElement.tag == "button" { return element.tag == "form" }
                return false
            }
        }
    }

    /// The lower-cased name of an attribute written with capitals that holds a URL (`HREF`),
    /// or nil for any other attribute. (Lower-case names are flagged by ``_HTMLNames``.)
    static func urlAttributeInCapitals(_ name: String) -> String? {
        guard name.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return nil }
        let lowered = name.lowercased()
        return urlAttributes.contains(lowered) ? lowered : nil
    }

    /// Tag and attribute names: a letter, `_` or `:` first, then letters, digits, `-`, `_`, `.`, `:`.
    static func isValidName(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else { return false }
        while let byte = bytes.next() {
            let allowed =
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            if !allowed { return false }
        }
        return true
    }

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"
    ]

    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href", "poster", "cite"]

    static let htmlBlockElements: Set<String> = [
        "html", "head", "body", "meta", "link", "title", "style", "script", "main", "header", "footer",
        "section", "article", "aside", "nav", "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
        "li", "dl", "dt", "dd", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "form",
        "figure", "figcaption", "hr", "fieldset", "legend", "details", "summary", "noscript"
    ]

    static let svgBlockElements: Set<String> = [
        "svg", "g", "defs", "linearGradient", "radialGradient", "stop", "rect", "circle", "ellipse",
        "line", "polyline", "polygon", "path", "text", "title", "desc", "clipPath", "mask", "use",
        "symbol", "pattern"
    ]

    static let svgTextElements: Set<String> = ["text", "tspan", "title", "desc"]
}
