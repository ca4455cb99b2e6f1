import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// A task's plan over time, on its page: each version with the day it took effect (and the day
/// the next one did), its schedule in words and what changed from the one before, so that a
/// change saved for a later day ("from Saturday, 9:00 AM and 9:00 PM") is seen on the day it is
/// made, not only once it starts.
struct _PlanHistory {
    /// The task's versions, in the order they take effect (tombstones left out).
    let versions: [any OCKAnyTask]
    let formatter: OCKEventFormatter
    /// The app's "now".
    let now: Date

    init(versions: [any OCKAnyTask], formatter: OCKEventFormatter, now: Date) {
        self.versions = versions.filter { ($0 as? any OCKVersionedObjectCompatible)?.deletedDate == nil }.sorted { $0.effectiveDate < $1.effectiveDate }
        self.formatter = formatter
        self.now = now
    }

    /// The first version that takes effect after now, if any.
    var upcoming: (any OCKAnyTask)? {
        versions.first { $0.effectiveDate > now }
    }

    /// "From Sat, Dec 5: every day at 9:00 AM and 9:00 PM." for a change that has not started.
    var upcomingNotice: String? {
        guard let upcoming else { return nil }
        let index = versions.firstIndex { $0.uuid == upcoming.uuid } ?? 0
        let changes = index > 0 ? Self.changes(from: versions[index - 1], to: upcoming, formatter: formatter) : []
        // A new last day alone is what the page's "Last day" note says already.
        if index > 0, changes.count == 1, changes[0] == Self.lastDayChange(upcoming, formatter: formatter) { return nil }
        return loc(
            "Changed: from {day}, {changes}. Until then the plan stays as it is.",
            [
                "day": formatter.shortDay(upcoming.effectiveDate),
                "changes": changes.isEmpty ? formatter.scheduleSummary(upcoming.schedule).joined(separator: loc("; ")) : changes.joined(separator: loc("; "))
            ])
    }

    /// The section, or nothing for a task that was never changed.
    var node: HTMLNode {
        guard versions.count > 1 else { return .empty }
        let items: [HTMLNode] = versions.enumerated().reversed().map { index, version in
            let next = versions.indices.contains(index + 1) ? versions[index + 1] : nil
            let span =
                next.map { loc("{from} – {until}", ["from": formatter.shortDay(version.effectiveDate), "until": formatter.shortDay($0.effectiveDate)]) }
                ?? loc("From {day}", ["day": formatter.shortDay(version.effectiveDate)])
            var body: [HTMLNode] = [.element("strong", [.class("ck-plan-span")], [.text(span)])]
            if version.effectiveDate > now { body.append(.element("span", [.class("ck-plan-upcoming")], [.text(loc("upcoming"))])) }
            body.append(.element("ul", [], formatter.scheduleSummary(version.schedule).map { .element("li", [], [.text($0)]) }))
            if index > 0 {
                let changes = Self.changes(from: versions[index - 1], to: version, formatter: formatter)
                if !changes.isEmpty {
                    body.append(.element("p", [.class("ck-plan-changes")], [.text(loc("Changed: {changes}.", ["changes": changes.joined(separator: loc("; "))]))]))
                }
            }
            if let written = (version as? any OCKVersionedObjectCompatible)?.createdDate, index > 0 {
                body.append(.element("p", [.class("ck-entry-when")], [.text(loc("Saved {day} at {time}", ["day": formatter.shortDay(written), "time": formatter.time(written)]))]))
            }
            return .element("li", [.class("ck-plan-version")], body)
        }
        return .element(
            "section", [.class("ock-card ck-plan-history"), .aria("label", loc("Plan history"))],
            [.element("h2", [], [.text(loc("Plan history"))]), .element("ol", [.class("ck-plan-versions")], items)])
    }

    /// What a version changed, in words: its name, its instructions, its times and days (as the
    /// new schedule reads), whether it counts, and its end.
    static func changes(from old: any OCKAnyTask, to new: any OCKAnyTask, formatter: OCKEventFormatter) -> [String] {
        var changes: [String] = []
        if old.title != new.title { changes.append(loc("the name is {name}", ["name": new.title ?? new.id])) }
        if old.instructions != new.instructions {
            changes.append(new.instructions.map { loc("the instructions are “{text}”", ["text": $0]) } ?? loc("no instructions"))
        }
        // The schedule as it reads without its first day, which every change moves.
        let when = { (task: any OCKAnyTask) in
            task.schedule.elements.map { element -> String in
                let parts = element.calendar.dateComponents([.hour, .minute, .weekday], from: element.start)
                let weekly = (element.interval.weekOfYear ?? 0) > 0 ? parts.weekday ?? 0 : 0
                return "\(element.interval) \(element.duration) \(element.text ?? "") \(parts.hour ?? 0):\(parts.minute ?? 0) \(weekly)"
            }
        }
        if when(old) != when(new) {
            changes.append(loc("the schedule is {schedule}", ["schedule": formatter.scheduleSummary(new.schedule).joined(separator: loc("; "))]))
        } else if old.schedule.elements.map(\.end) != new.schedule.elements.map(\.end) {
            changes.append(lastDayChange(new, formatter: formatter))
        }
        if old.impactsAdherence != new.impactsAdherence {
            changes.append(new.impactsAdherence ? loc("it counts towards adherence") : loc("it does not count towards adherence"))
        }
        if old.schedule.elements.first?.targetValues != new.schedule.elements.first?.targetValues { changes.append(loc("its target range changed")) }
        return changes
    }

    /// "the last day is Fri, Nov 27", or "it has no last day".
    static func lastDayChange(_ task: any OCKAnyTask, formatter: OCKEventFormatter) -> String {
        let last = task.schedule.elements.compactMap(\.end).max().map { formatter.shortDay($0.addingTimeInterval(-1)) }
        return last.map { loc("the last day is {day}", ["day": $0]) } ?? loc("it has no last day")
    }
}
