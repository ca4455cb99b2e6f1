/// An image: a URL (http(s), relative, or a `data:image/…` URL) or a built-in symbol.
public struct OCKImage: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case url(String)
        case symbol(OCKSymbol)
    }

    let source: Source

    /// An image loaded from `url`. URLs with a scheme other than http(s) are not loaded.
    public init(url: String) {
        source = .url(url)
    }

    /// A built-in symbol, by its SF Symbols name (`"phone"`, `"envelope"`); `nil` when there
    /// is no such symbol.
    public init?(systemName: String) {
        guard let symbol = OCKSymbol(rawValue: systemName) else { return nil }
        source = .symbol(symbol)
    }

    /// A built-in symbol.
    public init(symbol: OCKSymbol) {
        source = .symbol(symbol)
    }

    /// The URL, for a URL image.
    public var url: String? {
        if case .url(let url) = source { return url }
        return nil
    }

    /// The symbol, for a symbol image.
    public var symbol: OCKSymbol? {
        if case .symbol(let symbol) = source { return symbol }
        return nil
    }
}

/// Shows an image, or a monogram (initials on a tinted circle) when there is no image.
open class OCKImageView: OCKView {
    /// The image.
    open var image: OCKImage?
    /// Initials shown when there is no image (at most three characters are used).
    open var monogram: String?
    /// Whether the image carries no information (it gets an empty `alt`).
    open var isDecorative = false
    /// Whether the browser may defer loading the image until it is near the viewport.
    open var loadsLazily = true

    /// Creates an image view.
    public init(image: OCKImage? = nil) {
        self.image = image
        super.init()
    }

    /// Whether the view has something to show.
    public var hasContent: Bool {
        image != nil || !(monogram ?? "").isEmpty
    }

    override open func makeNode() -> HTMLNode {
        let alt = isDecorative ? "" : (accessibilityLabel ?? "")
        switch image?.source {
        case .url(let url)?:
            var attributes: [HTMLAttribute] = [.class("ock-image"), HTMLAttribute("src", url), HTMLAttribute("alt", alt)]
            if loadsLazily { attributes.append(HTMLAttribute("loading", "lazy")) }
            attributes.append(HTMLAttribute("decoding", "async"))
            return .element("img", attributes)
        case .symbol(let symbol)?:
            let icon = symbol.svg(className: "ock-icon ock-image-symbol")
            guard !alt.isEmpty else { return icon }
            return .element("span", [.class("ock-image-symbol-wrapper"), .role("img"), .aria("label", alt)], [icon])
        case nil:
            guard let monogram, !monogram.isEmpty else { return .empty }
            var attributes: [HTMLAttribute] = [.class("ock-monogram")]
            if alt.isEmpty {
                attributes.append(.ariaHidden)
            } else {
                attributes += [.role("img"), .aria("label", alt)]
            }
            return .element("span", attributes, [.text(String(monogram.prefix(3)))])
        }
    }

    /// Initials for a name: the first letter of the first and last words (`"Lexi Torres"` →
    /// `"LT"`), upper-cased; `nil` for a name without letters.
    public static func monogram(for name: String) -> String? {
        let words = name.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: \.isLetter) }
        guard let first = words.first?.first(where: \.isLetter) else { return nil }
        var result = String(first)
        if words.count > 1, let last = words.last?.first(where: \.isLetter) {
            result.append(last)
        }
        return result.uppercased()
    }
}
