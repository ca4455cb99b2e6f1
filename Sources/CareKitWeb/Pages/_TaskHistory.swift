import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// A task's recorded entries, newest day first: each reading (a blood pressure's two numbers are
/// one) with when it was recorded, flagged when outside its target range, marked when changed
/// since; a form to correct it (the primary action) and a way to delete it, which asks first.
/// Entries deleted stay listed as deleted, with when, and can be restored for
/// ``undoWindow`` after. Every change is a POST with the CSRF token and the outcome version
/// shown, so an entry that changed meanwhile is not overwritten (the store refuses it and the
/// page says so).
struct _TaskHistory {
    /// The events of the shown days that have an outcome, or had one.
    let events: [OCKAnyEvent]
    /// The values deleted from those events (``CareKitStore/OCKDeletedValue``).
    var deleted: [OCKDeletedValue] = []
    /// The other readings of those events: outcomes another device recorded for the same event
    /// while apart (``OCKConcurrentReadings``), shown beside the one the app counts.
    var concurrent: [OCKAnyEvent] = []
    /// The days shown: the first and the last.
    let from: Date
    let through: Date
    let formatter: OCKEventFormatter
    let csrfToken: String
    /// The task page's own address (with its query), to come back to after a change.
    let returnPath: String
    /// The address of the same page for days before these (nil: nothing earlier to show).
    let earlierPath: String?
    /// The last day values can be recorded for (tomorrow's events are read-only).
    let recordsBefore: Date?
    /// The moment the page is made (the app's clock), which decides what can still be undone.
    var now: Date?

    /// How many days the page shows at a time.
    static let days = 28
    /// How long after a deletion it can be undone from the history (afterwards, record it again).
    static let undoWindow: TimeInterval = 30 * 60
    /// The history's id on the task page: its skip link and its forms (which come back to it) lead there.
    static let anchor = "ck-history"

    private var calendar: Calendar { formatter.calendar }

    var node: HTMLNode {
        var byDay: [(Date, [OCKAnyEvent])] = []
        for event in events.sorted(by: { $0.scheduleEvent.start > $1.scheduleEvent.start }) {
            let day = calendar.startOfDay(for: event.scheduleEvent.start)
            if byDay.last?.0 == day { byDay[byDay.count - 1].1.append(event) } else { byDay.append((day, [event])) }
        }
        var content: [HTMLNode] = [
            .element("h2", [], [.text(loc("History"))]),
            .element("p", [.class("ck-history-range")], [.text(loc("{from} – {to}", ["from": formatter.shortDay(from), "to": formatter.shortDay(through)]))])
        ]
        if byDay.isEmpty {
            content.append(.element("p", [.class("ck-history-empty")], [.text(loc("Nothing recorded on these days."))]))
        }
        for (day, events) in byDay {
            content.append(
                .element(
                    "section", [.class("ck-history-day"), .aria("label", formatter.longDay(day))],
                    [
                        .element("h3", [], [.text(formatter.longDay(day))]),
                        .element("ul", [.class("ck-history-entries")], events.flatMap { entries($0) + concurrentEntries($0) + deletedEntries($0) })
                    ]))
        }
        if let earlierPath {
            content.append(.element("p", [], [.element("a", [HTMLAttribute("href", earlierPath), .class("ck-week-link ck-history-earlier")], [.text(loc("Earlier entries"))])]))
        }
        return .element("section", [.class("ock-card ck-history"), .id(Self.anchor), HTMLAttribute("tabindex", "-1"), .aria("label", loc("History"))], content)
    }

    /// What a task measures, to group and flag its values.
    private func measurement(_ event: OCKAnyEvent) -> OCKTaskMeasurement? {
        (event.task as? OCKTask).flatMap(OCKTaskMeasurement.init(task:))
    }

    private func entries(_ event: OCKAnyEvent) -> [HTMLNode] {
        guard let outcome = event.outcome else { return [] }
        let survey = (event.task as? OCKTask)?.survey?.inDisplayUnits()
        let measurement = measurement(event)
        let versioned = outcome as? any OCKVersionedObjectCompatible
        let corrected = versioned.map { !$0.previousVersionUUIDs.isEmpty } ?? false
        let values = outcome.values
        let readings = measurement?.readings(of: values) ?? values.indices.map { OCKTaskMeasurement.Reading(indices: [$0]) }
        return readings.map { reading in
            let members = reading.indices.map { values[$0] }
            let index = reading.indices[0]
            var what: [HTMLNode] = [.element("span", [.class("ck-entry-event")], [.text(formatter.shortTimeDescription(event.scheduleEvent))])]
            if let label = Self.label(of: members, survey: survey, measurement: measurement) {
                what.append(.element("span", [.class("ck-entry-question")], [.text(label)]))
            }
            what.append(.element("strong", [.class("ck-entry-value")], [.text(Self.text(of: members, formatter: formatter))]))
            let flagged = members.compactMap { formatter.valueFlag($0, element: event.scheduleEvent.element) }
            if let flag = flagged.first {
                what.append(OCKValueFlag(text: flagged.map(\.text).joined(separator: loc("; ")), isHigh: flag.isHigh).node)
            }
            let recorded = members[0].createdDate
            var when: [HTMLNode] = [.text(loc("Recorded {day} at {time}", ["day": formatter.shortDay(recorded), "time": formatter.time(recorded)]))]
            // Late or early by the one rule of the report and the dashboard, against the event's time shown above.
            if let mark = formatter.recordingMark(event.scheduleEvent.recordingTiming(of: recorded)) {
                when += [.text(" · "), .element("span", [.class("ck-entry-mark")], [.text(mark)])]
            }
            if corrected, let edited = versioned?.updatedDate {
                when.append(.text(" · " + loc("entry changed {day} at {time}", ["day": formatter.shortDay(edited), "time": formatter.time(edited)])))
            }
            let item: [HTMLNode] = [
                .element("div", [.class("ck-entry-what")], what),
                .element("p", [.class("ck-entry-when")], when),
                .element("div", [.class("ck-entry-actions")], actions(event, outcome: outcome, index: index, members: members, survey: survey, measurement: measurement))
            ]
            return .element("li", [.class("ck-entry" + (corrected ? " ck-corrected" : ""))], item)
        }
    }

    /// The readings another device recorded for an event, read-only: the app counts the one
    /// recorded first; these stay visible, each with its flag.
    private func concurrentEntries(_ event: OCKAnyEvent) -> [HTMLNode] {
        let others = concurrent.filter { $0.task.uuid == event.task.uuid && $0.scheduleEvent.occurrence == event.scheduleEvent.occurrence }
        return others.flatMap { other -> [HTMLNode] in
            guard let outcome = other.outcome else { return [] }
            let measurement = measurement(other)
            let readings = measurement?.readings(of: outcome.values) ?? outcome.values.indices.map { OCKTaskMeasurement.Reading(indices: [$0]) }
            return readings.map { reading in
                let members = reading.indices.map { outcome.values[$0] }
                var what: [HTMLNode] = [
                    .element("span", [.class("ck-entry-event")], [.text(formatter.shortTimeDescription(event.scheduleEvent))]),
                    .element("span", [.class("ck-entry-question")], [.text(loc("Also recorded on another device"))]),
                    .element("strong", [.class("ck-entry-value")], [.text(Self.text(of: members, formatter: formatter))])
                ]
                let flagged = members.compactMap { formatter.valueFlag($0, element: event.scheduleEvent.element) }
                if let flag = flagged.first { what.append(OCKValueFlag(text: flagged.map(\.text).joined(separator: loc("; ")), isHigh: flag.isHigh).node) }
                let recorded = members[0].createdDate
                return .element(
                    "li", [.class("ck-entry ck-concurrent")],
                    [
                        .element("div", [.class("ck-entry-what")], what),
                        .element("p", [.class("ck-entry-when")], [.text(loc("Recorded {day} at {time}", ["day": formatter.shortDay(recorded), "time": formatter.time(recorded)]))])
                    ])
            }
        }
    }

    /// The values deleted from an event, a reading each, with when; Undo while it may be undone.
    private func deletedEntries(_ event: OCKAnyEvent) -> [HTMLNode] {
        let removed = deleted.filter { $0.taskUUID == event.task.uuid && $0.occurrence == event.scheduleEvent.occurrence }
        guard !removed.isEmpty else { return [] }
        // Values removed by one version at one time of recording are one reading (128/84).
        let groups = OCKDeletedValue.readings(removed)
        return groups.map { group in
            let values = group.map(\.value)
            let first = group[0]
            let text = loc(
                "{value}, recorded {day} at {time}, deleted {deletedDay} at {deletedTime}",
                [
                    "value": Self.text(of: values, formatter: formatter), "day": formatter.shortDay(first.value.createdDate), "time": formatter.time(first.value.createdDate),
                    "deletedDay": formatter.shortDay(first.deletedDate), "deletedTime": formatter.time(first.deletedDate)
                ])
            var item: [HTMLNode] = [
                .element(
                    "div", [.class("ck-entry-what")],
                    [
                        .element("span", [.class("ck-entry-event")], [.text(formatter.shortTimeDescription(event.scheduleEvent))]),
                        .element("span", [.class("ck-deleted-label")], [.text(loc("Deleted"))]),
                        .element("del", [.class("ck-entry-value")], [.text(Self.text(of: values, formatter: formatter))])
                    ]),
                .element("p", [.class("ck-entry-when")], [.text(text)])
            ]
            if let now, now.timeIntervalSince(first.deletedDate) < Self.undoWindow, now >= first.deletedDate {
                let fields: [(String, String)] = [
                    (WebSecurity.csrfField, csrfToken), ("return", returnPath), ("removed_by", first.removedBy.uuidString),
                    ("recorded", String(first.value.createdDate.timeIntervalSinceReferenceDate)), ("anchor", Self.anchor)
                ]
                item.append(
                    .element(
                        "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.restoreEventValues(event.id).path), .class("ck-undo-form")],
                        fields.map { .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", $0.0), HTMLAttribute("value", $0.1)]) } + [
                            .element(
                                "button",
                                [
                                    HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ck-undo"),
                                    .aria("label", loc("Undo deleting {value}", ["value": Self.text(of: values, formatter: formatter)]))
                                ], [.text(loc("Undo"))])
                        ]))
            }
            return .element("li", [.class("ck-entry ck-deleted")], item)
        }
    }

    private func actions(_ event: OCKAnyEvent, outcome: any OCKAnyOutcome, index: Int, members: [OCKOutcomeValue], survey: OCKSurvey?, measurement: OCKTaskMeasurement?) -> [HTMLNode] {
        let version = (outcome as? any OCKVersionedObjectCompatible).map { [("version", $0.uuid.uuidString)] } ?? []
        let hidden: [HTMLNode] = ([(WebSecurity.csrfField, csrfToken), ("return", returnPath), ("anchor", Self.anchor)] + version).map {
            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", $0.0), HTMLAttribute("value", $0.1)])
        }
        let shown = Self.text(of: members, formatter: formatter)
        var nodes: [HTMLNode] = []
        let current = members.count > 1 ? Self.pairText(members) : Self.editableText(of: members[0], survey: survey)
        if let current, recordsBefore.map({ event.scheduleEvent.start < $0 }) ?? true {
            let label = loc("Correct {value}", ["value": shown])
            let unit = members.count > 1 ? members[0].units : members[0].units
            nodes.append(
                .element(
                    "details", [.class("ck-correct")],
                    [
                        .element("summary", [.class("ock-button ock-labeled-button ck-correct-button")], [.text(loc("Correct"))]),
                        .element(
                            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.correctEventValue(event.id, index: index).path), .class("ck-correct-form")],
                            hidden + [
                                .element(
                                    "label", [],
                                    [
                                        .text(unit.map { loc("New value ({unit})", ["unit": $0]) } ?? loc("New value")),
                                        .element(
                                            "input",
                                            [
                                                HTMLAttribute("type", "text"), HTMLAttribute("name", "value"), HTMLAttribute("value", current),
                                                HTMLAttribute("required", "required"), .aria("label", label)
                                            ])
                                    ]),
                                .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button ock-primary")], [.text(loc("Save"))])
                            ])
                    ]))
        }
        // Delete asks first (a page of its own: it works without a script, and a script's
        // background posts never meet it).
        nodes.append(
            .element(
                "form", [HTMLAttribute("method", "get"), HTMLAttribute("action", OCKWebRoute.deleteEventValue(event.id, index: index).path), .class("ck-delete-form")],
                [.element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "return"), HTMLAttribute("value", returnPath)])] + [
                    .element(
                        "button",
                        [
                            HTMLAttribute("type", "submit"), .class("ck-link-button ck-delete"),
                            .aria("label", loc("Delete {value} of {day}", ["value": shown, "day": formatter.shortDay(event.scheduleEvent.start)]))
                        ], [.text(loc("Delete"))])
                ]))
        return nodes
    }

    /// What a reading answers: its question, or the measurement's name for a paired reading.
    static func label(of members: [OCKOutcomeValue], survey: OCKSurvey?, measurement: OCKTaskMeasurement?) -> String? {
        if members.count > 1, let kind = measurement?.kind { return OCKMeasurementNames.name(of: kind) }
        let value = members[0]
        return value.kind.flatMap { kind in survey?.questions.first { $0.id == kind }?.prompt }
    }

    /// A reading as the history shows it ("128/84 mmHg"; "Done" for a tap).
    static func text(of members: [OCKOutcomeValue], formatter: OCKEventFormatter) -> String {
        members.count > 1 ? formatter.reading(members) : text(of: members[0], formatter: formatter)
    }

    /// A value as the history shows it ("Done" for a tap).
    static func text(of value: OCKOutcomeValue, formatter: OCKEventFormatter) -> String {
        if value.booleanValue == true, value.kind == nil { return loc("Done") }
        if let yes = value.booleanValue { return yes ? loc("Yes") : loc("No") }
        return formatter.value(value)
    }

    /// "128/84": the text a paired reading's correction starts with.
    static func pairText(_ members: [OCKOutcomeValue]) -> String? {
        let numbers = members.compactMap(\.numericValue)
        guard numbers.count == members.count else { return nil }
        return numbers.map(OCKNumberFormat.plain).joined(separator: "/")
    }

    /// The text a correction form starts with, or nil for a value that is corrected by
    /// deleting it (a tap, a date).
    static func editableText(of value: OCKOutcomeValue, survey: OCKSurvey?) -> String? {
        if let survey, value.kind.map({ kind in survey.questions.contains { $0.id == kind } }) == true {
            return survey.answers(from: [value]).values.first?.joined(separator: "; ")
        }
        if let number = value.integerValue { return String(number) }
        if let number = value.doubleValue { return OCKNumberFormat.plain(number) }
        return value.stringValue
    }
}
