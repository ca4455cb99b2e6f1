import CareKit
import CareKitHTTP
import CareKitUI

/// "Add a medication or task" and "Edit schedule": a plan as a form that works without
/// JavaScript, each field's reason shown next to it and every value kept when one is wrong.
struct _PlanFormPage {
    /// Adding a task, or changing task `id`.
    enum Mode { case add, edit(id: String, title: String) }

    let mode: Mode
    let form: OCKTaskPlanForm
    var problems: [OCKTaskPlanForm.Field: String] = [:]
    let csrfToken: String
    /// Where Cancel leads.
    let cancelPath: String
    /// Where the form posts, when not the app's own plan editor (a care team's dashboard).
    var actionPath: String?
    /// The name of the CSRF token's field, when not the app's.
    var csrfFieldName = WebSecurity.csrfField
    /// The submit button's words, when not the patient's ("Add to my plan").
    var submitLabel: String?
    /// Whether a care team fills the form in (its labels then speak of "the patient", not "you").
    var isForCareTeam = false

    var title: String {
        switch mode {
        case .add: return loc("Add a medication or task")
        case .edit(_, let title): return loc("Edit schedule: {task}", ["task": title])
        }
    }

    private var action: String {
        if let actionPath { return actionPath }
        switch mode {
        case .add: return OCKWebRoute.newTask.path
        case .edit(let id, _): return OCKWebRoute.editTask(id).path
        }
    }

    var main: [HTMLNode] {
        var children: [HTMLNode] = [
            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", csrfFieldName), HTMLAttribute("value", csrfToken)]),
            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "return"), HTMLAttribute("value", cancelPath)])
        ]
        if !problems.isEmpty {
            children.append(.element("p", [.class("ock-form-error"), .role("alert")], [.text(loc("Please check the fields marked below; nothing was saved."))]))
        }
        let isEdit: Bool
        if case .edit = mode { isEdit = true } else { isEdit = false }
        let (keepsHint, whoMeasures, remindLabel, remindHint) =
            isForCareTeam
            ? (
                loc("Earlier days keep the old schedule and what the patient recorded."), loc("What the patient measures"),
                loc("Remind the patient (minutes before)"),
                loc("0 reminds at the start; leave empty for no reminder. Calendar apps subscribed to the plan remind them.")
            )
            : (
                loc("Earlier days keep the old schedule and what you recorded."), loc("What you measure"), loc("Remind me (minutes before)"),
                loc("0 reminds at the start; leave empty for no reminder. Calendar apps subscribed to the plan remind you.")
            )
        children += [
            text(.title, loc("Name"), form.title, hint: loc("Such as Metformin, Walk or Blood pressure.")),
            text(.instructions, loc("Instructions or dose"), form.instructions, hint: loc("Such as 500 mg with food (optional).")),
            text(.times, loc("Times of day"), form.times, hint: loc("HH:MM on a 24-hour clock, separated by commas: 08:00, 20:00 (8 pm is 20:00).")),
            checkbox("all-day", loc("All day instead of at times"), checked: form.isAllDay),
            weekdays,
            text(.every, loc("Or every N days"), form.every, hint: loc("2 is every other day (leave the weekdays unticked)."), type: "number"),
            text(.from, isEdit ? loc("Changes start on") : loc("First day"), form.from, hint: isEdit ? keepsHint : "", type: "date"),
            text(.until, loc("Last day (optional)"), form.until, hint: loc("Leave empty for no end."), type: "date"),
            checkbox("adherence", loc("Counts towards adherence (the rings)"), checked: form.countsTowardsAdherence),
            .element(
                "fieldset", [.class("ock-question ck-plan-measure")],
                [
                    .element("legend", [.class("ock-question-prompt")], [.text(loc("Measurement (optional)"))]),
                    measurementChoice(whoMeasures),
                    text(.measure, loc("Name of the measurement"), form.measure, hint: loc("For something else, its name, such as Peak flow; it is then recorded on the Symptom Tracker.")),
                    text(.unit, loc("Unit"), form.unit, hint: loc("Such as °F. Empty: the usual unit of the measurement chosen.")),
                    text(.range, loc("Target range"), form.range, hint: loc("Lowest and highest with a dash, such as 97-99.5; for blood pressure systolic then diastolic, such as 90-140/60-90.")),
                    text(
                        .limits, loc("Possible values (something else only)"), form.limits,
                        hint: loc("The lowest and highest value that can be recorded at all, such as 0-10; a measurement in the list has its own."))
                ]),
            text(
                .remind, remindLabel, form.remind,
                hint: remindHint, type: "number"),
            .element(
                "div", [.class("ock-form-buttons")],
                [
                    .element(
                        "button", [.class("ock-button ock-labeled-button ock-primary"), HTMLAttribute("type", "submit")], [.text(submitLabel ?? (isEdit ? loc("Save changes") : loc("Add to my plan")))]
                    ),
                    .element("a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", cancelPath)], [.text(loc("Cancel"))])
                ])
        ]
        return _PageHeading.nodes(title: title) + [
            .element(
                "div", [.class("ock-card-list")],
                [
                    .element("form", [.class("ock-card ock-survey-form ck-plan-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", action)], children)
                ])
        ]
    }

    /// The measurements the app knows, to choose from, and "Something else".
    private func measurementChoice(_ label: String) -> HTMLNode {
        let chosen =
            form.measureKind.isEmpty
            ? (form.measure.isEmpty ? "none" : (OCKMeasurementKind.recognizing(name: form.measure, units: form.unit.isEmpty ? nil : form.unit)?.id ?? "other")) : form.measureKind
        let options: [(String, String)] =
            [("none", loc("None"))] + OCKMeasurementKind.all.map { ($0.id, OCKMeasurementNames.name(of: $0)) } + [("other", loc("Something else"))]
        let id = "plan-measure-kind"
        var attributes = [HTMLAttribute("name", OCKTaskPlanForm.Field.measureKind.rawValue), .id(id)]
        var after: [HTMLNode] = []
        if let problem = problems[.measureKind] {
            attributes += [.aria("invalid", "true"), .aria("describedby", id + "-error")]
            after.append(.element("p", [.class("ock-form-error ck-field-error"), .id(id + "-error")], [.text(problem)]))
        }
        return .element(
            "div", [.class(problems[.measureKind] == nil ? "ock-question" : "ock-question ock-invalid")],
            [
                .element("label", [HTMLAttribute("for", id), .class("ock-question-prompt")], [.text(label)]),
                .element(
                    "select", attributes,
                    options.map { value, text in
                        .element("option", [HTMLAttribute("value", value)] + (value == chosen ? [.flag("selected")] : []), [.text(text)])
                    })
            ] + after)
    }

    /// The field that takes the keyboard's focus when the page opens: the first wrong one, else the name.
    private var focusedField: OCKTaskPlanForm.Field {
        OCKTaskPlanForm.Field.allCases.first { problems[$0] != nil } ?? .title
    }

    /// A labelled input with its hint and, when it is wrong, its reason.
    private func text(_ field: OCKTaskPlanForm.Field, _ label: String, _ value: String, hint: String, type: String = "text") -> HTMLNode {
        _FormFields.text(
            id: "plan-\(field.rawValue)", name: field.rawValue, label: label, value: value, hint: hint, problem: problems[field], type: type, required: field == .title,
            autofocus: field == focusedField)
    }

    private func checkbox(_ name: String, _ label: String, checked: Bool) -> HTMLNode {
        var attributes = [HTMLAttribute("type", "checkbox"), HTMLAttribute("name", name), HTMLAttribute("value", "yes")]
        if checked { attributes.append(.flag("checked")) }
        return .element("label", [.class("ock-choice")], [.element("input", attributes), .element("span", [], [.text(label)])])
    }

    /// The weekdays as boxes, Monday first; none ticked is every day.
    private var weekdays: HTMLNode {
        let chosen = Set(form.days.split(whereSeparator: { $0 == "," || $0 == " " }).map { String($0.lowercased().prefix(3)) })
        let names = [("mon", loc("Mon")), ("tue", loc("Tue")), ("wed", loc("Wed")), ("thu", loc("Thu")), ("fri", loc("Fri")), ("sat", loc("Sat")), ("sun", loc("Sun"))]
        var body: [HTMLNode] = [
            .element("legend", [.class("ock-question-prompt")], [.text(loc("Days"))]),
            .element(
                "div", [.class("ock-choices ock-inline")],
                names.map { value, label in
                    var attributes = [HTMLAttribute("type", "checkbox"), HTMLAttribute("name", "days"), HTMLAttribute("value", value)]
                    if chosen.contains(value) { attributes.append(.flag("checked")) }
                    if focusedField == .days, value == names.first?.0 { attributes.append(.flag("autofocus")) }
                    return .element("label", [.class("ock-choice")], [.element("input", attributes), .element("span", [], [.text(label)])])
                }),
            .element("p", [.class("ock-hint")], [.text(loc("None ticked: every day."))])
        ]
        if let problem = problems[.days] { body.append(.element("p", [.class("ock-form-error ck-field-error"), .id("plan-days-error")], [.text(problem)])) }
        return .element("fieldset", [.class(problems[.days] == nil ? "ock-question" : "ock-question ock-invalid")], body)
    }
}

extension OCKTaskPlanForm {
    /// The fields of a posted plan form, as the plan editor's form names them (weekday boxes
    /// joined, boxes unticked are false).
    public init(posted form: HTTPForm) {
        self.init()
        title = form["title"] ?? ""
        instructions = form["instructions"] ?? ""
        times = form["times"] ?? ""
        days = form.values("days").joined(separator: ",")
        every = form["every"] ?? ""
        from = form["from"] ?? ""
        until = form["until"] ?? ""
        isAllDay = form["all-day"] == "yes"
        countsTowardsAdherence = form["adherence"] == "yes"
        measureKind = form[Field.measureKind.rawValue] ?? ""
        measure = form["measure"] ?? ""
        unit = form["unit"] ?? ""
        range = form["range"] ?? ""
        limits = form["limits"] ?? ""
        remind = form["remind"] ?? ""
    }
}

/// The plan editor's form ("Add a medication or task", "Edit schedule") for pages of another
/// server, such as a care team's dashboard: the same fields, hints and reasons as in the app,
/// its labels speaking of "the patient".
public enum OCKPlanFormView {
    /// The form's heading and form, posting to `action` with the CSRF token in `csrfField`.
    /// - Parameters:
    ///   - editing: the task's id and title when its schedule is changed; nil adds a task.
    ///   - problems: each wrong field's reason, shown next to it.
    public static func nodes(
        form: OCKTaskPlanForm, problems: [OCKTaskPlanForm.Field: String] = [:], editing: (id: String, title: String)?,
        action: String, csrfField: String, csrfToken: String, cancelPath: String, submitLabel: String
    ) -> [HTMLNode] {
        var page = _PlanFormPage(
            mode: editing.map { .edit(id: $0.id, title: $0.title) } ?? .add, form: form, problems: problems, csrfToken: csrfToken,
            cancelPath: cancelPath)
        page.actionPath = action
        page.csrfFieldName = csrfField
        page.submitLabel = submitLabel
        page.isForCareTeam = true
        return page.main
    }
}
