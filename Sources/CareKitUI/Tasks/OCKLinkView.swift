/// A card with a list of links: web sites, calls, messages, e-mails, places.
open class OCKLinkView: OCKCardView {
    /// The instructions, over the links.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()
    /// The links, in order.
    open var links: [OCKLinkItem] = []

    override open var cardClassName: String { "ock-link-view" }

    /// Creates the card.
    public init(title: String? = nil, detail: String? = nil, links: [OCKLinkItem] = []) {
        self.links = links
        super.init()
        headerView.titleLabel.text = title
        headerView.detailLabel.text = detail
        instructionsLabel.additionalClasses = ["ock-instructions"]
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(instructionsLabel)
        contentStackView.addArrangedSubview(_LinkList(owner: self))
    }

    func makeLinksNode() -> HTMLNode {
        guard !links.isEmpty else { return .empty }
        let items: [HTMLNode] = links.map { link in
            let content: [HTMLNode] = [
                link.symbol.svg(),
                .element("span", [.class("ock-link-title")], [.text(link.title)]),
                link.isExternalWebLink ? OCKSymbol.chevronRight.svg(className: "ock-icon ock-link-chevron") : .empty
            ]
            guard let href = link.href else {
                return .element(
                    "li", [],
                    [
                        .container("span", [.class("ock-link-button ock-link-unavailable"), .aria("disabled", "true")], content)
                    ])
            }
            var attributes: [HTMLAttribute] = [.class("ock-link-button"), HTMLAttribute("href", href)]
            if link.isExternalWebLink {
                attributes += [HTMLAttribute("target", "_blank"), HTMLAttribute("rel", "noopener noreferrer")]
            }
            return .element("li", [], [.container("a", attributes, content)])
        }
        return .container("ul", [.class("ock-item-list ock-links")], items)
    }
}

final class _LinkList: OCKView {
    weak var owner: OCKLinkView?

    init(owner: OCKLinkView) {
        self.owner = owner
        super.init()
    }

    override func makeNode() -> HTMLNode {
        owner?.makeLinksNode() ?? .empty
    }
}
