/// The base of CareKit's cards: a ``headerView`` at the top of a vertical
/// ``contentStackView``. The card's own parts are arranged subviews of the stack, so you can
/// insert your own views anywhere without breaking the layout.
open class OCKCardView: OCKView, OCKCardable {
    /// The header: title, detail, icon, disclosure.
    public let headerView: OCKHeaderView
    /// The card's content, top to bottom. Starts with the header.
    public let contentStackView: OCKStackView
    /// Whether the card look is applied.
    open var isCardEnabled = true

    /// The class that names the card type in markup (`ock-instructions-task-view`).
    open var cardClassName: String { "ock-card-view" }

    /// Creates a card with a header.
    public override init() {
        headerView = OCKHeaderView()
        contentStackView = OCKStackView(axis: .vertical)
        super.init()
        addSubview(contentStackView)
        contentStackView.addArrangedSubview(headerView)
    }

    /// A separator for the card's parts.
    public func makeSeparator() -> OCKSeparatorView {
        OCKSeparatorView()
    }

    override open func makeNode() -> HTMLNode {
        cardNode(label: headerView.titleLabel.text, content: [contentStackView.render()], classes: [cardClassName])
    }
}
