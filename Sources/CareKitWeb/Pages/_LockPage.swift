import CareKitUI

/// What a locked app shows: the unlock form, nothing about the patient (no name, no task, no
/// count). Or, for a browser that is still unlocked but whose page hid itself after the
/// minutes without use (another tab kept it unlocked), a way back to that page.
struct _LockPage {
    enum Kind {
        /// The browser is locked: the passcode opens it.
        case locked(problem: String?)
        /// The browser is unlocked, and this page hid itself after `minutes` without use.
        case hidden(minutes: Int)
    }

    let kind: Kind
    /// Where the browser goes once unlocked (a path of the app).
    let returnPath: String
    let csrfToken: String

    var title: String {
        switch kind {
        case .locked: return loc("Locked")
        case .hidden: return loc("Hidden while you were away")
        }
    }

    var main: [HTMLNode] {
        let content: [HTMLNode]
        switch kind {
        case .locked(let problem):
            content = [
                .element("p", [], [.text(loc("The app is locked to keep the care plan private. Type the passcode to open it."))]),
                .element(
                    "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.unlock.path), .class("ck-unlock-form")],
                    _FormFields.hidden(csrfToken: csrfToken, returnPath: returnPath) + [
                        _FormFields.text(
                            id: "ck-passcode", name: "passcode", label: loc("Passcode"), value: "", problem: problem, type: "password", required: true,
                            autocomplete: "current-password", autofocus: true),
                        .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ock-primary")], [.text(loc("Unlock"))])
                    ]),
                .element(
                    "p", [.class("ock-hint")],
                    [.text(loc("Forgot the passcode? Whoever runs the app can remove it with `carekit serve --remove-passcode`; the care plan stays as it is."))])
            ]
        case .hidden(let minutes):
            content = [
                .element("p", [], [.text(loc("This page hid itself after {count} minutes without use.", count: minutes))]),
                .element("p", [], [.element("a", [HTMLAttribute("href", returnPath), .class("ock-button ock-labeled-button ock-primary")], [.text(loc("Show it again"))])])
            ]
        }
        return _PageHeading.nodes(title: title) + [.element("section", [.class("ock-card ck-lock"), .aria("label", title)], content)]
    }
}
