/// A task card with instructions and a wide completion button.
///
/// ```swift
/// let taskView = OCKInstructionsTaskView()
/// taskView.headerView.titleLabel.text = "Doxylamine"
/// taskView.headerView.detailLabel.text = "7:30 AM to 8:30 AM"
/// taskView.instructionsLabel.text = "Take the tablet with a full glass of water."
/// taskView.completionButton.isSelected = false
/// taskView.completionButton.label.text = "Mark as Completed"
/// ```
open class OCKInstructionsTaskView: OCKCardView {
    /// The instructions.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The completion button.
    public let completionButton = OCKLabeledButton()
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()

    override open var cardClassName: String { "ock-instructions-task-view" }

    /// Creates the card.
    public override init() {
        super.init()
        instructionsLabel.additionalClasses = ["ock-instructions"]
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(instructionsLabel)
        contentStackView.addArrangedSubview(completionButton)
    }
}
