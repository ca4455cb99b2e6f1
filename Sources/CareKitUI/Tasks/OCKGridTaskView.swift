/// A task card with a grid of round checkmarks, one per event, each with its time.
open class OCKGridTaskView: OCKCardView {
    /// The instructions, under the grid.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The grid.
    public let itemListView = OCKItemListView<OCKLabeledCheckmarkButton>(listClassName: "ock-grid")
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()

    override open var cardClassName: String { "ock-grid-task-view" }

    /// The cells, one per event.
    public var items: [OCKLabeledCheckmarkButton] { itemListView.items }

    /// Creates the card.
    public override init() {
        super.init()
        instructionsLabel.additionalClasses = ["ock-instructions"]
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(itemListView)
        contentStackView.addArrangedSubview(instructionsLabel)
    }

    /// Adds a cell at the end and returns it.
    @discardableResult
    public func appendItem(withTitle title: String) -> OCKLabeledCheckmarkButton {
        let item = OCKLabeledCheckmarkButton(title: title)
        itemListView.append(item)
        return item
    }

    /// Removes the cell at `index`; returns it, or `nil` when out of range.
    @discardableResult
    public func removeItem(at index: Int) -> OCKLabeledCheckmarkButton? {
        itemListView.remove(at: index)
    }

    /// Removes every cell.
    public func clearItems() {
        itemListView.removeAll()
    }
}
