import CareKitCalendar
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The care plan as a calendar feed behind a secret address, and the page that gives it.
extension CareKitWebServer {

    /// Whether a request is for the calendar feed, which passes without the access token (its
    /// address's secret is checked instead); the Host check applies as to every request.
    static func isCalendarFeed(_ request: HTTPRequest) -> Bool {
        guard request.method == "GET", case .calendarFeed? = try? OCKWebRoute(method: request.method, path: request.path) else { return false }
        return true
    }

    private func requireCalendar() throws(HTTPError) -> _CalendarSecret {
        guard let calendarSecret else { throw HTTPError(status: 404, message: loc("This app has no calendar feed.")) }
        return calendarSecret
    }

    /// GET /calendar/{secret}.ics: every task version as ``OCKCalendarFeed`` writes it. A wrong
    /// secret is a 404, like an address that does not exist.
    func calendarFeed(secret: String) async throws -> HTTPResponse {
        guard let calendarSecret, calendarSecret.matches(secret) else {
            throw HTTPError(status: 404, message: loc("There is no calendar at this address. Open Calendar in the app for the current one."))
        }
        let versions: [OCKTask]
        if let store = store as? OCKStore {
            versions = try await store.exportVersions().compactMap { entity -> OCKTask? in
                if case .task(let task) = entity { return task } else { return nil }
            }
        } else {
            versions = try await store.fetchAnyTasks(query: OCKTaskQuery()).compactMap { $0 as? OCKTask }
        }
        let now = today
        let horizon = calendar.date(byAdding: .year, value: 3, to: now) ?? now
        let feed = OCKCalendarFeed(name: application.title, versions: versions, now: now, horizon: horizon)
        var response = HTTPResponse.text(feed.ics(), contentType: "text/calendar; charset=utf-8")
        response.setHeader("Content-Disposition", "inline; filename=\"care-plan.ics\"")
        return response
    }

    /// GET /settings/calendar: the feed's address on this server (by the request's Host, which
    /// the Host check has allowed), a webcal:// link to subscribe, and a form to replace it.
    func calendarSettings(_ request: HTTPRequest, csrf: String) throws -> HTTPResponse {
        let secret = try requireCalendar().current()
        let host = request.header("host") ?? "\(configuration.host):\(port)"
        let path = OCKWebRoute.calendarFeed(secret).path
        let page = _CalendarPage(
            httpURL: "http://\(host)\(path)", webcalURL: "webcal://\(host)\(path)", isLocalOnly: isLocalOnly,
            replaced: request.queryValue("replaced") != nil, csrfToken: csrf)
        return .html(shell.document(title: page.title, activeTab: nil, main: page.main))
    }

    /// POST /settings/calendar/replace: a new secret; calendars subscribed to the old address
    /// stop receiving the plan.
    func replaceCalendarSecret(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try checkedForm(request)
        _ = try requireCalendar().replace()
        return .redirect(to: OCKWebRoute.calendarSettings.path(query: [("replaced", "1")]))
    }
}
