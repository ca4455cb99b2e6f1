/// A thin horizontal line in the style's separator colour (decorative).
open class OCKSeparatorView: OCKView {
    override open func makeNode() -> HTMLNode {
        .element("div", [.class("ock-separator"), .ariaHidden])
    }
}
