import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// Turns card buttons into the web app's forms: each carries the CSRF token and the page to
/// return to, so everything works without JavaScript.
struct WebActions: OCKActionProvider {
    let csrfToken: String
    /// The page the action returns to (path and query).
    let returnPath: String
    /// The page that shows another day (path only; the date is a query field).
    let datePath: String
    let calendar: Calendar
    /// The start of tomorrow: events from then on have not happened, so nothing can be
    /// recorded for them (their buttons are shown disabled).
    let recordsBefore: Date?
    /// The moment the page is made (the app's clock), for due-now and overdue marks.
    var now: Date?

    /// Whether a person may record something for the event now.
    func isOpen(_ event: OCKAnyEvent) -> Bool {
        recordsBefore.map { event.scheduleEvent.start < $0 } ?? true
    }

    private func post(_ route: OCKWebRoute, _ fields: [(String, String)] = []) -> OCKFormAction {
        OCKFormAction(method: .post, url: route.path, hiddenFields: ([(WebSecurity.csrfField, csrfToken), ("return", returnPath)] + fields).map { OCKFormField(name: $0.0, value: $0.1) })
    }

    /// The card to return to after the form (its id on the page): without JavaScript the
    /// browser lands where the tap was, not at the top.
    private func anchor(_ event: OCKAnyEvent) -> (String, String) {
        ("anchor", OCKDailyTasksPageViewController.cardAnchor(forTaskID: event.task.id))
    }

    func completionAction(for event: OCKAnyEvent, completed: Bool) -> OCKFormAction? {
        guard !completed || isOpen(event) else { return nil }
        return post(.completeEvent(event.id), [("completed", completed ? "true" : "false"), anchor(event)])
    }

    func logAction(for event: OCKAnyEvent) -> OCKFormAction? {
        guard isOpen(event) else { return nil }
        return post(.logEvent(event.id), [anchor(event)])
    }

    func deleteValueAction(for event: OCKAnyEvent, valueIndex: Int) -> OCKFormAction? {
        post(.deleteEventValue(event.id, index: valueIndex), [anchor(event)])
    }

    func surveyAction(for event: OCKAnyEvent) -> OCKFormAction? {
        guard isOpen(event) else { return nil }
        return OCKFormAction(method: .get, url: OCKWebRoute.survey(event.id).path, hiddenFields: [OCKFormField(name: "return", value: returnPath)])
    }

    func detailURL(for task: any OCKAnyTask) -> String? {
        OCKWebRoute.task(task.id).path(query: [("return", returnPath)])
    }

    func dateAction(for date: Date) -> OCKFormAction? {
        OCKFormAction(method: .get, url: datePath, hiddenFields: [OCKFormField(name: "date", value: OCKDayCodec.string(from: date, calendar: calendar))])
    }

    func contactURL(for contact: any OCKAnyContact) -> String? {
        OCKWebRoute.contact(contact.id).path
    }

    func timing(of event: OCKAnyEvent) -> OCKEventTiming? {
        now.map { event.timing(at: $0, calendar: calendar) }
    }

    /// What the forms and links depend on besides the event: the token, the addresses, the
    /// day records stop at and the calendar of dates in links. `now` is not in it: a card
    /// depends on it only through ``timing(of:)``, which the card cache asks per event.
    var cardCacheKey: String? {
        [
            csrfToken, returnPath, datePath, recordsBefore.map { String($0.timeIntervalSinceReferenceDate) } ?? "-", calendar.timeZone.identifier,
            "\(calendar.identifier)", String(calendar.firstWeekday), now == nil ? "untimed" : "timed"
        ].joined(separator: "\u{1F}")
    }
}
