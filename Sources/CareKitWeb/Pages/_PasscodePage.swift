import CareKitUI

/// The passcode settings: set a passcode and the minutes without use after which the app locks;
/// once set, change either (the current passcode first) or remove the passcode (the current
/// one too). Passcodes typed are never written back into the page.
struct _PasscodePage {
    /// The minutes of the passcode in force; nil: the app has no passcode.
    let currentMinutes: Int?
    /// Whether the store can keep a passcode (an `OCKStore`'s settings).
    let isAvailable: Bool
    /// The reason next to each field, by field name (`current`, `passcode`, `repeat`,
    /// `minutes`), and which form they belong to.
    var problems: [String: String] = [:]
    var problemsAreInRemoval = false
    /// The minutes chosen in the form sent, to keep the choice when it is shown again.
    var chosenMinutes: Int?
    /// What was just done: `set`, `changed` or `removed`.
    var saved: String?
    let csrfToken: String

    static let fields = ["current", "passcode", "repeat", "minutes"]

    var title: String { loc("Passcode") }

    var main: [HTMLNode] {
        var content: [HTMLNode] = [
            .element(
                "p", [],
                [
                    .text(
                        loc(
                            "On a computer others use too, a passcode keeps the care plan private: after some minutes without use the app locks and shows nothing until the passcode is typed. It does not encrypt the store's file."
                        ))
                ])
        ]
        if let notice = savedNotice {
            content.insert(.element("p", [.class("ck-page-notice"), .role("status")], [.text(notice)]), at: 0)
        }
        guard isAvailable else {
            content.append(.element("p", [.class("ock-form-error")], [.text(loc("This app's store cannot keep a passcode."))]))
            return page(content)
        }
        if let minutes = currentMinutes {
            content.append(.element("p", [.class("ck-lock-status")], [.text(loc("The app locks after {count} minutes without use.", count: minutes))]))
            content.append(changeForm(minutes: minutes))
            content.append(removeForm)
        } else {
            content.append(.element("p", [.class("ck-lock-status")], [.text(loc("The app has no passcode: anyone at this computer can open it."))]))
            content.append(setForm)
        }
        return page(content)
    }

    private func page(_ content: [HTMLNode]) -> [HTMLNode] {
        _PageHeading.nodes(title: title) + [.element("section", [.class("ock-card ck-settings ck-passcode"), .aria("label", title)], content)]
    }

    private var savedNotice: String? {
        switch saved {
        case "set": return loc("The passcode is set. Other browsers ask for it now.")
        case "changed": return loc("Saved.")
        case "removed": return loc("The passcode is removed: the app no longer locks.")
        default: return nil
        }
    }

    private var setForm: HTMLNode {
        form(
            action: "save", label: loc("Set a passcode"),
            [
                _FormFields.summary(hasProblems: !problems.isEmpty),
                newPasscode(label: loc("Passcode"), autofocus: true),
                repeatPasscode,
                minutesChoices(chosen: chosenMinutes ?? _AppLock.Passcode.defaultMinutes),
                submit(loc("Set the passcode"))
            ])
    }

    private func changeForm(minutes: Int) -> HTMLNode {
        let mine = problemsAreInRemoval ? [:] : problems
        return form(
            action: "save", label: loc("Change the passcode or the minutes"),
            [
                .element("h2", [.class("ck-card-heading")], [.text(loc("Change the passcode or the minutes"))]),
                _FormFields.summary(hasProblems: !mine.isEmpty),
                currentPasscode(id: "ck-change-current", problem: mine["current"]),
                newPasscode(label: loc("New passcode (leave empty to keep it)"), autofocus: false),
                repeatPasscode,
                minutesChoices(chosen: chosenMinutes ?? minutes),
                submit(loc("Save"))
            ])
    }

    private var removeForm: HTMLNode {
        form(
            action: "remove", label: loc("Remove the passcode"),
            [
                .element("h2", [.class("ck-card-heading")], [.text(loc("Remove the passcode"))]),
                currentPasscode(id: "ck-remove-current", problem: problemsAreInRemoval ? problems["current"] : nil),
                .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ock-primary ck-destructive")], [.text(loc("Remove the passcode"))])
            ])
    }

    private func form(action: String, label: String, _ fields: [HTMLNode]) -> HTMLNode {
        .element(
            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.passcode.path), .class("ck-settings-form"), .aria("label", label)],
            _FormFields.hidden(csrfToken: csrfToken, returnPath: nil) + [
                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "action"), HTMLAttribute("value", action)])
            ] + fields)
    }

    private func currentPasscode(id: String, problem: String?) -> HTMLNode {
        _FormFields.text(
            id: id, name: "current", label: loc("Current passcode"), value: "", problem: problem, type: "password", required: true, autocomplete: "current-password",
            autofocus: problem != nil)
    }

    private func newPasscode(label: String, autofocus: Bool) -> HTMLNode {
        let problem = problemsAreInRemoval ? nil : problems["passcode"]
        return _FormFields.text(
            id: "ck-new-passcode", name: "passcode", label: label, value: "", hint: loc("At least 4 characters: digits or words."), problem: problem, type: "password",
            required: currentMinutes == nil, autocomplete: "new-password", autofocus: autofocus || problem != nil)
    }

    private var repeatPasscode: HTMLNode {
        _FormFields.text(
            id: "ck-repeat-passcode", name: "repeat", label: loc("The same passcode again"), value: "", problem: problemsAreInRemoval ? nil : problems["repeat"],
            type: "password", required: currentMinutes == nil, autocomplete: "new-password")
    }

    private func minutesChoices(chosen: Int) -> HTMLNode {
        let choices = _AppLock.Passcode.minuteChoices.map { minutes -> HTMLNode in
            var input = [HTMLAttribute("type", "radio"), HTMLAttribute("name", "minutes"), HTMLAttribute("value", String(minutes))]
            if minutes == chosen { input.append(.flag("checked")) }
            return .element("label", [.class("ck-choice")], [.element("input", input), .element("span", [], [.text(loc("After {count} minutes without use", count: minutes))])])
        }
        let legend = HTMLNode.element("legend", [], [.text(loc("When the app locks"))])
        guard let problem = problemsAreInRemoval ? nil : problems["minutes"] else { return .element("fieldset", [.class("ck-choices")], [legend] + choices) }
        return .element(
            "fieldset", [.class("ck-choices"), .aria("describedby", "ck-minutes-error")],
            [legend, .element("p", [.class("ock-form-error ck-field-error"), .id("ck-minutes-error")], [.text(problem)])] + choices)
    }

    private func submit(_ title: String) -> HTMLNode {
        .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ock-primary")], [.text(title)])
    }
}
