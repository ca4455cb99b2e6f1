import CareKitUI

/// A step that asks before something is saved or removed: what it is about, in sentences, and
/// two buttons: one posts the same form again with `confirmed=1` (the primary action), the
/// other goes back without saving: a POST with `edit=1` that shows the form again with what
/// was typed, or a plain link. Works without JavaScript.
struct _ConfirmPage {
    /// The page's title ("Check this value").
    let title: String
    /// What the patient should know before deciding, one paragraph each.
    let sentences: [String]
    /// Where both forms post.
    let action: String
    /// The fields of the form being confirmed (without the CSRF field, added here).
    let fields: [(name: String, value: String)]
    let csrfToken: String
    /// The primary button's words ("Save 152 mmHg", "Delete 310 mmHg").
    let confirmLabel: String
    /// Whether confirming removes something (its button is then drawn as a warning).
    var isDestructive = false
    /// The way back: "Change it" posting `edit=1`, or a link (its words and address).
    var back: Back = .edit(label: loc("Change it"))

    enum Back {
        case edit(label: String)
        case link(label: String, path: String)
    }

    private func hidden(_ extra: [(String, String)]) -> [HTMLNode] {
        ([(WebSecurity.csrfField, csrfToken)] + fields.filter { $0.name != WebSecurity.csrfField && $0.name != "confirmed" && $0.name != "edit" } + extra).map {
            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", $0.0), HTMLAttribute("value", $0.1)])
        }
    }

    var main: [HTMLNode] {
        let confirmClass = "ock-button ock-labeled-button ock-primary ck-confirm" + (isDestructive ? " ck-destructive" : "")
        var buttons: [HTMLNode] = [
            .element(
                "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", action), .class("ck-confirm-form")],
                hidden([("confirmed", "1")]) + [
                    .element("button", [HTMLAttribute("type", "submit"), .class(confirmClass), .flag("autofocus")], [.text(confirmLabel)])
                ])
        ]
        switch back {
        case .edit(let label):
            buttons.append(
                .element(
                    "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", action), .class("ck-confirm-form")],
                    hidden([("edit", "1")]) + [.element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-secondary-link ck-confirm-back")], [.text(label)])]))
        case .link(let label, let path):
            buttons.append(.element("a", [HTMLAttribute("href", path), .class("ock-button ock-secondary-link ck-confirm-back")], [.text(label)]))
        }
        return _PageHeading.nodes(title: title) + [
            .element(
                "div", [.class("ock-card-list")],
                [
                    .element(
                        "section", [.class("ock-card ck-confirm-card"), .aria("labelledby", "ck-confirm-text")],
                        [.element("div", [.id("ck-confirm-text")], sentences.map { .element("p", [.class("ck-confirm-sentence")], [.text($0)]) })]
                            + [.element("div", [.class("ock-form-buttons ck-confirm-buttons")], buttons)])
                ])
        ]
    }
}
