/// A page of detail: an image, a title and readable instructions (paragraphs split on blank
/// lines). Shown when a card's disclosure is followed.
open class OCKDetailView: OCKView, OCKCardable {
    /// The image at the top (hidden when it has no image).
    public let imageView = OCKImageView()
    /// The title.
    public let titleLabel = OCKLabel(textStyle: .title1, role: .heading(2))
    /// The body text. Blank lines separate paragraphs.
    public let bodyLabel = OCKLabel(textStyle: .body)
    /// Whether the card look is applied.
    open var isCardEnabled = true

    /// Creates the view.
    public init(title: String? = nil, body: String? = nil, image: OCKImage? = nil) {
        super.init()
        titleLabel.text = title
        bodyLabel.text = body
        imageView.image = image
        addSubview(imageView)
        addSubview(titleLabel)
        addSubview(bodyLabel)
    }

    /// The body split into paragraphs at blank lines, trimmed, without empty ones.
    public var paragraphs: [String] {
        let text = (bodyLabel.text ?? "").replacingAll("\r\n", with: "\n")
        var result: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: "\n")) }
        return result.map { $0.trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
    }

    override open func makeNode() -> HTMLNode {
        var content: [HTMLNode] = []
        if imageView.image != nil {
            content.append(.element("div", [.class("ock-detail-media")], [imageView.render()]))
        }
        let body: [HTMLNode] = paragraphs.map { paragraph in
            var attributes: [HTMLAttribute] = [.class("ock-label " + bodyLabel.textStyle.className)]
            if let color = bodyLabel.textColor { attributes.append(HTMLAttribute("style", "color:" + color.cssValue)) }
            return .element("p", attributes, [.text(paragraph)])
        }
        content.append(
            .container(
                "div", [.class("ock-detail-text")],
                [
                    titleLabel.render(),
                    .element("div", [.class("ock-detail-body")], body)
                ] + subviews.filter { $0 !== imageView && $0 !== titleLabel && $0 !== bodyLabel }.map { $0.render() }))
        return cardNode(label: titleLabel.text, content: content, classes: ["ock-detail-view"], padded: false)
    }
}
