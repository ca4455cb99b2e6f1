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

    /// Whether a person may record something for the event now.
    func isOpen(_ event: OCKAnyEvent) -> Bool {
        recordsBefore.map { event.scheduleEvent.start < $0 } ?? true
    }

    private func post(_ route: OCKWebRoute, _ fields: [(String, String)] = []) -> OCKFormAction {
        OCKFormAction(method: .post, url: route.path, hiddenFields:
            ([(WebSecurity.csrfField, csrfToken), ("return", returnPath)] + fields).map { OCKFormField(name: $0.0, value: $0.1) })
    }

    func completionAction(for event: OCKAnyEvent, completed: Bool) -> OCKFormAction? {
        guard !completed || isOpen(event) else { return nil }
        return post(.completeEvent(event.id), [("completed", completed ? "true" : "false")])
    }

    func logAction(for event: OCKAnyEvent) -> OCKFormAction? {
        guard isOpen(event) else { return nil }
        return post(.logEvent(event.id))
    }

    func deleteValueAction(for event: OCKAnyEvent, valueIndex: Int) -> OCKFormAction? {
        post(.deleteEventValue(event.id, index: valueIndex))
    }

    func surveyAction(for event: OCKAnyEvent) -> OCKFormAction? {
        guard isOpen(event) else { return nil }
        return OCKFormAction(method: .get, url: OCKWebRoute.survey(event.id).path, hiddenFields: [OCKFormField(name: "return", value: returnPath)])
    }

    func detailURL(for task: any OCKAnyTask) -> String? {
        OCKWebRoute.task(task.id).path(query: [("return", returnPath)])
    }

    func dateAction(for date: Date) -> OCKFormAction? {
        OCKFormAction(method: .get, url: datePath, hiddenFields: [OCKFormField(name: "date", value: WebDates.string(date, calendar: calendar))])
    }

    func contactURL(for contact: any OCKAnyContact) -> String? {
        OCKWebRoute.contact(contact.id).path
    }
}

/// Days in URLs: `YYYY-MM-DD` in the app's calendar.
enum WebDates {
    static func string(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return padded(parts.year ?? 0, 4) + "-" + padded(parts.month ?? 0, 2) + "-" + padded(parts.day ?? 0, 2)
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The start of the day `text` names, or nil when it is not a real date.
    static func day(_ text: String?, calendar: Calendar) -> Date? {
        guard let text else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day else { return nil }
        return calendar.startOfDay(for: date)
    }
}
