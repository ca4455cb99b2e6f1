/// A task card with a "Log" button and the entries logged so far, each with its time.
open class OCKButtonLogTaskView: OCKCardView {
    /// The instructions.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The button that logs an entry.
    public let logButton = OCKLabeledButton(title: loc("Log"))
    /// The logged entries.
    public let itemListView = OCKItemListView<OCKLogItemButton>(listClassName: "ock-log")
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()

    override open var cardClassName: String { "ock-button-log-task-view" }

    /// The logged entries.
    public var items: [OCKLogItemButton] { itemListView.items }

    /// Creates the card.
    public override init() {
        super.init()
        logButton.togglesSelection = false
        logButton.defaultTitle = loc("Log")
        instructionsLabel.additionalClasses = ["ock-instructions"]
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(instructionsLabel)
        contentStackView.addArrangedSubview(logButton)
        contentStackView.addArrangedSubview(itemListView)
    }

    /// Adds an entry at the end and returns it.
    @discardableResult
    public func appendItem(withTitle title: String?, detail: String?, animated: Bool = false) -> OCKLogItemButton {
        insertItem(withTitle: title, detail: detail, at: items.count, animated: animated)
    }

    /// Inserts an entry at `index` (clamped) and returns it.
    @discardableResult
    public func insertItem(withTitle title: String?, detail: String?, at index: Int, animated: Bool = false) -> OCKLogItemButton {
        let item = OCKLogItemButton(title: title)
        item.detailLabel.text = detail
        itemListView.insert(item, at: index)
        return item
    }

    /// Changes the entry at `index`; returns it, or `nil` when out of range.
    @discardableResult
    public func updateItem(at index: Int, withTitle title: String?, detail: String?) -> OCKLogItemButton? {
        guard items.indices.contains(index) else { return nil }
        items[index].label.text = title
        items[index].detailLabel.text = detail
        return items[index]
    }

    /// Removes the entry at `index`; returns it, or `nil` when out of range.
    @discardableResult
    public func removeItem(at index: Int, animated: Bool = false) -> OCKLogItemButton? {
        itemListView.remove(at: index)
    }

    /// Removes every entry.
    public func clearItems(animated: Bool = false) {
        itemListView.removeAll()
    }
}
