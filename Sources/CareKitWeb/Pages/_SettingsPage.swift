import CareKitStore
import CareKitUI

/// The settings page: the app's language, each choice named in its own language (so that a
/// reader finds theirs whatever the page is written in), and "as my browser"; and the units
/// measurements are shown and typed in.
struct _SettingsPage {
    /// The language the page is written in.
    let current: OCKLanguage
    /// The language this browser chose (nil: it follows the browser).
    let chosen: OCKLanguage?
    /// Where to go back to once saved.
    let returnPath: String
    /// Whether a choice was just saved.
    let saved: Bool
    let csrfToken: String
    /// The system of units chosen (or, when none was, the one usual for the language).
    let units: OCKUnit.System

    var title: String { loc("Language") }

    var main: [HTMLNode] {
        var choices: [HTMLNode] = [
            choice(value: "auto", label: .text(loc("As my browser")), lang: nil, checked: chosen == nil)
        ]
        for language in OCKLanguage.supported {
            choices.append(choice(value: language.code, label: .text(language.nativeName), lang: language, checked: chosen?.code == language.code))
        }
        var content: [HTMLNode] = []
        if saved {
            content.append(.element("p", [.class("ck-page-notice"), .role("status")], [.text(loc("Saved. The app now speaks {language}.", ["language": current.nativeName]))]))
        }
        content.append(
            .element(
                "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.settings.path), .class("ck-settings-form")],
                [
                    .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", WebSecurity.csrfField), HTMLAttribute("value", csrfToken)]),
                    .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "return"), HTMLAttribute("value", returnPath)]),
                    .element(
                        "fieldset", [.class("ck-choices")],
                        [.element("legend", [], [.text(loc("The language of the app, its dates and its reports"))])] + choices),
                    unitsFieldset,
                    .element("p", [.class("ock-hint")], [.text(loc("Kept in this browser and in your care plan's store, so the app and its reports use it everywhere."))]),
                    .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ock-primary")], [.text(loc("Save"))])
                ]))
        return _PageHeading.nodes(title: title) + [.element("section", [.class("ock-card ck-settings"), .aria("label", title)], content)]
    }

    /// Metric (°C, kg) or US (°F, lb).
    private var unitsFieldset: HTMLNode {
        let choices = [(OCKUnit.System.metric, loc("Metric (°C, kg)")), (.usCustomary, loc("US (°F, lb)"))].map { system, label in
            choice(name: "units", value: system.preferenceValue, label: .text(label), lang: nil, checked: units == system)
        }
        return .element(
            "fieldset", [.class("ck-choices")],
            [.element("legend", [], [.text(loc("Units: how temperatures and weights are shown and typed"))])] + choices)
    }

    private func choice(name: String = "language", value: String, label: HTMLNode, lang: OCKLanguage?, checked: Bool) -> HTMLNode {
        var input = [HTMLAttribute("type", "radio"), HTMLAttribute("name", name), HTMLAttribute("value", value)]
        if checked { input.append(.flag("checked")) }
        var attributes: [HTMLAttribute] = [.class("ck-choice")]
        if let lang { attributes += [HTMLAttribute("lang", lang.code), HTMLAttribute("dir", lang.direction)] }
        return .element("label", attributes, [.element("input", input), .element("span", [], [label])])
    }
}
