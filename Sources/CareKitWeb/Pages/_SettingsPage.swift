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
        var content: [HTMLNode] = []
        if saved {
            content.append(.element("p", [.class("ck-page-notice"), .role("status")], [.text(loc("Saved. The app now speaks {language}.", ["language": current.nativeName]))]))
        }
        content.append(
            .element(
                "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.settings.path), .class("ck-settings-form")],
                [
                    _WebShell.csrfField(csrfToken),
                    .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "return"), HTMLAttribute("value", returnPath)]),
                    _LanguageChoices.fieldset(legend: loc("The language of the app, its dates and its reports"), asBrowser: loc("As my browser"), chosen: chosen),
                    unitsFieldset,
                    .element("p", [.class("ock-hint")], [.text(loc("Kept in this browser and in your care plan's store, so the app and its reports use it everywhere."))]),
                    .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ock-primary")], [.text(loc("Save"))])
                ]))
        return _PageHeading.nodes(title: title) + [.element("section", [.class("ock-card ck-settings"), .aria("label", title)], content)]
    }

    /// Metric (°C, kg) or US (°F, lb).
    private var unitsFieldset: HTMLNode {
        let choices = [(OCKUnit.System.metric, loc("Metric (°C, kg)")), (.usCustomary, loc("US (°F, lb)"))].map { system, label in
            _LanguageChoices.choice(name: "units", value: system.preferenceValue, label: label, lang: nil, checked: units == system)
        }
        return .element(
            "fieldset", [.class("ck-choices")],
            [.element("legend", [], [.text(loc("Units: how temperatures and weights are shown and typed"))])] + choices)
    }
}
