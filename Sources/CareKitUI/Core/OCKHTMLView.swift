/// A view that shows a node tree you build, for custom content inside a card.
///
/// ```swift
/// taskView.contentStackView.addArrangedSubview(OCKHTMLView(.element("p", [], ["Custom"])))
/// ```
open class OCKHTMLView: OCKView {
    /// The content (escaped by construction, like every node).
    open var content: HTMLNode

    /// Creates a view showing `content`.
    public init(_ content: HTMLNode = .empty) {
        self.content = content
        super.init()
    }

    override open func makeNode() -> HTMLNode {
        .element("div", [.class("ock-custom-content")], [content] + subviews.map { $0.render() })
    }
}
