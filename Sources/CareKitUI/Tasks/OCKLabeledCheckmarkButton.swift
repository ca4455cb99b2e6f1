/// A round checkmark with a caption under it (one cell of a grid task card), and an optional
/// detail under the caption (when a done event was marked late or early: "◷ 2 h late").
open class OCKLabeledCheckmarkButton: OCKButton {
    /// Where the cell's event stands ("Due now", "Overdue"), under the caption; hidden when empty.
    public let statusLabel = OCKLabel(textStyle: .caption1, role: .inline)
    /// A second, smaller line under the caption (a done event marked late or early: "◷ 2 h
    /// late"); shown only when it has text.
    public let detailLabel = OCKLabel(textStyle: .caption1, role: .inline)

    /// Creates a cell.
    public override init(title: String? = nil) {
        super.init(title: title)
        statusLabel.additionalClasses = ["ock-checkmark-status"]
        detailLabel.additionalClasses = ["ock-checkmark-detail"]
        addSubview(statusLabel)
        addSubview(detailLabel)
    }

    override open var buttonClasses: [String] { ["ock-button", "ock-labeled-checkmark-button"] }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.render(),
            statusLabel.render(),
            detailLabel.hasText ? detailLabel.render() : .empty
        ]
    }

    override open var defaultAccessibilityLabel: String? {
        label.hasText ? nil : (isSelected ? loc("Completed") : loc("Mark as completed"))
    }
}
