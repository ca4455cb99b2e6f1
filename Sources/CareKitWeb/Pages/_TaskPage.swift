import CareKit
import CareKitStore
import CareKitUI

/// A task's page: its instructions and, in words, its schedule.
struct _TaskPage {
    let task: any OCKAnyTask
    let formatter: OCKEventFormatter
    /// Where "Back" leads.
    let backPath: String
    /// The plan editor's links: "Edit schedule" and "Stop" (label and address).
    var planLinks: [(label: String, path: String)] = []
    /// When the task stops ("Last day: Fri, Nov 27"), if it does.
    var planNote: String?
    /// The recorded entries, when the page shows them.
    var history: _TaskHistory?
    /// The task's versions over time, and the change that has not started yet.
    var planHistory: _PlanHistory?
    /// The task's notes (a care team's, which sync down with the plan), oldest first.
    var notes: [OCKNote] = []

    var title: String { task.title ?? task.id }

    var main: [HTMLNode] {
        let detail = OCKDetailView(title: title, body: task.instructions ?? loc("No instructions."))
        let schedule = formatter.scheduleSummary(task.schedule)
        let notice = { (text: String?, kind: String) -> HTMLNode in
            text.map { .element("p", [.class(kind.isEmpty ? "ck-page-notice" : "ck-page-notice " + kind), .role("note")], [.text($0)]) } ?? .empty
        }
        let links = HTMLNode.element(
            "p", [.class("ck-plan-links")],
            planLinks.map { link in .element("a", [HTMLAttribute("href", link.path), .class("ock-button ock-secondary-link")], [.text(link.label)]) })
        var cards: [HTMLNode] = [
            detail.render(standalone: true),
            .element(
                "section", [.class("ock-card ck-schedule")],
                [.element("h2", [], [.text(loc("Schedule"))]), .element("ul", [], schedule.map { .element("li", [], [.text($0)]) })]),
            notice(planNote, ""), notice(planHistory?.upcomingNotice, "ck-upcoming-change"), notesSection, links
        ]
        cards.append(planHistory?.node ?? .empty)
        if let history { cards.append(history.node) }
        cards.append(.element("p", [], [.element("a", [HTMLAttribute("href", backPath), .class("ck-back")], [.text(loc("Back"))])]))
        return _PageHeading.nodes(title: title) + [.element("div", [.class("ock-card-list")], cards)]
    }

    /// "Notes": each with who wrote it and when (its title), newest last; nothing without notes.
    var notesSection: HTMLNode {
        let written = _CareTeamNotes.written(notes)
        guard !written.isEmpty else { return .empty }
        return .element(
            "section", [.class("ock-card ck-notes"), .aria("label", loc("Notes"))],
            [.element("h2", [], [.text(loc("Notes"))]), .element("ul", [], written.map { _CareTeamNotes.item($0) })])
    }
}
