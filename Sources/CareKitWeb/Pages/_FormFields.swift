import CareKitUI

/// The fields of the app's forms (the plan editor, About you, a contact): a label, the input,
/// its hint and, when it is wrong, its reason next to it (`aria-invalid`, `aria-describedby`),
/// so every form says what to write in the same way.
enum _FormFields {
    /// A labelled input `name` with `id`; `value` kept as typed.
    static func text(
        id: String, name: String, label: String, value: String, hint: String = "", problem: String? = nil, type: String = "text",
        required: Bool = false, autocomplete: String? = nil, autofocus: Bool = false
    ) -> HTMLNode {
        var described: [String] = []
        var attributes = [HTMLAttribute("type", type), HTMLAttribute("name", name), .id(id), HTMLAttribute("value", value)]
        if type == "number" { attributes.append(HTMLAttribute("inputmode", "numeric")) }
        if required { attributes.append(.flag("required")) }
        if let autocomplete { attributes.append(HTMLAttribute("autocomplete", autocomplete)) }
        if autofocus { attributes.append(.flag("autofocus")) }
        var after: [HTMLNode] = []
        if !hint.isEmpty {
            after.append(.element("p", [.class("ock-hint"), .id(id + "-hint")], [.text(hint)]))
            described.append(id + "-hint")
        }
        if let problem {
            after.append(.element("p", [.class("ock-form-error ck-field-error"), .id(id + "-error")], [.text(problem)]))
            described.append(id + "-error")
            attributes.append(.aria("invalid", "true"))
        }
        if !described.isEmpty { attributes.append(.aria("describedby", described.joined(separator: " "))) }
        return .element(
            "div", [.class(problem == nil ? "ock-question" : "ock-question ock-invalid")],
            [
                .element("label", [HTMLAttribute("for", id), .class("ock-question-prompt")], [.text(label)]),
                .element("input", attributes)
            ] + after)
    }

    /// The hidden fields every state-changing form sends: the CSRF token and where to return.
    static func hidden(csrfToken: String, returnPath: String?) -> [HTMLNode] {
        [(WebSecurity.csrfField, csrfToken), ("return", returnPath)].compactMap { name, value in
            value.map { .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", name), HTMLAttribute("value", $0)]) }
        }
    }

    /// "Please check the fields marked below; nothing was saved." when any field is wrong.
    static func summary(hasProblems: Bool) -> HTMLNode {
        hasProblems ? .element("p", [.class("ock-form-error"), .role("alert")], [.text(loc("Please check the fields marked below; nothing was saved."))]) : .empty
    }

    /// The primary button and the Cancel link under a form.
    static func buttons(submit: String, cancelPath: String) -> HTMLNode {
        .element(
            "div", [.class("ock-form-buttons")],
            [
                .element("button", [.class("ock-button ock-labeled-button ock-primary"), HTMLAttribute("type", "submit")], [.text(submit)]),
                .element("a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", cancelPath)], [.text(loc("Cancel"))])
            ])
    }
}
