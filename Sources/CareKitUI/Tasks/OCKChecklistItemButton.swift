/// One row of a checklist: a title (the event's time or text) and a checkmark.
open class OCKChecklistItemButton: OCKButton {
    override open var buttonClasses: [String] { ["ock-button", "ock-checklist-item"] }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            label.render(),
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()])
        ]
    }
}
