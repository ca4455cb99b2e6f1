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
            HTMLAttribute("type", url == nil ? "button" : "submit")
        ]
        if isToggle { attributes.append(.aria("pressed", isSelected ? "true" : "false")) }
        if let name = accessibilityLabel ?? defaultAccessibilityLabel { attributes.append(.aria("label", name)) }
        if !isEnabled { attributes.append(.flag("disabled")) }
        attributes += extra
        let button = HTMLNode.container("button", attributes, content)
        guard let action, let url else { return button }
        var form: [HTMLNode] = action.hiddenFields.map { field in
            .element(
                "input",
                [
                    HTMLAttribute("type", "hidden"), HTMLAttribute("name", field.name), HTMLAttribute("value", field.value)
                ])
        }
        form.append(button)
        return .element(
            "form",
            [
                .class("ock-form"), HTMLAttribute("method", action.method.rawValue), HTMLAttribute("action", url)
            ], form)
    }
}
