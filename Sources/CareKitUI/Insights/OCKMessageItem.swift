/// An insight message: a title with a tip or alert symbol, and some text.
///
/// ```swift
/// OCKMessageItem(title: "No Insights", text: "You haven't entered any data.",
///                tintColor: .systemOrange, messageType: .tip)
/// ```
open class OCKMessageItem: OCKInsightItem {
    /// Tip or alert.
    open var messageType: OCKMessageItemType {
        didSet { updateIcon() }
    }
    /// The message text.
    public let textLabel = OCKLabel(textStyle: .subheadline)

    override open var cardClassName: String {
        messageType == .tip ? "ock-message-item ock-message-tip" : "ock-message-item ock-message-alert"
    }

    /// Creates a message.
    public init(title: String?, text: String?, tintColor: OCKColor? = nil, messageType: OCKMessageItemType) {
        self.messageType = messageType
        super.init()
        headerView.titleLabel.text = title
        textLabel.text = text
        self.tintColor = tintColor
        textLabel.additionalClasses = ["ock-message-text"]
        contentStackView.addArrangedSubview(textLabel)
        updateIcon()
    }

    private func updateIcon() {
        headerView.iconImageView.image = OCKImage(symbol: messageType == .tip ? .asterisk : .exclamationmarkTriangle)
        headerView.iconImageView.accessibilityLabel = messageType == .tip ? loc("Tip") : loc("Alert")
        headerView.iconImageView.additionalClasses = ["ock-message-icon"]
    }
}
