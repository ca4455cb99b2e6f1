/// A piece of text. Empty or `nil` text renders nothing. Line breaks in the text are kept.
open class OCKLabel: OCKView {
    /// The element a label renders as.
    public enum Role: Hashable, Sendable {
        /// `<p>`: a paragraph.
        case paragraph
        /// `<span>`: text inside other content (button titles).
        case inline
        /// `<h1>`…`<h6>` (the level is clamped to 1…6).
        case heading(Int)
    }

    /// The text (escaped when rendered).
    open var text: String?
    /// The text style.
    open var textStyle: OCKTextStyle
    /// A colour for the text; `nil` uses the style's label colour for the text style.
    open var textColor: OCKColor?
    /// The element the label renders as.
    open var role: Role
    /// Whether the text is shown to screen readers only.
    open var isVisuallyHidden = false

    /// Creates a label.
    public init(textStyle: OCKTextStyle = .body, role: Role = .paragraph, text: String? = nil) {
        self.textStyle = textStyle
        self.role = role
        self.text = text
        super.init()
    }

    var tagName: String {
        switch role {
        case .paragraph: return "p"
        case .inline: return "span"
        case .heading(let level): return "h" + String(max(1, min(6, level)))
        }
    }

    override open func makeNode() -> HTMLNode {
        guard let text, !text.isEmpty else { return .empty }
        var classes = "ock-label " + textStyle.className
        if isVisuallyHidden { classes += " ock-visually-hidden" }
        var attributes: [HTMLAttribute] = [.class(classes)]
        if let textColor { attributes.append(HTMLAttribute("style", "color:" + textColor.cssValue)) }
        if let accessibilityLabel { attributes.append(.aria("label", accessibilityLabel)) }
        return .element(tagName, attributes, [.text(text)])
    }

    /// Whether the label has text to show.
    public var hasText: Bool { !(text ?? "").isEmpty }
}
