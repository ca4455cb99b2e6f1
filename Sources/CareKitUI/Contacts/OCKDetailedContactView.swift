/// A contact card with instructions and buttons to call, message, e-mail and find the
/// address. Buttons without a destination are left out.
open class OCKDetailedContactView: OCKSimpleContactView {
    /// Instructions ("Call if you have a fever over 38 °C").
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()
    /// Calls the phone number.
    public let callButton = OCKContactButton(type: .call)
    /// Texts the messaging number.
    public let messageButton = OCKContactButton(type: .message)
    /// E-mails the address.
    public let emailButton = OCKContactButton(type: .email)
    /// Opens the postal address in a map.
    public let addressButton = OCKAddressButton()
    /// The phone number and e-mail address as text (empty: nothing shown).
    public let detailsView = OCKContactDetailsView()
    /// The row of call, message and e-mail buttons.
    public let contactStackView = OCKStackView(axis: .horizontal)

    override open var cardClassName: String { "ock-detailed-contact-view" }

    /// Creates the card.
    public override init() {
        super.init()
        headerView.showsDisclosureIndicator = false
        instructionsLabel.additionalClasses = ["ock-instructions"]
        contactStackView.additionalClasses = ["ock-contact-buttons"]
        contactStackView.addArrangedSubview(callButton)
        contactStackView.addArrangedSubview(messageButton)
        contactStackView.addArrangedSubview(emailButton)
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(instructionsLabel)
        contentStackView.addArrangedSubview(detailsView)
        contentStackView.addArrangedSubview(contactStackView)
        contentStackView.addArrangedSubview(addressButton)
    }
}
