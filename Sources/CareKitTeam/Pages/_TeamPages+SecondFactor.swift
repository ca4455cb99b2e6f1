import CareKitLocalization
import CareKitSyncServer
import CareKitUI
import CareKitWeb
import Foundation

/// The pages of two-step sign-in: plain forms, no JavaScript; the QR code is an SVG image.
extension _TeamPages {
    /// The code field: digits on a phone's keypad, filled in by a password manager that knows it.
    private static func codeField(_ label: String, hint: String?) -> HTMLNode {
        var children: [HTMLNode] = [
            .text(label + " "),
            .element(
                "input",
                [
                    HTMLAttribute("name", "code"), HTMLAttribute("autocomplete", "one-time-code"), HTMLAttribute("autocapitalize", "off"),
                    HTMLAttribute("spellcheck", "false"), HTMLAttribute("maxlength", "24"), .flag("required")
                ])
        ]
        if let hint { children.append(.element("span", [.class("team-muted")], [.text(" " + hint)])) }
        return .element("label", [], children)
    }

    private static func error(_ message: String?) -> [HTMLNode] {
        message.map { [.element("p", [.class("team-error"), .role("alert")], [.text($0)])] } ?? []
    }

    /// The second step of signing in.
    static func codeForm(csrf: String, email: String, message: String?) -> String {
        let body: [HTMLNode] =
            [
                .element("h1", [], [.text(loc("Second step"))]),
                .element("p", [], [.text(loc("Signing in as {email}. Type the code your authenticator app shows for this account.", ["email": email]))])
            ]
            + error(message) + [
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.secondStep.path)],
                    [
                        _WebShell.csrfField(csrf), codeField(loc("Code"), hint: loc("(6 digits, or one of your recovery codes)")),
                        .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Sign in"))])
                    ]),
                .element(
                    "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.signOut.path)],
                    [_WebShell.csrfField(csrf), .element("button", [HTMLAttribute("type", "submit"), .class("team-quiet-button")], [.text(loc("Cancel"))])]),
                .element("p", [.class("team-muted")], [.text(loc("Lost the phone and the recovery codes? The clinic's administrator can reset two-step sign-in for you."))])
            ]
        return document(loc("Second step"), body)
    }

    /// Setting up the authenticator app: the QR code, the key to type, a first code.
    static func enrollment(csrf: String, clinician: SyncClinician, uri: String, secret: String, qrSVG: String?, required: Bool, message: String?) -> String {
        let grouped = stride(from: 0, to: secret.count, by: 4).map { start -> String in
            let from = secret.index(secret.startIndex, offsetBy: start)
            return String(secret[from..<(secret.index(from, offsetBy: 4, limitedBy: secret.endIndex) ?? secret.endIndex)])
        }.joined(separator: " ")
        var body: [HTMLNode] = [.element("h1", [], [.text(loc("Set up two-step sign-in"))])]
        if required {
            body.append(.element("p", [], [.text(loc("This server asks every clinician for a code from an authenticator app after the password. Set it up once to continue."))]))
        }
        var steps: [HTMLNode] = [
            .element("li", [], [.text(loc("Open an authenticator app on your phone (any app for time-based codes) and add an account."))])
        ]
        if let qrSVG {
            let image = "data:image/svg+xml;base64," + Data(qrSVG.utf8).base64EncodedString()
            steps.append(
                .element(
                    "li", [],
                    [
                        .text(loc("Scan this QR code:")),
                        .element("div", [], [.element("img", [HTMLAttribute("src", image), HTMLAttribute("alt", loc("QR code of the key for {email}", ["email": clinician.email]))])])
                    ]))
        }
        steps.append(
            .element(
                "li", [],
                [
                    .text((qrSVG == nil ? loc("Type this key:") : loc("Or type this key:")) + " "),
                    .element("code", [HTMLAttribute("translate", "no"), HTMLAttribute("dir", "ltr")], [.text(grouped)]),
                    .text(" " + loc("(time-based, 6 digits, every 30 seconds).")),
                    .element(
                        "details", [],
                        [
                            .element("summary", [], [.text(loc("The key as a link"))]),
                            .element("p", [.class("team-muted")], [.element("code", [HTMLAttribute("dir", "ltr")], [.text(uri)])])
                        ])
                ]))
        steps.append(.element("li", [], [.text(loc("Type the code the app shows now."))]))
        body.append(.element("ol", [.class("team-events")], steps))
        body += error(message)
        body.append(
            .element(
                "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.secondFactor.path)],
                [_WebShell.csrfField(csrf), codeField(loc("Code"), hint: nil), .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Turn on two-step sign-in"))])]))
        return document(loc("Set up two-step sign-in"), body, clinician: required ? nil : clinician, csrf: csrf, section: _TeamFrame.secondFactorSection)
    }

    /// The page that says two-step sign-in is on: a sentence, then what follows it.
    private static func secondFactorOn(_ title: String, csrf: String, clinician: SyncClinician, _ explanation: String, then more: [HTMLNode]) -> String {
        let body: [HTMLNode] =
            [.element("h1", [], [.text(loc("Two-step sign-in is on"))]), .element("p", [], [.text(explanation)])] + more
        return document(title, body, clinician: clinician, csrf: csrf, section: _TeamFrame.secondFactorSection)
    }

    /// The recovery codes, shown this once.
    static func recoveryCodes(csrf: String, clinician: SyncClinician, codes: [String]) -> String {
        secondFactorOn(
            loc("Recovery codes"), csrf: csrf, clinician: clinician,
            loc("Keep these recovery codes somewhere safe, away from your phone. Each signs you in once in place of a code, if the phone is lost. They are shown only now."),
            then: [
                .element("ul", [.class("team-card")], codes.map { .element("li", [], [.element("code", [HTMLAttribute("translate", "no"), HTMLAttribute("dir", "ltr")], [.text($0)])]) }),
                .element("p", [], [link(TeamRoute.patients.path, loc("Continue to your patients"))])
            ])
    }

    /// The page when the account already has a second factor.
    static func secondFactorIsSet(csrf: String, clinician: SyncClinician) -> String {
        secondFactorOn(
            loc("Two-step sign-in"), csrf: csrf, clinician: clinician,
            loc("You sign in with your password and a code from your authenticator app. To move to a new phone, ask the clinic's administrator to reset it; you set it up again at your next sign-in."),
            then: [])
    }
}
