/// One day of the week calendar: the weekday letter over a completion ring with the day
/// number in it. Pressing it submits its ``OCKButton/action`` (the app shows that day).
open class OCKCompletionRingButton: OCKButton {
    /// The ring.
    public let ring: OCKCompletionRingView
    /// The weekday letter ("M").
    public let weekdayLabel = OCKLabel(textStyle: .caption1, role: .inline)
    /// The full date for screen readers ("Monday, March 4").
    open var accessibleDate: String?
    /// Whether the day is today (rendered with `aria-current="date"`).
    open var isToday = false

    override open var isToggle: Bool { false }

    override open var buttonClasses: [String] {
        ["ock-button", "ock-completion-ring-button"] + (isToday ? ["ock-today"] : [])
    }

    /// Creates a day button; ``OCKButton/label`` holds the day number.
    public override init(title: String? = nil) {
        let dayRing = _DayRing()
        ring = dayRing
        super.init(title: title)
        dayRing.owner = self
        addSubview(ring)
        addSubview(weekdayLabel)
    }

    override open var defaultAccessibilityLabel: String? {
        [accessibleDate ?? label.text, ring.state.accessibilityDescription].compactMap { $0 }.joined(separator: loc(", "))
    }

    override open func makeButtonContent() -> [HTMLNode] {
        return [
            .element("span", [.class("ock-weekday"), .ariaHidden], [weekdayLabel.render()]),
            ring.render()
        ]
    }

    override open func makeNode() -> HTMLNode {
        var extra: [HTMLAttribute] = []
        if isSelected { extra.append(.aria("current", "date")) }
        return buttonNode(classes: buttonClasses, content: makeButtonContent(), attributes: extra)
    }
}

/// The ring of a day button: its center text is the button's day number.
final class _DayRing: OCKCompletionRingView {
    weak var owner: OCKCompletionRingButton?

    override var centerText: String? {
        get { owner?.label.text }
        set { owner?.label.text = newValue }
    }
}
