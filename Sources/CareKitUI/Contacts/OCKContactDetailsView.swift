/// A contact's numbers and addresses as text ("Phone 888-555-5512"), so they can be read,
/// copied or typed on a device without a phone app. Renders nothing without items.
open class OCKContactDetailsView: OCKView {
    /// One line: what it is ("Phone") and the value as people write it.
    public struct Item: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The lines, in order.
    open var items: [Item] = []

    override open func makeNode() -> HTMLNode {
        let shown = items.filter { !$0.value.isEmpty }
        guard !shown.isEmpty else { return .empty }
        return .element(
            "dl", [.class("ock-contact-details")],
            shown.flatMap { item in
                [HTMLNode.element("dt", [], [.text(item.label)]), .element("dd", [], [.text(item.value)])]
            })
    }
}
