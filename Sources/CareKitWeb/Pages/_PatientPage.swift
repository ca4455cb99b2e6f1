import CareKit
import CareKitHTTP
import CareKitUI

/// "About you": the patient's name and birthday (the store's `OCKPatient`), which the report
/// opens with. The same form is the first step of the welcome page.
struct _PatientPage {
    let form: OCKPatientForm
    var problems: [OCKPatientForm.Field: String] = [:]
    let csrfToken: String
    /// Where the form leads once saved.
    let returnPath: String
    /// Whether the page says it was saved.
    var saved = false

    var title: String { loc("About you") }

    /// The form's fields and button, for this page and the welcome page.
    func form(submit: String, cancelPath: String?) -> HTMLNode {
        var children = _FormFields.hidden(csrfToken: csrfToken, returnPath: returnPath) + [_FormFields.summary(hasProblems: !problems.isEmpty)]
        children += [
            _FormFields.text(
                id: "patient-given-name", name: OCKPatientForm.Field.givenName.rawValue, label: loc("First name"), value: form.givenName,
                problem: problems[.givenName], required: true, autocomplete: "given-name"),
            _FormFields.text(
                id: "patient-family-name", name: OCKPatientForm.Field.familyName.rawValue, label: loc("Family name"), value: form.familyName,
                problem: problems[.familyName], autocomplete: "family-name"),
            _FormFields.text(
                id: "patient-birthday", name: OCKPatientForm.Field.birthday.rawValue, label: loc("Birthday (optional)"), value: form.birthday,
                hint: loc("Your care team sees it, with your age, at the top of the report."), problem: problems[.birthday], type: "date", autocomplete: "bday")
        ]
        children.append(
            cancelPath.map { _FormFields.buttons(submit: submit, cancelPath: $0) }
                ?? .element(
                    "div", [.class("ock-form-buttons")],
                    [.element("button", [.class("ock-button ock-labeled-button ock-primary"), HTMLAttribute("type", "submit")], [.text(submit)])]))
        return .element(
            "form", [.class("ock-card ock-survey-form ck-plan-form ck-patient-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.aboutYou.path)],
            children)
    }

    var main: [HTMLNode] {
        _PageHeading.nodes(title: title, subtitle: loc("Your name and birthday, as your care team's report shows them")) + [
            .element(
                "div", [.class("ock-card-list")],
                [
                    saved ? .element("p", [.class("ck-page-notice"), .role("status")], [.text(loc("Saved."))]) : .empty,
                    form(submit: loc("Save"), cancelPath: OCKWebRoute.home.path)
                ])
        ]
    }
}

extension OCKPatientForm {
    /// The fields of a posted About you form.
    init(posted form: HTTPForm) {
        self.init()
        givenName = form[Field.givenName.rawValue] ?? ""
        familyName = form[Field.familyName.rawValue] ?? ""
        birthday = form[Field.birthday.rawValue] ?? ""
    }
}
