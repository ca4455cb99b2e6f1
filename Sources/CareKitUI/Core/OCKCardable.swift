/// A view that looks like a CareKit card: rounded corners, a soft shadow, the card
/// background and the standard insets. Conform a custom view to match the house style:
///
/// ```swift
/// final class QuoteCard: OCKView, OCKCardable {
///     var isCardEnabled = true
///     override func makeNode() -> HTMLNode {
///         cardNode(label: "Quote of the day", content: [.element("p", [], ["Keep going."])])
///     }
/// }
/// ```
public protocol OCKCardable: OCKView {
    /// Whether the card look (background, corners, shadow) is applied.
    var isCardEnabled: Bool { get set }
}

extension OCKCardable {
    /// An `<article>` with the card look (or a plain `<div>` when the card look is off).
    ///
    /// - Parameters:
    ///   - label: The accessible name of the card (usually its title).
    ///   - content: The card's content.
    ///   - classes: More classes, such as the view's own class name.
    ///   - padded: Whether the standard insets apply (`false` for edge-to-edge content).
    public func cardNode(label: String?, content: [HTMLNode], classes: [String] = [], padded: Bool = true) -> HTMLNode {
        var allClasses = [isCardEnabled ? "ock-card" : "ock-card-disabled"]
        if padded { allClasses.append("ock-card-padded") }
        allClasses += classes
        var attributes: [HTMLAttribute] = [.class(allClasses.joined(separator: " "))]
        if let label = accessibilityLabel ?? label, !label.isEmpty {
            attributes.append(.aria("label", label))
        }
        return .element(isCardEnabled ? "article" : "div", attributes, content)
    }
}
