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
            case .call: return loc("Call")
            case .message: return loc("Message")
            case .email: return loc("E-mail")
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
