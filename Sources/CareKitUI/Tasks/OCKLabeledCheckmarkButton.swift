/// A round checkmark with a caption under it (one cell of a grid task card).
open class OCKLabeledCheckmarkButton: OCKButton {
    /// Where the cell's event stands ("Due now", "Overdue"), under the caption; hidden when empty.
    public let statusLabel = OCKLabel(textStyle: .caption1, role: .inline)

    /// Creates a cell.
    public override init(title: String? = nil) {
        super.init(title: title)
        statusLabel.additionalClasses = ["ock-checkmark-status"]
        addSubview(statusLabel)
    }

    override open var buttonClasses: [String] { ["ock-button", "ock-labeled-checkmark-button"] }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.render(),
            statusLabel.render()
        ]
    }

    override open var defaultAccessibilityLabel: String? {
        label.hasText ? nil : (isSelected ? loc("Completed") : loc("Mark as completed"))
    }
}
