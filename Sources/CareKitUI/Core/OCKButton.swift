/// A button. With an ``action`` it submits a form; without one it is inert.
///
/// Subclasses provide the content with ``makeButtonContent()`` and the classes with
/// ``buttonClasses``.
open class OCKButton: OCKView {
    /// The title.
    public let label: OCKLabel
    /// Whether the button is in its selected (completed) state.
    open var isSelected = false
    /// Whether the button can be pressed. A disabled button is rendered `disabled`.
    open var isEnabled = true
    /// The form submitted when the button is pressed.
    open var action: OCKFormAction?
    /// Whether the button toggles a state (rendered with `aria-pressed`).
    open var isToggle: Bool { true }

    /// Creates a button.
    public init(title: String? = nil) {
        label = OCKLabel(textStyle: .body, role: .inline, text: title)
        super.init()
        addSubview(label)
    }

    /// Classes of the `<button>` element.
    open var buttonClasses: [String] { ["ock-button"] }

    /// The content of the `<button>` element. The default is the label.
    open func makeButtonContent() -> [HTMLNode] {
        [label.render()]
    }

    /// The accessible name when the content has no text (icon-only buttons); `nil` otherwise.
    open var defaultAccessibilityLabel: String? { nil }

    override open func makeNode() -> HTMLNode {
        buttonNode(classes: buttonClasses, content: makeButtonContent())
    }

    /// A `<button>` with the button's state, wrapped in a `<form>` when there is an action.
    public func buttonNode(classes: [String], content: [HTMLNode], attributes extra: [HTMLAttribute] = []) -> HTMLNode {
        var allClasses = classes
        if isSelected { allClasses.append("ock-selected") }
        let url = action?.safeURL
        var attributes: [HTMLAttribute] = [
            .class(allClasses.joined(separator: " ")),
            HTMLAttribute("type", url == nil ? "button" : "submit"),
        ]
        if isToggle { attributes.append(.aria("pressed", isSelected ? "true" : "false")) }
        if let name = accessibilityLabel ?? defaultAccessibilityLabel { attributes.append(.aria("label", name)) }
        if !isEnabled { attributes.append(.flag("disabled")) }
        attributes += extra
        let button = HTMLNode.container("button", attributes, content)
        guard let action, let url else { return button }
        var form: [HTMLNode] = action.hiddenFields.map { field in
            .element("input", [
                HTMLAttribute("type", "hidden"), HTMLAttribute("name", field.name), HTMLAttribute("value", field.value),
            ])
        }
        form.append(button)
        return .element("form", [
            .class("ock-form"), HTMLAttribute("method", action.method.rawValue), HTMLAttribute("action", url),
        ], form)
    }
}

/// A round checkmark button: an empty tinted circle, filled with a checkmark when selected.
open class OCKCheckmarkButton: OCKButton {
    override open var buttonClasses: [String] { ["ock-button", "ock-checkmark-button"] }

    override open var defaultAccessibilityLabel: String? {
        label.hasText ? nil : (isSelected ? "Completed" : "Mark as completed")
    }

    override open func makeButtonContent() -> [HTMLNode] {
        [
            .element("span", [.class("ock-checkmark-circle"), .ariaHidden], [OCKSymbol.checkmark.svg()]),
            label.hasText ? label.render() : .empty,
        ]
    }

    /// Creates a checkmark button.
    public init() {
        super.init(title: nil)
        label.isVisuallyHidden = true
    }
}

/// A wide, rounded button with a title; tinted when selected (the instructions card's
/// "Mark as Completed" button).
open class OCKLabeledButton: OCKButton {
    /// Title shown when ``label`` has no text and the button is not selected.
    open var defaultTitle = "Mark as Completed"
    /// Title shown when ``label`` has no text and the button is selected.
    open var defaultSelectedTitle = "Completed"
    /// Whether the button toggles a completion state (`false` for actions such as "Log").
    open var togglesSelection = true

    override open var isToggle: Bool { togglesSelection }

    override open var buttonClasses: [String] { ["ock-button", "ock-labeled-button"] }

    override open func makeButtonContent() -> [HTMLNode] {
        let title: HTMLNode = label.hasText
            ? label.render()
            : .element("span", [.class("ock-label ock-text-body")], [.text(isSelected ? defaultSelectedTitle : defaultTitle)])
        return [isSelected && togglesSelection ? OCKSymbol.checkmark.svg() : .empty, title]
    }
}
