/// A postal address that opens a map search.
open class OCKAddressButton: OCKButton {
    /// The caption ("Address").
    public var titleLabel: OCKLabel { label }
    /// The address, one line per line.
    public let detailLabel = OCKLabel(textStyle: .subheadline, role: .inline)

    override open var isToggle: Bool { false }

    /// Creates the button.
    public init() {
        super.init(title: loc("Address"))
        addSubview(detailLabel)
    }

    /// The map link, or `nil` without an address.
    public var href: String? {
        detailLabel.text.flatMap(OCKSafeURL.map(address:))
    }

    override open func makeNode() -> HTMLNode {
        guard let href else { return .empty }
        var attributes: [HTMLAttribute] = [.class("ock-address-button"), HTMLAttribute("href", href)]
        if let accessibilityLabel { attributes.append(.aria("label", accessibilityLabel)) }
        return .container(
            "a", attributes,
            [
                .container("span", [.class("ock-address-text")], [label.render(), detailLabel.render()]),
                OCKSymbol.location.svg()
            ])
    }
}
