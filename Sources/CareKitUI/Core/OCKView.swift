/// The base of every CareKitUI view: a styleable node in a view tree that renders to HTML.
///
/// Views are plain, non-`Sendable` classes: build one, set its public parts, render it.
/// ``style()`` resolves the view's ``customStyle``, else the nearest ancestor's, else
/// ``OCKStyle``. A view with a custom style declares the CSS custom properties that differ
/// from what it inherits on its root element, so descendants without a style of their own
/// pick it up through CSS inheritance, exactly as CareKit's propagation rules describe.
open class OCKView: OCKStylable {
    /// Creates a view.
    public init() {}

    /// A style for this view and its descendants that have no custom style of their own.
    open var customStyle: OCKStyler? {
        didSet {
            styleDidChange()
            styleChildren()
        }
    }

    /// A tint for this view and its descendants (buttons, progress, links). `nil` inherits it.
    open var tintColor: OCKColor?

    /// The view that contains this one.
    public private(set) weak var superview: OCKView?

    /// The views this one contains, in order.
    public private(set) var subviews: [OCKView] = []

    /// When `true` the view renders nothing.
    open var isHidden = false

    /// An `id` for the root element, for links and scripts (`nil`: none).
    open var identifier: String?

    /// Extra CSS classes for the root element.
    open var additionalClasses: [String] = []

    /// The text a screen reader announces for the view, when its content is not enough.
    open var accessibilityLabel: String?

    /// The style in effect: the custom style, else the nearest ancestor's, else ``OCKStyle``.
    public func style() -> OCKStyler {
        if let customStyle { return customStyle }
        return superview?.style() ?? OCKStyle()
    }

    /// Called when the style in effect changes. The default does nothing.
    open func styleDidChange() {}

    /// Tells descendants without a custom style of their own that the style changed.
    public func styleChildren() {
        for view in subviews where view.customStyle == nil {
            view.styleDidChange()
            view.styleChildren()
        }
    }

    /// Adds `view` as the last subview, moving it from its current superview. Adding a view to
    /// itself or to one of its descendants is ignored.
    public func addSubview(_ view: OCKView) {
        guard !isDescendant(of: view) else { return }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        if view.customStyle == nil {
            view.styleDidChange()
            view.styleChildren()
        }
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.willRemoveSubview(self)
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// Called before a subview is removed. Containers that keep their own lists of subviews
    /// override it to forget the view.
    open func willRemoveSubview(_ subview: OCKView) {}

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: OCKView) -> Bool {
        var current: OCKView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Rendering

    /// The node for the view's content. Subclasses override this; render subviews with
    /// ``render(standalone:)``. The default renders the subviews in a `div`.
    open func makeNode() -> HTMLNode {
        .element("div", [.class("ock-view")], subviews.map { $0.render() })
    }

    /// The view as a node.
    ///
    /// - Parameter standalone: `false` (the default) when the node is placed inside its
    ///   superview's markup: only a custom style is declared, relative to the superview's.
    ///   `true` when the node is placed on its own (a page, a fragment sent to a browser): the
    ///   style in effect is declared relative to ``OCKStyle``.
    public final func render(standalone: Bool = false) -> HTMLNode {
        guard !isHidden else { return .empty }
        let node = makeNode()
        guard !node.isEmpty else { return node }
        var properties: [OCKCSSProperty] = []
        if standalone {
            properties = OCKStyleProperties.difference(style(), from: OCKStyle())
        } else if let customStyle {
            properties = OCKStyleProperties.difference(customStyle, from: superview?.style() ?? OCKStyle())
        }
        if let tintColor {
            properties.append(OCKCSSProperty(name: "--ock-tint", value: tintColor.cssValue))
        }
        let needsRoot = !properties.isEmpty || identifier != nil || !additionalClasses.isEmpty
        guard needsRoot else { return node }

        var element = node.element ?? HTMLElement("div", [.class("ock-style-scope")], [node])
        if let style = OCKStyleProperties.inlineStyle(properties) {
            let existing = element[attribute: "style"]
            element.setAttribute("style", existing.map { style + ";" + $0 } ?? style)
        }
        if let identifier { element.setAttribute("id", identifier) }
        for name in additionalClasses where !name.isEmpty { element.addClass(name) }
        return .element(element)
    }

    /// The view's markup, standalone (see ``render(standalone:)``), indented.
    public var html: String {
        render(standalone: true).render()
    }
}
