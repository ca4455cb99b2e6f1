/// The top of every card: an optional icon (image or monogram), a title, a detail line and
/// an optional disclosure chevron.
open class OCKHeaderView: OCKView {
    /// The title (a heading, level 3 by default).
    public let titleLabel: OCKLabel
    /// The detail line (a time range, a category).
    public let detailLabel: OCKLabel
    /// Where the card's event stands ("Due now", "Overdue"), under the detail; hidden when empty.
    public let statusLabel: OCKLabel
    /// An icon or monogram shown before the text; hidden when it has no content.
    public let iconImageView: OCKImageView
    /// Whether a chevron suggesting more detail is shown at the trailing edge.
    open var showsDisclosureIndicator = false
    /// Whether the title's initials are shown when the icon has no image or monogram
    /// (contact cards).
    open var showsMonogramFallback = false
    /// Where the header leads when tapped (a link around the whole header), if anywhere.
    open var disclosureURL: String?

    /// Creates a header.
    public init(title: String? = nil, detail: String? = nil) {
        titleLabel = OCKLabel(textStyle: .headline, role: .heading(2), text: title)
        detailLabel = OCKLabel(textStyle: .subheadline, role: .paragraph, text: detail)
        statusLabel = OCKLabel(textStyle: .subheadline, role: .paragraph)
        iconImageView = OCKImageView()
        super.init()
        addSubview(iconImageView)
        addSubview(titleLabel)
        addSubview(detailLabel)
        addSubview(statusLabel)
    }

    override open func makeNode() -> HTMLNode {
        var children: [HTMLNode] = []
        if iconImageView.hasContent {
            children.append(.element("div", [.class("ock-header-icon")], [iconImageView.render()]))
        } else if showsMonogramFallback, let initials = titleLabel.text.flatMap(OCKImageView.monogram(for:)) {
            children.append(
                .element(
                    "div", [.class("ock-header-icon")],
                    [
                        .element("span", [.class("ock-monogram"), .ariaHidden], [.text(initials)])
                    ]))
        }
        children.append(
            .container(
                "div", [.class("ock-header-text")],
                [
                    titleLabel.render(),
                    detailLabel.hasText
                        ? .element("div", [.class("ock-header-detail")], [detailLabel.render()]) : .empty,
                    statusLabel.hasText
                        ? .element("div", [.class("ock-header-status")], [statusLabel.render()]) : .empty
                ]))
        let url = disclosureURL.flatMap(OCKSafeURL.sanitize)
        if showsDisclosureIndicator || url != nil {
            children.append(.element("div", [.class("ock-header-disclosure")], [OCKSymbol.chevronRight.svg()]))
        }
        let header = HTMLNode.container("header", [.class("ock-header")], children)
        guard let url else { return header }
        return .element("a", [.class("ock-header-link"), HTMLAttribute("href", url)], [header])
    }
}
