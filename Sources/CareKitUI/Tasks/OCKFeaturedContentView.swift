/// A large image card with a title over it, leading to more detail (an article, a video).
open class OCKFeaturedContentView: OCKView, OCKCardable {
    /// The image filling the card.
    public let imageView = OCKImageView()
    /// The title over the image.
    public let label = OCKLabel(textStyle: .title2, role: .heading(3))
    /// Where the card leads (an `href`), if anywhere.
    open var url: String?
    /// Whether the card look is applied.
    open var isCardEnabled = true

    /// Creates the card.
    public init(imageURL: String? = nil, title: String? = nil, url: String? = nil) {
        self.url = url
        super.init()
        imageView.image = imageURL.map(OCKImage.init(url:))
        imageView.isDecorative = true
        label.text = title
        addSubview(imageView)
        addSubview(label)
    }

    override open func makeNode() -> HTMLNode {
        let hasImage = imageView.image?.url != nil
        let href = url.flatMap(OCKSafeURL.sanitize)
        let media: HTMLNode = .element(
            "div", [.class(hasImage ? "ock-featured-media" : "ock-featured-media ock-featured-placeholder")],
            [
                hasImage ? imageView.render() : .empty
            ])
        let overlay: HTMLNode = .container(
            "div", [.class("ock-featured-overlay")],
            [
                label.render(),
                href == nil ? .empty : OCKSymbol.chevronRight.svg(className: "ock-icon ock-featured-chevron")
            ])
        var content: [HTMLNode] = [media, overlay]
        if let href {
            content = [.container("a", [.class("ock-featured-link"), HTMLAttribute("href", href)], content)]
        }
        return cardNode(label: label.text, content: content, classes: ["ock-featured-content-view"], padded: false)
    }
}
