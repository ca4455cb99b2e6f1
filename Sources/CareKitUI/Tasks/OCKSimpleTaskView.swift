/// A compact task card: a header with a round checkmark button at its trailing edge.
open class OCKSimpleTaskView: OCKCardView {
    /// The round completion button.
    public let completionButton = OCKCheckmarkButton()
    /// The row holding the header and the button.
    public let headerStackView = OCKStackView(axis: .horizontal)

    override open var cardClassName: String { "ock-simple-task-view" }

    /// Creates the card.
    public override init() {
        super.init()
        headerStackView.alignment = .center
        headerStackView.additionalClasses = ["ock-header-row"]
        contentStackView.insertArrangedSubview(headerStackView, at: 0)
        headerStackView.addArrangedSubview(headerView)
        headerStackView.addArrangedSubview(completionButton)
    }
}
