/// A ring that fills clockwise with a day's progress, drawn as SVG.
open class OCKCompletionRingView: OCKView {
    /// The state shown.
    open var state: OCKCompletionState = .empty
    /// The ring diameter in CSS pixels.
    open var diameter: Double = 36
    /// Text inside the ring (the day number), if any.
    open var centerText: String?

    /// Sets the state (CareKit's spelling; `animated` is ignored in static HTML).
    public func setState(_ state: OCKCompletionState, animated: Bool = false) {
        self.state = state
    }

    /// Creates a ring.
    public init(state: OCKCompletionState = .empty) {
        self.state = state
        super.init()
    }

    var stateClass: String {
        switch state {
        case .dimmed: return "ock-ring-dimmed"
        case .empty: return "ock-ring-empty"
        case .zero: return "ock-ring-zero"
        case .progress: return state.fraction >= 1 ? "ock-ring-progress ock-ring-complete" : "ock-ring-progress"
        }
    }

    override open func makeNode() -> HTMLNode {
        let size = diameter.isFinite && diameter > 0 ? diameter : 36
        let number = { (value: Double) in OCKNumberFormat.decimal(value, maximumFractionDigits: 2) }
        let stroke = 4.0
        let radius = (size - stroke) / 2
        let center = size / 2
        let circumference = 2 * Double.pi * radius
        var shapes: [HTMLNode] = []
        switch state {
        case .empty:
            shapes.append(
                .element(
                    "circle",
                    [
                        .class("ock-ring-dot"), HTMLAttribute("cx", number(center)), HTMLAttribute("cy", number(center)),
                        HTMLAttribute("r", number(radius))
                    ]))
        case .dimmed, .zero, .progress:
            shapes.append(
                .element(
                    "circle",
                    [
                        .class("ock-ring-track"), HTMLAttribute("cx", number(center)), HTMLAttribute("cy", number(center)),
                        HTMLAttribute("r", number(radius)), HTMLAttribute("stroke-width", number(stroke))
                    ]))
            let fraction = state.fraction
            if fraction >= 1 {
                shapes.append(
                    .element(
                        "circle",
                        [
                            .class("ock-ring-fill"), HTMLAttribute("cx", number(center)), HTMLAttribute("cy", number(center)),
                            HTMLAttribute("r", number(radius + stroke / 2))
                        ]))
            } else if fraction > 0 {
                let length = circumference * fraction
                shapes.append(
                    .element(
                        "circle",
                        [
                            .class("ock-ring-progress-arc"), HTMLAttribute("cx", number(center)), HTMLAttribute("cy", number(center)),
                            HTMLAttribute("r", number(radius)), HTMLAttribute("stroke-width", number(stroke)),
                            HTMLAttribute("stroke-dasharray", number(length) + " " + number(circumference)),
                            HTMLAttribute("transform", "rotate(-90 " + number(center) + " " + number(center) + ")")
                        ]))
            }
        }
        if let centerText, !centerText.isEmpty {
            shapes.append(
                .element(
                    "text",
                    [
                        .class("ock-ring-text"), HTMLAttribute("x", number(center)), HTMLAttribute("y", number(center)),
                        HTMLAttribute("text-anchor", "middle"), HTMLAttribute("dominant-baseline", "central"),
                        HTMLAttribute("font-size", "13")
                    ], [.text(centerText)]))
        }
        var attributes: [HTMLAttribute] = [
            .class("ock-completion-ring " + stateClass),
            HTMLAttribute("viewBox", "0 0 " + number(size) + " " + number(size)),
            HTMLAttribute("width", number(size)), HTMLAttribute("height", number(size))
        ]
        if let accessibilityLabel {
            attributes += [.role("img"), .aria("label", accessibilityLabel)]
        } else {
            attributes.append(.ariaHidden)
        }
        return .element("svg", attributes, shapes)
    }
}
