import CareKit
import CareKitUI

/// The first page of an app whose store has no tasks: who the plan is for (the patient's name
/// and birthday, until they are saved), what the app does, and the way to the first task.
struct _WelcomePage {
    let appTitle: String
    /// The name form, first, while the store has no patient.
    var patientForm: _PatientPage?
    /// The patient's name once saved.
    var patientName: String?

    var title: String { loc("Welcome to {app}", ["app": appTitle]) }

    /// "Who is this plan for?" with the name form, or a greeting once the name is saved.
    private var aboutYou: HTMLNode {
        if let patientForm {
            return .element(
                "section", [.class("ck-welcome-patient"), .aria("labelledby", "welcome-patient")],
                [
                    .element("h2", [.id("welcome-patient"), .class("ck-section-heading")], [.text(loc("Who is this plan for?"))]),
                    .element("p", [.class("ock-hint")], [.text(loc("Your name opens the report you give your care team; you can change it later under About you."))]),
                    patientForm.form(submit: loc("Save and continue"), cancelPath: nil)
                ])
        }
        guard let patientName else { return .empty }
        return .element("p", [.class("ck-page-notice"), .role("note")], [.text(loc("Hello, {name}.", ["name": patientName]))])
    }

    var main: [HTMLNode] {
        _PageHeading.nodes(title: title, subtitle: loc("Your care plan, on this computer")) + [
            .element(
                "div", [.class("ock-card-list")],
                [
                    aboutYou,
                    .element(
                        "section", [.class("ock-card ck-welcome")],
                        [
                            .element("h2", [], [.text(loc("Start with your first medication or task"))]),
                            .element(
                                "p", [],
                                [
                                    .text(
                                        loc(
                                            "Add what you take or do, when you do it, and on which days. Each day's Care Card then lists it, you tick it off when it is done, and Insights shows how the week went."
                                        ))
                                ]),
                            .element(
                                "p", [],
                                [
                                    .element(
                                        "a", [.class("ock-button ock-labeled-button ock-primary ck-add-first"), HTMLAttribute("href", OCKWebRoute.newTask.path)],
                                        [.text(loc("Add a medication or task"))])
                                ]),
                            .element("p", [.class("ock-hint")], [.text(loc("Everything stays in the store on this computer. From a terminal, the command carekit add-task does the same."))])
                        ])
                ])
        ]
    }
}
