import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI

/// "Add a contact" and "Edit contact": a contact as a form that works without JavaScript, each
/// field's reason next to it and every value kept when one is wrong.
struct _ContactFormPage {
    /// Adding a contact, or changing contact `id`.
    enum Mode { case add, edit(id: String, name: String) }

    let mode: Mode
    let form: OCKContactForm
    var problems: [OCKContactForm.Field: String] = [:]
    let csrfToken: String
    /// Where Cancel leads.
    let cancelPath: String

    var title: String {
        switch mode {
        case .add: return loc("Add a contact")
        case .edit(_, let name): return loc("Edit {contact}", ["contact": name])
        }
    }

    private var action: String {
        switch mode {
        case .add: return OCKWebRoute.newContact.path
        case .edit(let id, _): return OCKWebRoute.editContact(id).path
        }
    }

    private func field(_ field: OCKContactForm.Field, _ label: String, _ value: String, hint: String = "", type: String = "text", autocomplete: String? = nil) -> HTMLNode {
        _FormFields.text(
            id: "contact-\(field.rawValue)", name: field.rawValue, label: label, value: value, hint: hint, problem: problems[field], type: type,
            autocomplete: autocomplete)
    }

    var main: [HTMLNode] {
        let isFamily = form.category == "friends-family"
        func choice(_ value: String, _ label: String, checked: Bool) -> HTMLNode {
            var attributes = [HTMLAttribute("type", "radio"), HTMLAttribute("name", OCKContactForm.Field.category.rawValue), HTMLAttribute("value", value)]
            if checked { attributes.append(.flag("checked")) }
            return .element("label", [.class("ock-choice")], [.element("input", attributes), .element("span", [], [.text(label)])])
        }
        let children: [HTMLNode] =
            _FormFields.hidden(csrfToken: csrfToken, returnPath: nil) + [
                _FormFields.summary(hasProblems: !problems.isEmpty),
                field(.givenName, loc("First name"), form.givenName, autocomplete: "off"),
                field(.familyName, loc("Family name"), form.familyName, autocomplete: "off"),
                field(.title, loc("Role or title (optional)"), form.title, hint: loc("Such as Cardiologist, Pharmacist or Daughter.")),
                .element(
                    "fieldset", [.class("ock-question")],
                    [
                        .element("legend", [.class("ock-question-prompt")], [.text(loc("Group"))]),
                        .element(
                            "div", [.class("ock-choices ock-inline")],
                            [choice("care-team", loc("Care team"), checked: !isFamily), choice("friends-family", loc("Friends and family"), checked: isFamily)])
                    ]),
                field(.phone, loc("Phone (optional)"), form.phone, type: "tel", autocomplete: "off"),
                field(.messaging, loc("Number for messages (optional)"), form.messaging, hint: loc("A mobile number, for text messages; it may be the phone number."), type: "tel"),
                field(.email, loc("E-mail (optional)"), form.email, type: "email", autocomplete: "off"),
                .element(
                    "fieldset", [.class("ock-question ck-plan-measure")],
                    [
                        .element("legend", [.class("ock-question-prompt")], [.text(loc("Address (optional)"))]),
                        field(.street, loc("Street"), form.street),
                        field(.city, loc("City"), form.city),
                        field(.state, loc("State or region"), form.state),
                        field(.postalCode, loc("Postal code"), form.postalCode),
                        field(.country, loc("Country"), form.country)
                    ]),
                _FormFields.buttons(submit: { if case .add = mode { return loc("Add contact") } else { return loc("Save changes") } }(), cancelPath: cancelPath)
            ]
        return _PageHeading.nodes(title: title) + [
            .element(
                "div", [.class("ock-card-list")],
                [.element("form", [.class("ock-card ock-survey-form ck-plan-form ck-contact-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", action)], children)])
        ]
    }
}

/// "Remove a contact?": the confirmation step a removal needs (a plain form, so it works
/// without JavaScript): what removing does, a button that removes, and Cancel.
struct _RemoveContactPage {
    let id: String
    let name: String
    let csrfToken: String

    var title: String { loc("Remove {contact}?", ["contact": name]) }

    var main: [HTMLNode] {
        _PageHeading.nodes(title: title) + [
            .element(
                "div", [.class("ock-card-list")],
                [
                    .element(
                        "form", [.class("ock-card ck-stop-form ck-remove-contact"), HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.removeContact(id).path)],
                        _FormFields.hidden(csrfToken: csrfToken, returnPath: nil) + [
                            .element(
                                "p", [],
                                [.text(loc("{contact} will no longer be on Connect or in the reports' list of recipients. The store keeps the earlier versions in its history.", ["contact": name]))]),
                            .element(
                                "div", [.class("ock-form-buttons")],
                                [
                                    .element("button", [.class("ock-button ock-labeled-button ock-primary"), HTMLAttribute("type", "submit")], [.text(loc("Remove contact"))]),
                                    .element("a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", OCKWebRoute.contact(id).path)], [.text(loc("Cancel"))])
                                ])
                        ])
                ])
        ]
    }
}

extension OCKContactForm {
    /// The fields of a posted contact form.
    init(posted form: HTTPForm) {
        self.init()
        let fields: [(Field, WritableKeyPath<OCKContactForm, String>)] = [
            (.givenName, \.givenName), (.familyName, \.familyName), (.title, \.title), (.category, \.category), (.phone, \.phone), (.messaging, \.messaging),
            (.email, \.email), (.street, \.street), (.city, \.city), (.state, \.state), (.postalCode, \.postalCode), (.country, \.country)
        ]
        for (field, path) in fields { self[keyPath: path] = form[field.rawValue] ?? "" }
    }
}
