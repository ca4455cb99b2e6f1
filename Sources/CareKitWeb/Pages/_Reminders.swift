import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// Today's reminders while the app is open: a button that asks the browser for notifications
/// (shown by the script only where the Notification API exists and the patient has not been
/// asked), and, hidden, the day's events still to do with when to remind and when each starts
/// and ends, so the script notifies at the right moment and refreshes the page when an event
/// becomes due or overdue. Without JavaScript the cards still say what is due and overdue.
struct _Reminders {
    /// The day's events of the tasks shown.
    let events: [OCKAnyEvent]
    /// Now, by the app's clock (the script counts from it, not from the browser's clock).
    let now: Date
    let formatter: OCKEventFormatter

    /// Milliseconds since 1970, as the script reads times.
    static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// When to remind of an event: its task's reminder before the start, else at the start.
    static func reminderDate(of event: OCKAnyEvent) -> Date {
        let minutes = (event.task as? OCKTask)?.reminderMinutesBefore ?? 0
        return event.scheduleEvent.start.addingTimeInterval(-Double(minutes) * 60)
    }

    /// Nil when nothing is left to remind of today.
    var node: HTMLNode? {
        let pending = events.filter { event in
            let timing = event.timing(at: now, calendar: formatter.calendar)
            return timing == .upcoming || timing == .dueNow
        }
        guard !pending.isEmpty else { return nil }
        let items: [HTMLNode] = pending.map { event in
            let end =
                event.scheduleEvent.end > event.scheduleEvent.start
                ? event.scheduleEvent.end
                : event.scheduleEvent.start.addingTimeInterval(OCKEventTiming.instantWindow)
            return .element(
                "li",
                [
                    HTMLAttribute("data-ck-event", event.id),
                    HTMLAttribute("data-ck-remind", Self.milliseconds(Self.reminderDate(of: event))),
                    HTMLAttribute("data-ck-start", Self.milliseconds(event.scheduleEvent.start)),
                    HTMLAttribute("data-ck-end", Self.milliseconds(end)),
                    HTMLAttribute("data-ck-title", event.task.title ?? event.task.id)
                ], [.text(formatter.timeDescription(event.scheduleEvent))])
        }
        return .element(
            "div", [.class("ck-reminders")],
            [
                .element(
                    "button", [HTMLAttribute("type", "button"), .class("ck-secondary-button ck-notify-button"), .flag("hidden")],
                    [.text(loc("Remind me with notifications"))]),
                .element("p", [.class("ck-notify-status"), .role("status"), .flag("hidden")], [.text(loc("Notifications are on: this page reminds you at each event's time while it is open."))]),
                .element("ul", [.class("ck-reminder-list"), .flag("hidden"), HTMLAttribute("data-ck-now", Self.milliseconds(now))], items)
            ])
    }
}
