/// A task card with one checklist row per event.
open class OCKChecklistTaskView: OCKCardView {
    /// The instructions, under the list.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The list of items.
    public let itemListView = OCKItemListView<OCKChecklistItemButton>(listClassName: "ock-checklist")
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()

    override open var cardClassName: String { "ock-checklist-task-view" }

    /// The rows, one per event.
    public var items: [OCKChecklistItemButton] { itemListView.items }

    /// Creates the card.
    public override init() {
        super.init()
        instructionsLabel.additionalClasses = ["ock-instructions"]
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(itemListView)
        contentStackView.addArrangedSubview(instructionsLabel)
    }

    /// Adds a row at the end and returns it.
    @discardableResult
    public func appendItem(withTitle title: String, animated: Bool = false) -> OCKChecklistItemButton {
        insertItem(withTitle: title, at: items.count, animated: animated)
    }

    /// Inserts a row at `index` (clamped) and returns it.
    @discardableResult
    public func insertItem(withTitle title: String, at index: Int, animated: Bool = false) -> OCKChecklistItemButton {
        let item = OCKChecklistItemButton(title: title)
        itemListView.insert(item, at: index)
        return item
    }

    /// Changes the title of the row at `index`; returns it, or `nil` when out of range.
    @discardableResult
    public func updateItem(at index: Int, withTitle title: String) -> OCKChecklistItemButton? {
        guard items.indices.contains(index) else { return nil }
        items[index].label.text = title
        return items[index]
    }

    /// Removes the row at `index`; returns it, or `nil` when out of range.
    @discardableResult
    public func removeItem(at index: Int, animated: Bool = false) -> OCKChecklistItemButton? {
        itemListView.remove(at: index)
    }

    /// Removes every row.
    public func clearItems(animated: Bool = false) {
        itemListView.removeAll()
    }
}
