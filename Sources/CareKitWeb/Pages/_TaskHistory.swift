import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// A task's recorded entries, newest day first: each value with when it was recorded, marked
/// when its entry was changed since, and forms to correct or delete it. Every change is a POST with the
/// CSRF token and the outcome version shown, so an entry that changed meanwhile is not
/// overwritten (the store refuses it and the page says so).
struct _TaskHistory {
    /// The events of the shown days that have an outcome.
    let events: [OCKAnyEvent]
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

    /// How many days the page shows at a time.
    static let days = 28

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
                        .element("ul", [.class("ck-history-entries")], events.flatMap(entries))
                    ]))
        }
        if let earlierPath {
            content.append(.element("p", [], [.element("a", [HTMLAttribute("href", earlierPath), .class("ck-week-link ck-history-earlier")], [.text(loc("Earlier entries"))])]))
        }
        return .element("section", [.class("ock-card ck-history"), .aria("label", loc("History"))], content)
    }

    private func entries(_ event: OCKAnyEvent) -> [HTMLNode] {
        guard let outcome = event.outcome else { return [] }
        let survey = (event.task as? OCKTask)?.survey?.inDisplayUnits()
        let versioned = outcome as? any OCKVersionedObjectCompatible
        let corrected = versioned.map { !$0.previousVersionUUIDs.isEmpty } ?? false
        return outcome.values.enumerated().map { index, value in
            let question = value.kind.flatMap { kind in survey?.questions.first { $0.id == kind } }
            var what: [HTMLNode] = [.element("span", [.class("ck-entry-event")], [.text(formatter.shortTimeDescription(event.scheduleEvent))])]
            if let question { what.append(.element("span", [.class("ck-entry-question")], [.text(question.prompt)])) }
            what.append(.element("strong", [.class("ck-entry-value")], [.text(Self.text(of: value, formatter: formatter))]))
            var when: [HTMLNode] = [.text(loc("Recorded {day} at {time}", ["day": formatter.shortDay(value.createdDate), "time": formatter.time(value.createdDate)]))]
            // Late or early by the one rule of the report and the dashboard, against the event's time shown above.
            if let mark = formatter.recordingMark(event.scheduleEvent.recordingTiming(of: value.createdDate)) {
                when += [.text(" · "), .element("span", [.class("ck-entry-mark")], [.text(mark)])]
            }
            if corrected, let edited = versioned?.updatedDate {
                when.append(.text(" · " + loc("entry changed {day} at {time}", ["day": formatter.shortDay(edited), "time": formatter.time(edited)])))
            }
            var item: [HTMLNode] = [
                .element("div", [.class("ck-entry-what")], what),
                .element("p", [.class("ck-entry-when")], when)
            ]
            item.append(.element("div", [.class("ck-entry-actions")], actions(event, outcome: outcome, index: index, value: value, survey: survey)))
            return .element("li", [.class("ck-entry" + (corrected ? " ck-corrected" : ""))], item)
        }
    }

    private func actions(_ event: OCKAnyEvent, outcome: any OCKAnyOutcome, index: Int, value: OCKOutcomeValue, survey: OCKSurvey?) -> [HTMLNode] {
        let version = (outcome as? any OCKVersionedObjectCompatible).map { [("version", $0.uuid.uuidString)] } ?? []
        let hidden: [HTMLNode] = ([(WebSecurity.csrfField, csrfToken), ("return", returnPath)] + version).map {
            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", $0.0), HTMLAttribute("value", $0.1)])
        }
        var nodes: [HTMLNode] = []
        if let current = Self.editableText(of: value, survey: survey), recordsBefore.map({ event.scheduleEvent.start < $0 }) ?? true {
            let label = loc("Correct {value}", ["value": Self.text(of: value, formatter: formatter)])
            nodes.append(
                .element(
                    "details", [.class("ck-correct")],
                    [
                        .element("summary", [], [.text(loc("Correct"))]),
                        .element(
                            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.correctEventValue(event.id, index: index).path), .class("ck-correct-form")],
                            hidden + [
                                .element(
                                    "label", [],
                                    [
                                        .text(value.units.map { loc("New value ({unit})", ["unit": $0]) } ?? loc("New value")),
                                        .element(
                                            "input",
                                            [
                                                HTMLAttribute("type", "text"), HTMLAttribute("name", "value"), HTMLAttribute("value", current),
                                                HTMLAttribute("required", "required"), .aria("label", label)
                                            ])
                                    ]),
                                .element("button", [HTMLAttribute("type", "submit"), .class("ock-button ock-labeled-button")], [.text(loc("Save"))])
                            ])
                    ]))
        }
        nodes.append(
            .element(
                "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.deleteEventValue(event.id, index: index).path), .class("ck-delete-form")],
                hidden + [
                    .element(
                        "button",
                        [
                            HTMLAttribute("type", "submit"), .class("ck-secondary-button ck-delete"),
                            .aria("label", loc("Delete {value} of {day}", ["value": Self.text(of: value, formatter: formatter), "day": formatter.shortDay(event.scheduleEvent.start)]))
                        ], [.text(loc("Delete"))])
                ]))
        return nodes
    }

    /// A value as the history shows it ("Done" for a tap).
    static func text(of value: OCKOutcomeValue, formatter: OCKEventFormatter) -> String {
        if value.booleanValue == true, value.kind == nil { return loc("Done") }
        if let yes = value.booleanValue { return yes ? loc("Yes") : loc("No") }
        return formatter.value(value)
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
