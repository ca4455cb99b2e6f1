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
