import Foundation

/// A survey as an HTML form that works without JavaScript: one fieldset per question, the
/// right input for each kind, the previous answers filled in, and an error next to the
/// question it concerns.
open class OCKSurveyFormView: OCKCardView {
    /// The survey shown.
    open var survey: OCKSurvey
    /// Where the form is sent (POST); its hidden fields (the CSRF token) are included.
    open var action: OCKFormAction?
    /// Answers to show, by question id (previous answers, or what was just sent).
    open var answers: [String: [String]] = [:]
    /// A problem to show, and the question it concerns.
    open var error: OCKSurveyError?
    /// The submit button's title.
    open var submitTitle = loc("Save")
    /// Where "Cancel" leads.
    open var cancelURL: String?
    /// Whether the form takes the keyboard's focus when its page opens (`autofocus`): on the
    /// question with the error, else on the first. Off by default, for pages with other content.
    open var focusesFirstField = false

    override open var cardClassName: String { "ock-survey-form-view" }

    public init(survey: OCKSurvey) {
        self.survey = survey
        super.init()
        contentStackView.addArrangedSubview(_SurveyFormBody(owner: self))
    }

    func formNode() -> HTMLNode {
        var children: [HTMLNode] = []
        if let error {
            children.append(.element("p", [.class("ock-form-error"), .role("alert"), .id("survey-error")], [.text(error.message)]))
        }
        for (index, question) in survey.questions.enumerated() {
            children.append(fieldset(for: question, number: index + 1))
        }
        var buttons: [HTMLNode] = [.element("button", [.class("ock-button ock-labeled-button ock-primary"), HTMLAttribute("type", "submit")], [.text(submitTitle)])]
        if let cancel = cancelURL.flatMap(OCKSafeURL.sanitize) {
            buttons.append(.element("a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", cancel)], [.text(loc("Cancel"))]))
        }
        children.append(.element("div", [.class("ock-form-buttons")], buttons))
        guard let action, let url = action.safeURL else {
            return .element("div", [.class("ock-survey-form")], children)
        }
        let hidden: [HTMLNode] = action.hiddenFields.map {
            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", $0.name), HTMLAttribute("value", $0.value)])
        }
        return .element("form", [.class("ock-survey-form"), HTMLAttribute("method", action.method.rawValue), HTMLAttribute("action", url)], hidden + children)
    }

    /// Whether the error is about one of the questions shown (else the first takes the focus).
    private var errorNamesAQuestion: Bool {
        error.map { error in survey.questions.contains { $0.id == error.questionID } } ?? false
    }

    private func fieldset(for question: OCKSurveyQuestion, number: Int) -> HTMLNode {
        let name = "q.\(question.id)"
        let fieldID = "q\(number)"
        let current = answers[question.id] ?? []
        let invalid = error?.questionID == question.id
        let focused = focusesFirstField && (invalid || (!errorNamesAQuestion && number == 1))
        var inputAttributes: [HTMLAttribute] = [HTMLAttribute("name", name), .id(fieldID)]
        if focused { inputAttributes.append(.flag("autofocus")) }
        if !question.isOptional { inputAttributes.append(.flag("required")) }
        if invalid { inputAttributes += [.aria("invalid", "true"), .aria("describedby", "survey-error")] }
        let legend = HTMLNode.element(
            "legend", [.class("ock-question-prompt")],
            [
                .text(question.prompt), question.isOptional ? .element("span", [.class("ock-optional")], [.text(loc(" (optional)"))]) : .empty
            ])
        var body: [HTMLNode] = []
        switch question.kind {
        case .number(let unit, let minimum, let maximum):
            var attributes = inputAttributes + [HTMLAttribute("type", "text"), HTMLAttribute("inputmode", "decimal"), HTMLAttribute("autocomplete", "off")]
            if let value = current.first { attributes.append(HTMLAttribute("value", value)) }
            let hint: String
            switch (minimum.map(OCKLocalization.plainNumber), maximum.map(OCKLocalization.plainNumber)) {
            case let (low?, high?): hint = loc("from {minimum} to {maximum}", ["minimum": low, "maximum": high])
            case let (low?, nil): hint = loc("from {minimum}", ["minimum": low])
            case let (nil, high?): hint = loc("to {maximum}", ["maximum": high])
            case (nil, nil): hint = ""
            }
            attributes.append(.aria("label", unit.map { loc("{question} in {unit}", ["question": question.prompt, "unit": $0]) } ?? question.prompt))
            body.append(
                .element(
                    "div", [.class("ock-number-input")],
                    [
                        .element("input", attributes),
                        unit.map { .element("span", [.class("ock-unit")], [.text($0)]) } ?? .empty
                    ]))
            if !hint.isEmpty { body.append(.element("p", [.class("ock-hint")], [.text(hint)])) }
        case .scale(let minimum, let maximum, let minimumLabel, let maximumLabel):
            let options: [HTMLNode] = (minimum...max(minimum, maximum)).map { value in
                radio(
                    name: name, value: String(value), text: OCKLocalization.number(value), checked: current.contains(String(value)), required: !question.isOptional && value == minimum,
                    focused: focused && value == minimum)
            }
            body.append(.element("div", [.class("ock-scale")], options))
            if minimumLabel != nil || maximumLabel != nil {
                body.append(
                    .element(
                        "p", [.class("ock-hint ock-scale-labels")],
                        [
                            .element("span", [], [.text(minimumLabel.map { loc("{number}: {label}", ["number": OCKLocalization.number(minimum), "label": $0]) } ?? "")]),
                            .element("span", [], [.text(maximumLabel.map { loc("{number}: {label}", ["number": OCKLocalization.number(maximum), "label": $0]) } ?? "")])
                        ]))
            }
        case .yesNo:
            body.append(
                .element(
                    "div", [.class("ock-choices ock-inline")],
                    [
                        radio(name: name, value: "yes", text: loc("Yes"), checked: current.contains("yes"), required: !question.isOptional, focused: focused),
                        radio(name: name, value: "no", text: loc("No"), checked: current.contains("no"), required: false)
                    ]))
        case .text(let maximumLength):
            var attributes = inputAttributes + [HTMLAttribute("rows", "3")]
            if let maximumLength { attributes.append(HTMLAttribute("maxlength", String(maximumLength))) }
            attributes.append(.aria("label", question.prompt))
            body.append(.element("textarea", attributes, [.text(current.first ?? "")]))
        case .singleChoice(let choices):
            body.append(
                .element(
                    "div", [.class("ock-choices")],
                    choices.enumerated().map { index, choice in
                        radio(
                            name: name, value: choice.value, text: choice.text, checked: current.contains(choice.value), required: !question.isOptional && index == 0,
                            focused: focused && index == 0)
                    }))
        case .multipleChoice(let choices):
            body.append(
                .element(
                    "div", [.class("ock-choices")],
                    choices.enumerated().map { index, choice in
                        var attributes = [HTMLAttribute("type", "checkbox"), HTMLAttribute("name", name), HTMLAttribute("value", choice.value)]
                        if current.contains(choice.value) { attributes.append(.flag("checked")) }
                        if focused && index == 0 { attributes.append(.flag("autofocus")) }
                        return .element("label", [.class("ock-choice")], [.element("input", attributes), .element("span", [], [.text(choice.text)])])
                    }))
        }
        return .element("fieldset", [.class(invalid ? "ock-question ock-invalid" : "ock-question")], [legend] + body)
    }

    private func radio(name: String, value: String, text: String, checked: Bool, required: Bool, focused: Bool = false) -> HTMLNode {
        var attributes = [HTMLAttribute("type", "radio"), HTMLAttribute("name", name), HTMLAttribute("value", value)]
        if checked { attributes.append(.flag("checked")) }
        if required { attributes.append(.flag("required")) }
        if focused { attributes.append(.flag("autofocus")) }
        return .element("label", [.class("ock-choice")], [.element("input", attributes), .element("span", [], [.text(text)])])
    }
}

final class _SurveyFormBody: OCKView {
    weak var owner: OCKSurveyFormView?

    init(owner: OCKSurveyFormView) {
        self.owner = owner
        super.init()
    }

    override func makeNode() -> HTMLNode {
        owner?.formNode() ?? .empty
    }
}
