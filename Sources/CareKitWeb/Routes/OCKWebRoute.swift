import CareKitHTTP

/// Every address the web app answers, spelled once, in one row of its table (CareKitHTTP's
/// ``HTTPRouteTable``): ``path`` writes it (the pages link and post with it) and
/// ``init(method:path:)`` reads it (the server answers by it). Query fields (a page's `date`, a
/// form's `return`) travel beside the path, not in the route.
public enum OCKWebRoute: Hashable, Sendable {
    /// `GET /`: sends the browser to the first tab.
    case home
    /// `GET /<tab>`: a tab's page (`?date=YYYY-MM-DD`, else today).
    case tab(String)
    /// `POST /events/<event id>/complete`: `completed=true|false` (or neither: toggles).
    case completeEvent(String)
    /// `POST /events/<event id>/log`: a value (`value`, `unit`), or a tap without one.
    case logEvent(String)
    /// `GET|POST /events/<event id>/values/<n>/delete`: asks, then (`confirmed=1`) removes the
    /// reading that starts at the n-th logged value (from 0; a blood pressure's two values go
    /// together). What is removed stays in the history as deleted.
    case deleteEventValue(String, index: Int)
    /// `POST /events/<event id>/values/restore`: puts back the values one deletion removed
    /// (`removed_by`, the version that removed them; `recorded`, when they were recorded), as a
    /// new version of the outcome.
    case restoreEventValues(String)
    /// `POST /events/<event id>/values/<n>/correct`: replaces the n-th logged value (`value`),
    /// a new version of the outcome.
    case correctEventValue(String, index: Int)
    /// `GET|POST /survey/<event id>`: an assessment's survey, and its answers.
    case survey(String)
    /// `GET /tasks/<task id>`: a task's instructions and schedule.
    case task(String)
    /// `GET|POST /plan/new`: the form that adds a medication or task, and the task it adds.
    case newTask
    /// `GET|POST /tasks/<task id>/edit`: a task's schedule as a form; a change is a new version.
    case editTask(String)
    /// `GET|POST /tasks/<task id>/stop`: asks for the last day, then stops the task (a new version).
    case stopTask(String)
    /// `GET /welcome`: the first page of an app whose store has no tasks yet.
    case welcome
    /// `GET /connect/<contact id>`: a contact, with call, message and e-mail links and Send report.
    case contact(String)
    /// `GET|POST /contacts/new`: the form that adds a contact, and the contact it adds.
    case newContact
    /// `GET|POST /connect/<contact id>/edit`: a contact as a form; saving is a new version.
    case editContact(String)
    /// `GET|POST /connect/<contact id>/remove`: asks to confirm, then removes the contact (a tombstone version).
    case removeContact(String)
    /// `GET|POST /about-you`: the patient's name and birthday (the store's patient).
    case aboutYou
    /// `GET /report?from&to[&format=pdf|html][&contact]`: the report in the app's frame, or as a
    /// PDF or a printable page.
    case report
    /// `GET /live/changes?since=<generation>`: server-sent events, one after every change of the store.
    case liveChanges
    /// `GET /assets/<file>`: the stylesheet, the script and the icon.
    case asset(OCKWebAsset)
    /// `GET /calendar/<secret>.ics`: the care plan as an iCalendar feed, for calendar apps
    /// (which cannot log in: the secret in the address is the key).
    case calendarFeed(String)
    /// `GET /settings/calendar`: the feed's address, to subscribe to, and a way to replace it.
    case calendarSettings
    /// `POST /settings/calendar/replace`: a new secret address; the old one stops working.
    case replaceCalendarSecret
    /// `GET|POST /settings`: the patient's language (and the form that changes it).
    case settings
    /// `GET|POST /settings/passcode`: set, change or remove the app's passcode, and the
    /// minutes without use after which it locks.
    case passcode
    /// `GET|POST /lock?return=`: GET shows the unlock form to a locked browser (and a way back
    /// to an unlocked one whose page hid itself); POST locks this browser now.
    case lock
    /// `POST /unlock`: the passcode (`passcode`), then back to `return`.
    case unlock
    /// `GET /manifest.webmanifest`: the web app manifest (installing the app on a phone's home screen).
    case manifest
    /// `GET /sw.js`: the service worker (today's page offline).
    case serviceWorker
    /// `GET /healthz`: `ok`, for monitors.
    case health
    /// `GET /favicon.ico`: nothing (204); pages link the SVG icon.
    case legacyFavicon

    /// The methods the route answers (`HEAD` only at `/`).
    public var methods: [String] {
        Self.table.row(of: self)?.methods ?? []
    }

    /// The path, each id percent-encoded (`/events/3F25…%234/complete`).
    public var path: String {
        Self.table.path(of: self) ?? "/"
    }

    /// The path with a query (`/tasks/cardio?return=%2Fcare-card`).
    public func path(query: [(String, String)]) -> String {
        query.isEmpty ? path : path + "?" + URLEncoding.query(query)
    }

    /// The route of a request's method and path (as sent, still percent-encoded). A path the
    /// app does not have is a 404; one it has for other methods a 405 with `Allow`.
    public init(method: String, path: String) throws(HTTPError) {
        switch try Self.table.match(method: method, path: path) {
        case .found(let route, _): self = route
        case .notFound: throw HTTPError(status: 404, message: loc("There is no page at {path}.", ["path": path]))
        case .otherMethods(let allowed):
            throw HTTPError(
                status: 405, message: loc("{method} {path} is not something this app does.", ["method": method, "path": path]),
                headers: [("Allow", allowed.joined(separator: ", "))])
        }
    }

    /// The pattern of the route's row (`/tasks/{task}`).
    var pattern: HTTPPathPattern { Self.table.row(of: self)?.pattern ?? "/" }

    // MARK: The table

    /// Every address of the app, one row each: its methods, its pattern, how the route is made
    /// from the path's values and how it gives them back. The one place where a path is written.
    static let table = HTTPRouteTable<OCKWebRoute>([
        HTTPRoute(["GET", "HEAD"], "/", .home),
        HTTPRoute(["GET"], "/{tab}", OCKWebRoute.tab) { if case .tab(let tab) = $0 { tab } else { nil } },
        HTTPRoute(["POST"], "/events/{event}/complete", OCKWebRoute.completeEvent) { if case .completeEvent(let event) = $0 { event } else { nil } },
        HTTPRoute(["POST"], "/events/{event}/log", OCKWebRoute.logEvent) { if case .logEvent(let event) = $0 { event } else { nil } },
        HTTPRoute(["GET", "POST"], "/events/{event}/values/{index}/delete", { event, index throws(HTTPError) in .deleteEventValue(event, index: try valueIndex(index)) }) {
            if case .deleteEventValue(let event, let index) = $0 { (event, String(index)) } else { nil }
        },
        HTTPRoute(["POST"], "/events/{event}/values/restore", OCKWebRoute.restoreEventValues) { if case .restoreEventValues(let event) = $0 { event } else { nil } },
        HTTPRoute(["POST"], "/events/{event}/values/{index}/correct", { event, index throws(HTTPError) in .correctEventValue(event, index: try valueIndex(index)) }) {
            if case .correctEventValue(let event, let index) = $0 { (event, String(index)) } else { nil }
        },
        HTTPRoute(["GET", "POST"], "/survey/{event}", OCKWebRoute.survey) { if case .survey(let event) = $0 { event } else { nil } },
        HTTPRoute(["GET"], "/tasks/{task}", OCKWebRoute.task) { if case .task(let task) = $0 { task } else { nil } },
        HTTPRoute(["GET", "POST"], "/plan/new", .newTask),
        HTTPRoute(["GET", "POST"], "/tasks/{task}/edit", OCKWebRoute.editTask) { if case .editTask(let task) = $0 { task } else { nil } },
        HTTPRoute(["GET", "POST"], "/tasks/{task}/stop", OCKWebRoute.stopTask) { if case .stopTask(let task) = $0 { task } else { nil } },
        HTTPRoute(["GET"], "/welcome", .welcome),
        HTTPRoute(["GET"], "/connect/{contact}", OCKWebRoute.contact) { if case .contact(let contact) = $0 { contact } else { nil } },
        HTTPRoute(["GET", "POST"], "/contacts/new", .newContact),
        HTTPRoute(["GET", "POST"], "/connect/{contact}/edit", OCKWebRoute.editContact) { if case .editContact(let contact) = $0 { contact } else { nil } },
        HTTPRoute(["GET", "POST"], "/connect/{contact}/remove", OCKWebRoute.removeContact) { if case .removeContact(let contact) = $0 { contact } else { nil } },
        HTTPRoute(["GET", "POST"], "/about-you", .aboutYou),
        HTTPRoute(["GET"], "/report", .report),
        HTTPRoute(["GET"], "/live/changes", .liveChanges),
        // An asset that does not exist is a path the app does not have (404).
        HTTPRoute(["GET"], "/assets/{file}", { OCKWebAsset(rawValue: $0).map(OCKWebRoute.asset) }) { if case .asset(let asset) = $0 { asset.rawValue } else { nil } },
        HTTPRoute(["GET"], "/calendar/{feed}", { $0.hasSuffix(".ics") && $0.count > 4 ? .calendarFeed(String($0.dropLast(4))) : nil }) {
            if case .calendarFeed(let secret) = $0 { secret + ".ics" } else { nil }
        },
        HTTPRoute(["GET"], "/settings/calendar", .calendarSettings),
        HTTPRoute(["POST"], "/settings/calendar/replace", .replaceCalendarSecret),
        HTTPRoute(["GET", "POST"], "/settings", .settings),
        HTTPRoute(["GET", "POST"], "/settings/passcode", .passcode),
        HTTPRoute(["GET", "POST"], "/lock", .lock),
        HTTPRoute(["POST"], "/unlock", .unlock),
        HTTPRoute(["GET"], "/manifest.webmanifest", .manifest),
        HTTPRoute(["GET"], "/sw.js", .serviceWorker),
        HTTPRoute(["GET"], "/healthz", .health),
        HTTPRoute(["GET"], "/favicon.ico", .legacyFavicon)
    ])

    /// A value's number in its outcome (from 0); a 400 for anything else.
    private static func valueIndex(_ text: String) throws(HTTPError) -> Int {
        guard let index = Int(text), index >= 0 else { throw HTTPError(status: 400, message: loc("'{index}' is not a value number.", ["index": text])) }
        return index
    }
}

/// The files every page links to.
public enum OCKWebAsset: String, Hashable, Sendable, CaseIterable {
    /// CareKitUI's stylesheet, the app's and its tint, in one file.
    case stylesheet = "carekit.css"
    /// The script that posts in the background and follows live changes.
    case script = "carekit.js"
    /// The app's icon in its tint.
    case icon = "favicon.svg"
}
