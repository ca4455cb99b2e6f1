/// One logged entry: a checkmark, a title (usually the time) and a detail (the value).
open class OCKLogItemButton: OCKButton {
    /// The detail (a value, a note).
    public let detailLabel = OCKLabel(textStyle: .subheadline, role: .inline)

    /// The title (usually the time the entry was logged). Same as ``OCKButton/label``.
    public var titleLabel: OCKLabel { label }

    override open var isToggle: Bool { false }

    override open var buttonClasses: [String] { ["ock-button", "ock-log-item"] }

    /// Creates an entry.
    public override init(title: String? = nil) {
        super.init(title: title)
        addSubview(detailLabel)
    }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-log-item-check"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.render(),
            detailLabel.hasText ? detailLabel.render() : .empty
        ]
    }
}
