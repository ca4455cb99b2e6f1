/// A vertical or horizontal stack of views; the `contentStackView` of every card. A stack
/// whose views all render nothing renders nothing.
///
/// Add your own views with ``addArrangedSubview(_:)``: they take the card's spacing and
/// inherit its style.
open class OCKStackView: OCKView {
    /// The direction of the stack.
    public enum Axis: Sendable {
        /// Top to bottom.
        case vertical
        /// Leading to trailing.
        case horizontal
    }

    /// How views are placed across the stack's axis.
    public enum Alignment: Sendable {
        /// Stretched to fill.
        case fill
        /// At the leading (or top) edge.
        case leading
        /// Centered.
        case center
        /// At the trailing (or bottom) edge.
        case trailing
    }

    /// The direction of the stack.
    open var axis: Axis
    /// How views are placed across the axis.
    open var alignment: Alignment = .fill
    /// Space between views in CSS pixels; `nil` uses the style's `stackSpacing1`.
    open var spacing: Double?

    /// The views in the stack, in order.
    public private(set) var arrangedSubviews: [OCKView] = []

    /// Creates a stack.
    public init(axis: Axis = .vertical) {
        self.axis = axis
        super.init()
    }

    /// Adds a view at the end of the stack.
    public func addArrangedSubview(_ view: OCKView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view at `index` (clamped to the valid range).
    public func insertArrangedSubview(_ view: OCKView, at index: Int) {
        guard !isDescendant(of: view) else { return }
        addSubview(view)
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
    }

    /// Removes a view from the stack (and from the view tree).
    public func removeArrangedSubview(_ view: OCKView) {
        arrangedSubviews.removeAll { $0 === view }
        if view.superview === self { view.removeFromSuperview() }
    }

    override open func willRemoveSubview(_ subview: OCKView) {
        arrangedSubviews.removeAll { $0 === subview }
    }

    override open func makeNode() -> HTMLNode {
        var classes = "ock-stack " + (axis == .vertical ? "ock-stack-vertical" : "ock-stack-horizontal")
        switch alignment {
        case .fill: break
        case .leading: classes += " ock-align-leading"
        case .center: classes += " ock-align-center"
        case .trailing: classes += " ock-align-trailing"
        }
        var attributes: [HTMLAttribute] = [.class(classes)]
        if let spacing, spacing.isFinite {
            attributes.append(HTMLAttribute("style", "gap:" + OCKNumberFormat.decimal(max(0, spacing)) + "px"))
        }
        let children = arrangedSubviews.map { $0.render() }.filter { !$0.isEmpty }
        guard !children.isEmpty else { return .empty }
        return .container("div", attributes, children)
    }
}
