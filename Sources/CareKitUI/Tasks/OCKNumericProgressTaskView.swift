/// A task card comparing a numeric value with a goal ("6,200 of 10,000 steps"), with a
/// progress bar. SwiftUI-only (`NumericProgressTaskView`) in CareKit.
open class OCKNumericProgressTaskView: OCKCardView {
    /// The value so far (`"6,200"`).
    public let progressLabel = OCKLabel(textStyle: .title2, role: .inline)
    /// The goal (`"10,000"`).
    public let goalLabel = OCKLabel(textStyle: .title2, role: .inline)
    /// The caption over the value.
    public let progressCaptionLabel = OCKLabel(textStyle: .caption1, role: .inline, text: loc("Progress"))
    /// The caption over the goal.
    public let goalCaptionLabel = OCKLabel(textStyle: .caption1, role: .inline, text: loc("Goal"))
    /// The instructions.
    public let instructionsLabel = OCKLabel(textStyle: .subheadline)
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()
    /// Whether the goal is met (the value turns to the tint with a checkmark).
    open var isComplete = false
    /// How far along the goal is, `0...1`, for the progress bar; `nil` hides the bar.
    /// Values outside the range are clamped, NaN hides the bar.
    open var fractionCompleted: Double?

    override open var cardClassName: String { "ock-numeric-progress-task-view" }

    /// Creates the card.
    public override init() {
        super.init()
        instructionsLabel.additionalClasses = ["ock-instructions"]
        let body = _ProgressBody(owner: self)
        for label in [progressCaptionLabel, progressLabel, goalCaptionLabel, goalLabel] { body.addSubview(label) }
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(body)
        contentStackView.addArrangedSubview(instructionsLabel)
    }

    func makeProgressBody() -> HTMLNode {
        func column(_ caption: OCKLabel, _ value: OCKLabel, classes: String, checkmark: Bool) -> HTMLNode {
            .container(
                "div", [.class("ock-progress-column " + classes)],
                [
                    caption.render(),
                    .container(
                        "span", [.class("ock-progress-value")],
                        [
                            checkmark ? OCKSymbol.checkmark.svg() : .empty,
                            value.hasText ? value.render() : .element("span", [.class("ock-label ock-text-title2")], ["–"])
                        ])
                ])
        }
        var children: [HTMLNode] = [
            .container(
                "div", [.class("ock-progress-columns")],
                [
                    column(
                        progressCaptionLabel, progressLabel,
                        classes: isComplete ? "ock-progress-current ock-complete" : "ock-progress-current",
                        checkmark: isComplete),
                    column(goalCaptionLabel, goalLabel, classes: "ock-progress-goal", checkmark: false)
                ])
        ]
        if let fraction = fractionCompleted, !fraction.isNaN {
            let clamped = min(1, max(0, fraction))
            let percent = OCKNumberFormat.decimal(clamped * 100, maximumFractionDigits: 0)
            children.append(
                .element(
                    "div",
                    [
                        .class("ock-progress-bar"), .role("progressbar"),
                        HTMLAttribute("aria-valuemin", "0"), HTMLAttribute("aria-valuemax", "100"),
                        HTMLAttribute("aria-valuenow", percent),
                        .aria("label", loc("{task} progress", ["task": headerView.titleLabel.text ?? loc("Progress")]))
                    ],
                    [
                        .element(
                            "div",
                            [
                                .class("ock-progress-bar-fill"),
                                HTMLAttribute("style", "width:" + OCKNumberFormat.decimal(clamped * 100, maximumFractionDigits: 2) + "%")
                            ])
                    ]))
        }
        return .container("div", [.class("ock-progress-body")], children)
    }
}

/// Renders the value/goal block inside the content stack, so custom views can go around it.
final class _ProgressBody: OCKView {
    weak var owner: OCKNumericProgressTaskView?

    init(owner: OCKNumericProgressTaskView) {
        self.owner = owner
        super.init()
    }

    override func makeNode() -> HTMLNode {
        owner?.makeProgressBody() ?? .empty
    }
}
