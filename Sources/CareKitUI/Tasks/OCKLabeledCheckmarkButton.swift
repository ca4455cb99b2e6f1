/// A round checkmark with a caption under it (one cell of a grid task card).
open class OCKLabeledCheckmarkButton: OCKButton {
    override open var buttonClasses: [String] { ["ock-button", "ock-labeled-checkmark-button"] }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.render()
        ]
    }

    override open var defaultAccessibilityLabel: String? {
        label.hasText ? nil : (isSelected ? loc("Completed") : loc("Mark as completed"))
    }
}
