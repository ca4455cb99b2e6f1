/// A list of views rendered as `<ul>` with one `<li>` per item (checklists, logs, links).
open class OCKItemListView<Item: OCKView>: OCKView {
    /// The items, in order.
    public private(set) var items: [Item] = []
    /// The class of the `<ul>`.
    open var listClassName: String

    /// Creates an empty list.
    public init(listClassName: String) {
        self.listClassName = listClassName
        super.init()
    }

    /// Adds an item at the end.
    public func append(_ item: Item) {
        insert(item, at: items.count)
    }

    /// Inserts an item at `index` (clamped to the valid range).
    public func insert(_ item: Item, at index: Int) {
        guard !isDescendant(of: item) else { return }
        addSubview(item)
        items.removeAll { $0 === item }
        items.insert(item, at: max(0, min(index, items.count)))
    }

    /// Removes and returns the item at `index`; `nil` when out of range.
    @discardableResult
    public func remove(at index: Int) -> Item? {
        guard items.indices.contains(index) else { return nil }
        let item = items[index]
        item.removeFromSuperview()
        return item
    }

    /// Removes every item.
    public func removeAll() {
        for item in items { item.removeFromSuperview() }
    }

    override open func willRemoveSubview(_ subview: OCKView) {
        items.removeAll { $0 === subview }
    }

    override open func makeNode() -> HTMLNode {
        let rendered = items.map { $0.render() }.filter { !$0.isEmpty }
        guard !rendered.isEmpty else { return .empty }
        return .element("ul", [.class("ock-item-list " + listClassName)], rendered.map { .element("li", [], [$0]) })
    }
}
