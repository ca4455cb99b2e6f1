import CareKitHTTP

/// Every address the web app answers, spelled once: ``path`` writes it (the pages link and post
/// with it) and ``init(method:path:)`` reads it (the server answers by it). Query fields (a
/// page's `date`, a form's `return`) travel beside the path, not in the route.
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
    /// `GET /healthz`: `ok`, for monitors.
    /// The web app manifest (installing the app on a phone's home screen).
    case manifest
    /// The service worker (today's page offline).
    case serviceWorker
    case health
    /// `GET /favicon.ico`: nothing (204); pages link the SVG icon.
    case legacyFavicon

    /// The methods the route answers (`HEAD` only at `/`).
    public var methods: [String] {
        switch self {
        case .home: return ["GET", "HEAD"]
        case .completeEvent, .logEvent, .restoreEventValues, .correctEventValue, .replaceCalendarSecret, .unlock: return ["POST"]
        case .survey, .deleteEventValue, .newTask, .editTask, .stopTask, .settings, .newContact, .editContact, .removeContact, .aboutYou, .passcode, .lock: return ["GET", "POST"]
        case .tab, .task, .welcome, .contact, .report, .liveChanges, .asset, .calendarFeed, .calendarSettings, .manifest, .serviceWorker, .health, .legacyFavicon: return ["GET"]
        }
    }

    /// The path, each id percent-encoded (`/events/3F25…%234/complete`).
    public var path: String {
        kind.pattern.path(parameters)
    }

    /// The path with a query (`/tasks/cardio?return=%2Fcare-card`).
    public func path(query: [(String, String)]) -> String {
        query.isEmpty ? path : path + "?" + URLEncoding.query(query)
    }

    /// The route of a request's method and path (as sent, still percent-encoded). A path the
    /// app does not have is a 404; one it has for other methods a 405 with `Allow`.
    public init(method: String, path: String) throws(HTTPError) {
        let segments = try HTTPRequest(method: method, path: path).pathSegments()
        var found: [(kind: Kind, route: OCKWebRoute)] = []
        for kind in Kind.allCases {
            guard let parameters = kind.pattern.match(segments: segments), let route = try OCKWebRoute(kind, parameters) else { continue }
            // Of two kinds that both read the path, the one with a literal segment first wins (/report over /<tab>).
            found.removeAll { kind.pattern.isMoreSpecific(than: $0.kind.pattern) }
            guard !found.contains(where: { $0.kind.pattern.isMoreSpecific(than: kind.pattern) }) else { continue }
            found.append((kind, route))
        }
        guard let route = found.first?.route else {
            throw HTTPError(status: 404, message: loc("There is no page at {path}.", ["path": path]))
        }
        guard route.methods.contains(method) else {
            throw HTTPError(
                status: 405, message: loc("{method} {path} is not something this app does.", ["method": method, "path": path]),
                headers: [("Allow", route.methods.joined(separator: ", "))])
        }
        self = route
    }

    // MARK: The patterns

    /// The kinds of route and their patterns: the one place where the app's paths are written.
    enum Kind: CaseIterable {
        case home, tab, completeEvent, logEvent, deleteEventValue, restoreEventValues, correctEventValue, survey, task, newTask, editTask, stopTask, welcome, contact, newContact,
            editContact, removeContact, aboutYou, report, liveChanges, asset,
            calendarFeed, calendarSettings, replaceCalendarSecret, settings, passcode, lock, unlock, manifest, serviceWorker, health, legacyFavicon

        /// The kind's pattern, read once (every link on a page and every request uses one).
        var pattern: HTTPPathPattern { Self.patterns[self] ?? writtenPattern }

        private static let patterns = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.writtenPattern) })

        private var writtenPattern: HTTPPathPattern {
            switch self {
            case .home: return "/"
            case .tab: return "/{tab}"
            case .completeEvent: return "/events/{event}/complete"
            case .logEvent: return "/events/{event}/log"
            case .deleteEventValue: return "/events/{event}/values/{index}/delete"
            case .restoreEventValues: return "/events/{event}/values/restore"
            case .correctEventValue: return "/events/{event}/values/{index}/correct"
            case .survey: return "/survey/{event}"
            case .task: return "/tasks/{task}"
            case .newTask: return "/plan/new"
            case .editTask: return "/tasks/{task}/edit"
            case .stopTask: return "/tasks/{task}/stop"
            case .welcome: return "/welcome"
            case .contact: return "/connect/{contact}"
            case .newContact: return "/contacts/new"
            case .editContact: return "/connect/{contact}/edit"
            case .removeContact: return "/connect/{contact}/remove"
            case .aboutYou: return "/about-you"
            case .report: return "/report"
            case .liveChanges: return "/live/changes"
            case .asset: return "/assets/{file}"
            case .calendarFeed: return "/calendar/{feed}"
            case .calendarSettings: return "/settings/calendar"
            case .replaceCalendarSecret: return "/settings/calendar/replace"
            case .settings: return "/settings"
            case .passcode: return "/settings/passcode"
            case .lock: return "/lock"
            case .unlock: return "/unlock"
            case .manifest: return "/manifest.webmanifest"
            case .serviceWorker: return "/sw.js"
            case .health: return "/healthz"
            case .legacyFavicon: return "/favicon.ico"
            }
        }
    }

    var kind: Kind {
        switch self {
        case .home: return .home
        case .tab: return .tab
        case .completeEvent: return .completeEvent
        case .logEvent: return .logEvent
        case .deleteEventValue: return .deleteEventValue
        case .restoreEventValues: return .restoreEventValues
        case .correctEventValue: return .correctEventValue
        case .survey: return .survey
        case .task: return .task
        case .newTask: return .newTask
        case .editTask: return .editTask
        case .stopTask: return .stopTask
        case .welcome: return .welcome
        case .contact: return .contact
        case .newContact: return .newContact
        case .editContact: return .editContact
        case .removeContact: return .removeContact
        case .aboutYou: return .aboutYou
        case .report: return .report
        case .liveChanges: return .liveChanges
        case .asset: return .asset
        case .calendarFeed: return .calendarFeed
        case .calendarSettings: return .calendarSettings
        case .replaceCalendarSecret: return .replaceCalendarSecret
        case .settings: return .settings
        case .passcode: return .passcode
        case .lock: return .lock
        case .unlock: return .unlock
        case .manifest: return .manifest
        case .serviceWorker: return .serviceWorker
        case .health: return .health
        case .legacyFavicon: return .legacyFavicon
        }
    }

    /// The values of the pattern's parameters.
    private var parameters: [String: String] {
        switch self {
        case .home, .report, .liveChanges, .health, .legacyFavicon, .newTask, .welcome, .calendarSettings, .replaceCalendarSecret, .settings, .manifest, .serviceWorker,
            .newContact, .aboutYou, .passcode, .lock, .unlock:
            return [:]
        case .tab(let tab): return ["tab": tab]
        case .completeEvent(let event), .logEvent(let event), .survey(let event), .restoreEventValues(let event): return ["event": event]
        case .deleteEventValue(let event, let index), .correctEventValue(let event, let index): return ["event": event, "index": String(index)]
        case .task(let task), .editTask(let task), .stopTask(let task): return ["task": task]
        case .contact(let contact), .editContact(let contact), .removeContact(let contact): return ["contact": contact]
        case .asset(let asset): return ["file": asset.rawValue]
        case .calendarFeed(let secret): return ["feed": secret + ".ics"]
        }
    }

    /// The route of a kind with the values a path gave its parameters; nil when a value is not
    /// one the route takes (an asset that does not exist), a 400 for a value number that is not one.
    private init?(_ kind: Kind, _ values: HTTPPathParameters) throws(HTTPError) {
        switch kind {
        case .home: self = .home
        case .tab: guard let tab = values["tab"] else { return nil }; self = .tab(tab)
        case .completeEvent: guard let event = values["event"] else { return nil }; self = .completeEvent(event)
        case .logEvent: guard let event = values["event"] else { return nil }; self = .logEvent(event)
        case .restoreEventValues: guard let event = values["event"] else { return nil }; self = .restoreEventValues(event)
        case .deleteEventValue, .correctEventValue:
            guard let event = values["event"] else { return nil }
            guard let index = values["index"].flatMap({ Int($0) }), index >= 0 else {
                throw HTTPError(status: 400, message: loc("'{index}' is not a value number.", ["index": values["index"] ?? ""]))
            }
            self = kind == .correctEventValue ? .correctEventValue(event, index: index) : .deleteEventValue(event, index: index)
        case .survey: guard let event = values["event"] else { return nil }; self = .survey(event)
        case .task: guard let task = values["task"] else { return nil }; self = .task(task)
        case .newTask: self = .newTask
        case .editTask: guard let task = values["task"] else { return nil }; self = .editTask(task)
        case .stopTask: guard let task = values["task"] else { return nil }; self = .stopTask(task)
        case .welcome: self = .welcome
        case .contact: guard let contact = values["contact"] else { return nil }; self = .contact(contact)
        case .newContact: self = .newContact
        case .editContact: guard let contact = values["contact"] else { return nil }; self = .editContact(contact)
        case .removeContact: guard let contact = values["contact"] else { return nil }; self = .removeContact(contact)
        case .aboutYou: self = .aboutYou
        case .report: self = .report
        case .liveChanges: self = .liveChanges
        case .asset: guard let asset = values["file"].flatMap(OCKWebAsset.init(rawValue:)) else { return nil }; self = .asset(asset)
        case .calendarFeed:
            guard let file = values["feed"], file.hasSuffix(".ics"), file.count > 4 else { return nil }
            self = .calendarFeed(String(file.dropLast(4)))
        case .calendarSettings: self = .calendarSettings
        case .replaceCalendarSecret: self = .replaceCalendarSecret
        case .settings: self = .settings
        case .passcode: self = .passcode
        case .lock: self = .lock
        case .unlock: self = .unlock
        case .manifest: self = .manifest
        case .serviceWorker: self = .serviceWorker
        case .health: self = .health
        case .legacyFavicon: self = .legacyFavicon
        }
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
