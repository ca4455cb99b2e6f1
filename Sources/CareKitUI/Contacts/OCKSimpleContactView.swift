/// A compact contact card: a photo or monogram, the name, a detail line and a chevron.
///
/// ```swift
/// let contactView = OCKSimpleContactView()
/// contactView.headerView.titleLabel.text = "Lexi Torres"
/// contactView.headerView.detailLabel.text = "Family Practice"
/// ```
open class OCKSimpleContactView: OCKCardView {
    override open var cardClassName: String { "ock-simple-contact-view" }

    /// Creates the card.
    public override init() {
        super.init()
        headerView.showsDisclosureIndicator = true
        headerView.showsMonogramFallback = true
    }
}
