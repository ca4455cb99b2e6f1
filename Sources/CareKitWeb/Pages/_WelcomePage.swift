import CareKitUI

/// The first page of an app whose store has no tasks: what the app does, and the way to the
/// first task.
struct _WelcomePage {
    let appTitle: String

    var title: String { loc("Welcome to {app}", ["app": appTitle]) }

    var main: [HTMLNode] {
        _PageHeading.nodes(title: title, subtitle: loc("Your care plan, on this computer")) + [
            .element(
                "div", [.class("ock-card-list")],
                [
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
