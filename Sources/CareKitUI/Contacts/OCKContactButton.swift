/// A contact action rendered as a link: call (`tel:`), message (`sms:`) or e-mail
/// (`mailto:`). It renders nothing when it has no usable ``destination``.
open class OCKContactButton: OCKButton {
    /// The kind of contact.
    public enum ContactType: String, Sendable {
        case call, message, email

        var symbol: OCKSymbol {
            switch self {
            case .call: return .phone
            case .message: return .message
            case .email: return .envelope
            }
        }

        var defaultTitle: String {
            switch self {
            case .call: return "Call"
            case .message: return "Message"
            case .email: return "E-mail"
            }
        }
    }

    /// The kind of contact.
    public let type: ContactType
    /// The phone number (call, message) or e-mail address, as people write it.
    open var destination: String?

    override open var isToggle: Bool { false }

    /// Creates a button of a type.
    public init(type: ContactType) {
        self.type = type
        super.init(title: type.defaultTitle)
    }

    /// The link, or `nil` when the destination is missing or unusable.
    public var href: String? {
        guard let destination else { return nil }
        switch type {
        case .call: return OCKSafeURL.telephone(destination)
        case .message: return OCKSafeURL.sms(destination)
        case .email: return OCKSafeURL.email(destination)
        }
    }

    override open func makeNode() -> HTMLNode {
        guard let href else { return .empty }
        var attributes: [HTMLAttribute] = [.class("ock-contact-button ock-contact-" + type.rawValue), HTMLAttribute("href", href)]
        if let accessibilityLabel { attributes.append(.aria("label", accessibilityLabel)) }
        return .container("a", attributes, [type.symbol.svg(), label.render()])
    }
}

/// A postal address that opens a map search.
open class OCKAddressButton: OCKButton {
    /// The caption ("Address").
    public var titleLabel: OCKLabel { label }
    /// The address, one line per line.
    public let detailLabel = OCKLabel(textStyle: .subheadline, role: .inline)

    override open var isToggle: Bool { false }

    /// Creates the button.
    public init() {
        super.init(title: "Address")
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
        return .container("a", attributes, [
            .container("span", [.class("ock-address-text")], [label.render(), detailLabel.render()]),
            OCKSymbol.location.svg(),
        ])
    }
}
