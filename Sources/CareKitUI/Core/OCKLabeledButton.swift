/// A wide, rounded button with a title; tinted when selected (the instructions card's
/// "Mark as Completed" button).
open class OCKLabeledButton: OCKButton {
    /// Title shown when ``label`` has no text and the button is not selected.
    open var defaultTitle = loc("Mark as Completed")
    /// Title shown when ``label`` has no text and the button is selected.
    open var defaultSelectedTitle = loc("Completed")
    /// Whether the button toggles a completion state (`false` for actions such as "Log").
    open var togglesSelection = true

    override open var isToggle: Bool { togglesSelection }

    override open var buttonClasses: [String] { ["ock-button", "ock-labeled-button"] }

    override open func makeButtonContent() -> [HTMLNode] {
        let title: HTMLNode =
            label.hasText
            ? label.render()
            : .element("span", [.class("ock-label ock-text-body")], [.text(isSelected ? defaultSelectedTitle : defaultTitle)])
        return [isSelected && togglesSelection ? OCKSymbol.checkmark.svg() : .empty, title]
    }
}
