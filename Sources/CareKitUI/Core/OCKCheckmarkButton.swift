/// A round checkmark button: an empty tinted circle, filled with a checkmark when selected.
open class OCKCheckmarkButton: OCKButton {
    override open var buttonClasses: [String] { ["ock-button", "ock-checkmark-button"] }

    override open var defaultAccessibilityLabel: String? {
        label.hasText ? nil : (isSelected ? loc("Completed") : loc("Mark as completed"))
    }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.hasText ? label.render() : .empty
        ]
    }

    /// Creates a checkmark button.
    public init() {
        super.init(title: nil)
        label.isVisuallyHidden = true
    }
}
