import CareKit
import CareKitStore
import CareKitUI

/// Notes a care team wrote to the patient on their tasks (`OCKNote`s on a task's newest
/// version, which sync down with the plan): on the task's page, and as "From your care team"
/// on the Care Card.
enum _CareTeamNotes {
    /// One note: its words, then who wrote it and when (its title), and the task it is about.
    static func item(_ note: OCKNote, about task: String? = nil) -> HTMLNode {
        let byline = [note.author, note.title, task.map { loc("about {task}", ["task": $0]) }].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return .element(
            "li", [.class("ck-note")],
            [.element("p", [], [.text(note.content ?? "")])] + (byline.isEmpty ? [] : [.element("p", [.class("ock-hint")], [.text("— " + byline)])]))
    }

    /// The notes with words in them.
    static func written(_ notes: [OCKNote]?) -> [OCKNote] {
        (notes ?? []).filter { !($0.content ?? "").isEmpty }
    }

    /// "From your care team": the newest `limit` notes on the tasks `taskIDs` (the day's), each
    /// task's newest last in its list; nothing when there are none.
    static func card(store: any OCKAnyStoreProtocol, taskIDs: [String], limit: Int = 3) async throws -> HTMLNode {
        // The newest versions of the day's tasks in one read (one per task cost a query each).
        let latest = (try? await store.latestTaskVersions(ids: taskIDs)) ?? [:]
        var found: [(note: OCKNote, task: String)] = []
        for id in latest.keys.sorted() {
            guard let task = latest[id] else { continue }
            found += written(task.notes).map { ($0, task.title ?? task.id) }
        }
        guard !found.isEmpty else { return .empty }
        // The dashboard titles a note with when it was written (YYYY-MM-DD HH:mm), so that order is time's.
        let newest = found.enumerated().sorted { ($0.element.note.title ?? "", $0.offset) > ($1.element.note.title ?? "", $1.offset) }.prefix(limit)
        return .element(
            "section", [.class("ock-card ck-notes ck-care-team-notes"), .aria("label", loc("From your care team"))],
            [
                .element("h2", [], [.text(loc("From your care team"))]),
                .element("ul", [], newest.map { item($0.element.note, about: $0.element.task) })
            ])
    }
}
