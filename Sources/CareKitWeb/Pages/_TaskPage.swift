import CareKit
import CareKitStore
import CareKitUI

/// A task's page: its instructions and, in words, its schedule.
struct _TaskPage {
    let task: any OCKAnyTask
    let formatter: OCKEventFormatter
    /// Where "Back" leads.
    let backPath: String
    /// The recorded entries, when the page shows them.
    var history: _TaskHistory?

    var title: String { task.title ?? task.id }

    var main: [HTMLNode] {
        let detail = OCKDetailView(title: title, body: task.instructions ?? "No instructions.")
        let schedule = task.schedule.elements.map(formatter.scheduleDescription)
        return _PageHeading.nodes(title: title) + [
            .element("div", [.class("ock-card-list")], [
                detail.render(standalone: true),
                .element("section", [.class("ock-card ck-schedule")], [
                    .element("h3", [], [.text("Schedule")]),
                    .element("ul", [], schedule.map { .element("li", [], [.text($0)]) }),
                ]),
            ] + (history.map { [$0.node] } ?? []) + [
                .element("p", [], [.element("a", [HTMLAttribute("href", backPath), .class("ck-back")], [.text("Back")])]),
            ]),
        ]
    }
}
