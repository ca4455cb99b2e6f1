/// A round checkmark with a caption under it (one cell of a grid task card), and an optional
/// detail under the caption (when a done event was marked late or early: "◷ 2 h late").
open class OCKLabeledCheckmarkButton: OCKButton {
    /// A second, smaller line under the caption; shown only when it has text.
    public let detailLabel = OCKLabel(textStyle: .caption1, role: .inline)

    override open var buttonClasses: [String] { ["ock-button", "ock-labeled-checkmark-button"] }

    /// Creates the cell.
    public override init(title: String? = nil) {
        super.init(title: title)
        detailLabel.additionalClasses = ["ock-checkmark-detail"]
        addSubview(detailLabel)
    }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.render(),
            detailLabel.hasText ? detailLabel.render() : .empty
        ]
    }

    override open var defaultAccessibilityLabel: String? {
        label.hasText ? nil : (isSelected ? loc("Completed") : loc("Mark as completed"))
    }
}
