import CareKitLocalization
import CareKitUI

/// Choices as the settings page offers them: radio buttons in a fieldset, each language named
/// in itself (so that a reader finds theirs whatever the page is written in), after "as my
/// browser". The care team's dashboard offers its languages with it too.
package enum _LanguageChoices {
    /// The languages' fieldset (`language=auto|<code>`), `chosen` checked (nil: "as my browser").
    package static func fieldset(legend: String, asBrowser: String, chosen: OCKLanguage?) -> HTMLNode {
        var choices: [HTMLNode] = [choice(value: "auto", label: asBrowser, lang: nil, checked: chosen == nil)]
        for language in OCKLanguage.supported {
            choices.append(choice(value: language.code, label: language.nativeName, lang: language, checked: chosen?.code == language.code))
        }
        return .element("fieldset", [.class("ck-choices")], [.element("legend", [], [.text(legend)])] + choices)
    }

    /// One radio button and its label; `lang` marks a label written in another language.
    package static func choice(name: String = "language", value: String, label: String, lang: OCKLanguage?, checked: Bool) -> HTMLNode {
        var input = [HTMLAttribute("type", "radio"), HTMLAttribute("name", name), HTMLAttribute("value", value)]
        if checked { input.append(.flag("checked")) }
        var attributes: [HTMLAttribute] = [.class("ck-choice")]
        if let lang { attributes += [HTMLAttribute("lang", lang.code), HTMLAttribute("dir", lang.direction)] }
        return .element("label", attributes, [.element("input", input), .element("span", [], [.text(label)])])
    }
}
