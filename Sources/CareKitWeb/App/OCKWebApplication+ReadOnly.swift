import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The app's tabs as the patient sees them, for someone who may only read them: a care team's
/// dashboard shows a patient's Care Card, Symptom Tracker and Insights from the patient's own
/// store with the same page builders as the app, every control disabled.
extension OCKWebApplication {
    /// What the pages need besides CareKitUI's stylesheet to look as they do in the app.
    public static var pageStyleSheet: String { WebAssets.css }

    /// The main content of tab `path` for `date`, read-only: cards without working buttons, no
    /// plan editor or reminders, links to other days under `pathPrefix` (so
    /// `/team/patients/7` + `/care-card?date=…`). Nil when the app has no such tab.
    ///
    /// - Parameters:
    ///   - request: the request, for the fields a page reads (Insights' measurement and range).
    ///   - today: the moment the page is made, for what is due and overdue.
    public func readOnlyPage(
        tab path: String, store: any OCKAnyStoreProtocol & OCKObservableStore, request: HTTPRequest, date: Date, today: Date,
        calendar: Calendar, pathPrefix: String
    ) async throws -> (title: String, main: [HTMLNode])? {
        guard let tab = tabs.first(where: { $0.path == path }) else { return nil }
        let route = OCKWebRoute.tab(tab.path)
        let context = OCKWebPageContext(
            store: store, request: request, route: route, date: date, today: today, calendar: calendar,
            formatter: OCKEventFormatter(calendar: calendar),
            actions: _ReadOnlyActions(datePath: pathPrefix + route.path, calendar: calendar, now: today), csrfToken: "",
            returnPath: request.pathWithQuery(), application: self, pathPrefix: pathPrefix, isReadOnly: true)
        let page = try await tab.makePage(context)
        defer { page.stop() }
        return (page.title, _PageHeading.nodes(title: page.title, subtitle: page.subtitle) + page.content())
    }
}

/// Card actions for a reader: nothing can be recorded or opened, only other days shown; cards
/// still mark what is due and overdue.
struct _ReadOnlyActions: OCKActionProvider {
    /// The page that shows another day (path only; the date is a query field).
    let datePath: String
    let calendar: Calendar
    let now: Date

    func completionAction(for event: OCKAnyEvent, completed: Bool) -> OCKFormAction? { nil }

    func dateAction(for date: Date) -> OCKFormAction? {
        OCKFormAction(method: .get, url: datePath, hiddenFields: [OCKFormField(name: "date", value: OCKDayCodec.string(from: date, calendar: calendar))])
    }

    func timing(of event: OCKAnyEvent) -> OCKEventTiming? {
        event.timing(at: now, calendar: calendar)
    }
}
