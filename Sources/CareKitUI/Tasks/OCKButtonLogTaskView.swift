/// One logged entry: a checkmark, a title (usually the time) and a detail (the value).
open class OCKLogItemButton: OCKButton {
    /// The detail (a value, a note).
    public let detailLabel = OCKLabel(textStyle: .subheadline, role: .inline)

    /// The title (usually the time the entry was logged). Same as ``OCKButton/label``.
    public var titleLabel: OCKLabel { label }

    override open var isToggle: Bool { false }

    override open var buttonClasses: [String] { ["ock-button", "ock-log-item"] }

    /// Creates an entry.
    public override init(title: String? = nil) {
        super.init(title: title)
        addSubview(detailLabel)
    }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-log-item-check"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.render(),
            detailLabel.hasText ? detailLabel.render() : .empty,
        ]
    }
}

/// A task card with a "Log" button and the entries logged so far, each with its time.
open class OCKButtonLogTaskView: OCKCardView {
    /// The instructions.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The button that logs an entry.
    public let logButton = OCKLabeledButton(title: "Log")
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
        logButton.defaultTitle = "Log"
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
