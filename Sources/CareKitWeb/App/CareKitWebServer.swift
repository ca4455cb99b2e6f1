import CareKit
import CareKitHTTP
import CareKitSecrets
import CareKitStore
import CareKitUI
import Foundation
import Synchronization

/// Serves an ``OCKWebApplication`` over HTTP: its tabs as pages that work without JavaScript
/// (plain forms, full page loads) and update live when the store changes (server-sent events),
/// the actions of its cards, surveys, task and contact pages, and reports.
public final class CareKitWebServer: Sendable {

    /// How the server runs.
    public struct Configuration: Sendable {
        /// The address to listen on; `127.0.0.1` keeps the app private to this machine.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: UInt16
        /// A secret the browser must present; required when `host` is not a loopback address.
        public var accessToken: String?
        /// The app's calendar and time zone.
        public var calendar: Calendar
        /// The clock ("today").
        public var clock: @Sendable () -> Date
        /// The largest request body accepted.
        public var maximumBodySize: Int
        /// Whether rendered pages are kept until the store changes (on by default).
        public var cachesPages = true
        /// Where the daily pages keep their cards between renders, found by what they show
        /// (``OCKCardCache``; one of its own by default): a page rendered again builds only the
        /// cards whose content changed. Nil: every card is built on every render.
        public var cardCache: OCKCardCache? = OCKCardCache()
        /// Host names, besides 127.0.0.1, ::1 and localhost, that requests may be addressed to
        /// (for a name of this machine on the local network, `carekit.lan`). Requests for any
        /// other name are refused, so a foreign web page whose name is pointed at this machine
        /// (DNS rebinding) reads and changes nothing. Beyond loopback, when the list is empty,
        /// any name is served (the access token protects).
        public var allowedHosts: [String]
        /// How many connections the server takes and for how long: in all, per client (none
        /// on loopback, where every client shares one address), the time a request may take.
        public var limits = HTTPServer.Limits()
        /// Live-update streams (`/live`) open at once; more are refused with 503 until one
        /// ends, so that streams cannot take every connection.
        public var maximumLiveStreams = 32
        /// Live-update streams open at once from one client address: a browser needs one for all
        /// its tabs, so a client that opens more cannot take the places of others.
        public var maximumLiveStreamsPerClient = 8
        /// How long a live-update stream lasts. Then it ends and the browser's EventSource
        /// reconnects (telling the last event it saw), so an abandoned stream frees its place.
        public var liveStreamLifetime: Duration = .seconds(300)
        /// The language of the app when the browser has not chosen one (its `carekit_lang`
        /// cookie) and the store keeps none (``CareKitStore/OCKPreferenceKey/language``); nil: the
        /// browser's `Accept-Language`, else English.
        public var language: OCKLanguage?
        /// The file that keeps the calendar feed's secret address (made with mode 0600 on first
        /// use; `carekit serve` keeps it beside the store). Nil: the app has no calendar feed.
        public var calendarSecretFile: URL?
        /// The clock of the passcode lock: a browser locks after the passcode's minutes
        /// without use by it (monotonic, so that changing the machine's time moves nothing).
        public var lockClock: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
        /// How costly the passcode's Argon2id hash is (see docs/web.md, "Passcode lock").
        public var passcodeLimits = CareKitWebServer.passcodeLimits

        public init(
            host: String = "127.0.0.1", port: UInt16 = 8080, accessToken: String? = nil, calendar: Calendar = .current,
            clock: @escaping @Sendable () -> Date = { Date() }, maximumBodySize: Int = 64 * 1024, allowedHosts: [String] = []
        ) {
            self.host = host
            self.port = port
            self.accessToken = accessToken
            self.calendar = calendar
            self.clock = clock
            self.maximumBodySize = maximumBodySize
            self.allowedHosts = allowedHosts
        }
    }

    /// The store the app shows and changes: an `OCKStore`, a coordinator, or a custom store.
    public let store: any OCKAnyStoreProtocol & OCKObservableStore
    public let application: OCKWebApplication
    public let configuration: Configuration
    let security: WebSecurity
    private let httpServer = _Locked<HTTPServer?>(nil)
    /// The taps applied, by request id (a tap queued offline is sent again until answered).
    let requestLedger = _RequestLedger()
    /// The store's change count and changes, for the live-update feed and the page cache.
    let changeFeed: _ChangeFeed
    /// Rendered pages, until the store changes.
    let pageCache = _PageCache()
    /// The live-update streams open now.
    let liveStreams: HTTPEventStreams
    /// CareKitUI's stylesheet, the app shell's and the app's tint: one file, linked by every
    /// page with its fingerprint (so a new version is fetched at once, and an old one cached).
    let stylesheet: String
    /// The app's icon (SVG in its tint), linked by every page with its fingerprint.
    let favicon: String
    /// The stylesheet's and the icon's fingerprints: their URLs' version and their ETags.
    let stylesheetTag: String, faviconTag: String
    /// The frame of every page, which links them.
    let shell: _WebShell
    /// The calendar feed's secret address, when the app has a feed.
    let calendarSecret: _CalendarSecret?
    /// The language the patient chose for the app, kept in the store: read on the first
    /// request, changed on the settings page.
    let savedLanguage = Mutex<(isLoaded: Bool, language: OCKLanguage?)>((false, nil))
    /// The system of units the patient chose, kept in the store: like ``savedLanguage``.
    let savedMeasurementSystem = Mutex<(isLoaded: Bool, system: OCKUnit.System?)>((false, nil))
    /// The passcode lock: the passcode (read from the store on first use), the unlocked
    /// browsers and the wrong passcodes typed.
    let appLock: _AppLock

    /// Creates a server. Listening beyond this machine without an access token is refused, and
    /// so are a guessable token (see ``validateAccessToken(_:)``), an address that is not one and
    /// an allowed host that is not a name.
    public init(store: any OCKAnyStoreProtocol & OCKObservableStore, application: OCKWebApplication, configuration: Configuration = Configuration()) throws(HTTPSetupError) {
        let host = configuration.host
        guard host == "localhost" || IPAddress(host) != nil else {
            throw HTTPSetupError("'\(host)' is not an IP address to listen on: use 127.0.0.1 (this machine only), 0.0.0.0 (every network of this machine) or one of its addresses.")
        }
        let loopback = HTTPHostPolicy.isLoopback(host: host)
        if let token = configuration.accessToken {
            try WebSecurity.validateToken(token)
        } else if !loopback {
            throw HTTPSetupError("Listening on \(host) exposes health data to the network; pass an access token (--token) so only people who have it can open the app.")
        }
        self.store = store
        self.application = application
        self.configuration = configuration
        self.security = WebSecurity(
            accessToken: configuration.accessToken,
            hosts: try HTTPHostPolicy(listeningOn: host, allowedHosts: configuration.allowedHosts))
        self.changeFeed = _ChangeFeed(store: store)
        self.calendarSecret = configuration.calendarSecretFile.map(_CalendarSecret.init(file:))
        self.liveStreams = HTTPEventStreams(
            limit: configuration.maximumLiveStreams, limitPerClient: configuration.maximumLiveStreamsPerClient, lifetime: configuration.liveStreamLifetime)
        self.appLock = _AppLock(clock: configuration.lockClock)
        var css = OCKStyleSheet.css + "\n" + WebAssets.css
        // The app's tint as drawn: adjusted to AA contrast on every background, in both appearances.
        let tint = application.tintColor.map { OCKStyle().color.accessibleTint($0) }
        if let tint { css += "\nbody.ock-page { --ock-tint: \(tint.cssValue); }" }
        self.stylesheet = css
        let favicon = WebAssets.favicon(tint: application.tintColor?.lightCSSValue ?? "#007aff")  // the brand colour, on the browser's chrome
        self.favicon = favicon
        stylesheetTag = FNV1a.hex(of: css)
        faviconTag = FNV1a.hex(of: favicon)
        var shell = _WebShell(
            application: application,
            stylesheetURL: OCKWebRoute.asset(.stylesheet).path(query: [("v", stylesheetTag)]),
            iconURL: OCKWebRoute.asset(.icon).path(query: [("v", faviconTag)]))
        if configuration.calendarSecretFile != nil { shell.footerLinks.append((loc.key("Add to your calendar"), OCKWebRoute.calendarSettings.path)) }
        shell.footerLinks.append((loc.key("Language"), OCKWebRoute.settings.path))
        if Self.preferences(of: store) != nil { shell.footerLinks.append((loc.key("Passcode"), OCKWebRoute.passcode.path)) }
        shell.footerLinks.append((loc.key("About you"), OCKWebRoute.aboutYou.path))
        if application.report != nil { shell.reportPath = OCKWebRoute.report.path }
        self.shell = shell
    }

    /// Checks that a token is fit to guard health data: at least 16 characters, only letters,
    /// digits and `-._~` (it travels in a link and a cookie), at least 6 different characters.
    /// The error says the rule.
    public static func validateAccessToken(_ token: String) throws(HTTPSetupError) {
        try WebSecurity.validateToken(token)
    }

    /// Starts listening; returns the port.
    @discardableResult
    public func start() throws(HTTPSetupError) -> Int {
        let server = HTTPServer(
            host: configuration.host, port: configuration.port, maximumBodySize: configuration.maximumBodySize,
            limits: configuration.limits, headers: WebSecurity.headers, screen: { [self] request in self.refusal(request) },
            handler: { [self] request in await self.handle(request) })
        try server.start()
        httpServer.set(server)
        return server.port
    }

    /// Whether the server listens on a loopback address, so that only this machine reaches it.
    public var isLocalOnly: Bool { security.isLoopback }

    /// The port listened on (after ``start()``).
    public var port: Int { httpServer.value?.port ?? 0 }

    /// Stops listening after the requests in progress (and their writes) finish.
    public func stop() {
        httpServer.value?.stop()
    }

    // MARK: Handling requests

    /// Answers one request (the HTTP server calls this; tests may call it directly).
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let language = await language(of: request)
        let units = await measurementSystem(of: request)
        var response = await OCKLocalization.$language.withValue(language) { await OCKMeasurementUnits.$chosenSystem.withValue(units) { await route(request) } }
        response.addMissingHeaders(WebSecurity.headers)
        return response.compressed(for: request)
    }

    /// The answer to a request that must go no further (a foreign Host, no access token), or
    /// nil. Quick and synchronous: the HTTP server asks as soon as a request's head arrives,
    /// before it reads a body, renders a page, reads the store or opens a stream.
    /// Its page is in the browser's language (its cookie, else `Accept-Language`): the store,
    /// which keeps the patient's choice, is not read for a request refused.
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        let language =
            request.cookies[Self.languageCookie].flatMap(OCKLanguage.init(tag:))
            ?? request.header("accept-language").flatMap(OCKLanguage.preferred(acceptLanguage:)) ?? .english
        return OCKLocalization.$language.withValue(language) { () -> HTTPResponse? in
            guard security.hosts.allows(request) else {
                return errorPage(
                    421, loc("Wrong host"),
                    loc("This CareKit server only answers requests addressed to this machine (127.0.0.1, localhost, or a name it was told to allow)."))
            }
            // Calendar apps cannot log in: the feed's secret address is its own key (checked by its handler).
            guard security.accessToken == nil || security.tokenInQuery(request) || security.isAuthorized(request) || Self.isCalendarFeed(request) else {
                return errorPage(401, loc("Access token needed"), loc("Open the address that `carekit serve` printed (it ends with ?token=…) to use this app."))
            }
            return nil
        }
    }

    private func route(_ request: HTTPRequest) async -> HTTPResponse {
        if let refusal = refusal(request) { return refusal }
        if security.tokenInQuery(request) {
            var redirect = HTTPResponse.redirect(to: request.pathWithQuery(dropping: ["token"]))
            redirect.headers.append(("Set-Cookie", "\(WebSecurity.authCookie)=\(security.accessToken ?? ""); Path=/; HttpOnly; SameSite=Strict"))
            return redirect
        }
        let (csrf, newCookie) = WebSecurity.csrf.token(for: request)
        let parsed = Result { () throws(HTTPError) in try OCKWebRoute(method: request.method, path: request.path) }
        var response = await behindTheLock(request, route: parsed, csrf: csrf)
        // Calendar apps get no cookie: one that kept it would look like a browser to the lock.
        if let newCookie, (try? parsed.get()).map(Self.lockRule) != .calendarApps { response.headers.append(("Set-Cookie", newCookie)) }
        return response
    }

    /// The answer of the route (`dispatch`), or an error's page.
    func answer(_ route: Result<OCKWebRoute, HTTPError>, _ request: HTTPRequest, csrf: String, gate: _LockGate) async -> HTTPResponse {
        do {
            return try await dispatch(route.get(), request, csrf: csrf, gate: gate)
        } catch {
            let page = WebErrors.page(for: error)
            return errorPage(page.status, page.title, page.message)
        }
    }

    private func dispatch(_ route: OCKWebRoute, _ request: HTTPRequest, csrf: String, gate: _LockGate) async throws -> HTTPResponse {
        switch route {
        case .home:
            // A store with no tasks opens on the welcome page, which leads to the first task.
            if try await storeHasNoTasks() { return .redirect(to: OCKWebRoute.welcome.path, status: 303) }
            return .redirect(to: OCKWebRoute.tab(application.tabs.first?.path ?? "care-card").path, status: 303)
        case .tab(let path):
            guard let tab = application.tabs.first(where: { $0.path == path }) else {
                throw HTTPError(status: 404, message: loc("There is no page at {path}.", ["path": request.path]))
            }
            return try await tabPage(tab, request: request, csrf: csrf)
        case .completeEvent(let id):
            return try await eventAction(request, eventID: id) { form, _, _ in
                switch form["completed"] {
                case "true": return .complete
                case "false": return .markIncomplete
                case nil: return .toggleCompletion
                case let other?: throw HTTPError(status: 400, message: loc("'completed' must be true or false, not '{value}'.", ["value": other]))
                }
            }
        case .logEvent(let id):
            return try await eventAction(request, eventID: id) { form, now, event in try Self.logAction(form, now: now, task: event.task) }
        case .deleteEventValue(let id, let index):
            return try await deleteReading(request, eventID: id, index: index, csrf: csrf)
        case .restoreEventValues(let id):
            return try await restoreValues(request, eventID: id)
        case .correctEventValue(let id, let index):
            return try await correctValue(request, eventID: id, index: index, csrf: csrf)
        case .survey(let id):
            return try await survey(request, eventID: id, csrf: csrf)
        case .task(let id):
            return try await taskDetail(request, taskID: id, csrf: csrf)
        case .newTask:
            return try await newTask(request, csrf: csrf)
        case .editTask(let id):
            return try await editTask(request, taskID: id, csrf: csrf)
        case .stopTask(let id):
            return try await stopTask(request, taskID: id, csrf: csrf)
        case .welcome:
            return try await welcome(csrf: csrf)
        case .contact(let id):
            return try await contactDetail(request, contactID: id)
        case .newContact:
            return try await newContact(request, csrf: csrf)
        case .editContact(let id):
            return try await editContact(request, contactID: id, csrf: csrf)
        case .removeContact(let id):
            return try await removeContact(request, contactID: id, csrf: csrf)
        case .aboutYou:
            return try await aboutYou(request, csrf: csrf)
        case .report:
            return try await report(request)
        case .liveChanges:
            return try await storeChangeEvents(request, session: gate.session)
        case .asset(.stylesheet):
            return Self.immutableAsset(stylesheet, contentType: "text/css; charset=utf-8").withETag(stylesheetTag, for: request)
        case .asset(.icon):
            return Self.immutableAsset(favicon, contentType: "image/svg+xml").withETag(faviconTag, for: request)
        case .asset(.script):
            // Not versioned in its URL: revalidated on every load, answered 304 while unchanged.
            var response = HTTPResponse.text(WebAssets.javaScript, contentType: "text/javascript; charset=utf-8")
            response.setHeader("Cache-Control", "no-cache")
            return response.withETag(Self.scriptTag, for: request)
        case .calendarFeed(let secret):
            return try await calendarFeed(secret: secret)
        case .calendarSettings:
            return try calendarSettings(request, csrf: csrf)
        case .replaceCalendarSecret:
            return try replaceCalendarSecret(request)
        case .settings:
            return try await settings(request, csrf: csrf)
        case .passcode:
            return try await passcodeSettings(request, csrf: csrf, gate: gate)
        case .lock:
            return try await lockPage(request, csrf: csrf, gate: gate)
        case .unlock:
            return try await unlock(request, csrf: csrf, gate: gate)
        case .manifest:
            return _OfflineSupport.manifest(title: application.title, tint: application.tintColor, iconPath: OCKWebRoute.asset(.icon).path)
        case .serviceWorker:
            return _OfflineSupport.serviceWorkerResponse()
        case .health:
            return .text("ok\n")
        case .legacyFavicon:
            return HTTPResponse(status: 204)
        }
    }

    /// The script's ETag (its FNV-1a hash).
    static let scriptTag = FNV1a.hex(of: WebAssets.javaScript)

    /// A file the pages link to with its version in the query: it never changes at that URL.
    static func immutableAsset(_ text: String, contentType: String) -> HTTPResponse {
        var response = HTTPResponse.text(text, contentType: contentType)
        response.setHeader("Cache-Control", "public, max-age=31536000, immutable")
        return response
    }

    // MARK: Pages

    var today: Date { configuration.clock() }
    /// The app's calendar, in the request's language (whose locale may start weeks on another day).
    var calendar: Calendar {
        var calendar = configuration.calendar
        let language = OCKLocalization.language
        if language != .english { calendar.locale = language.locale }
        return calendar
    }
    var formatter: OCKEventFormatter { OCKEventFormatter(calendar: calendar, locale: OCKLocalization.language.locale) }
    /// Where today ends: nothing can be recorded for events from then on.
    var startOfTomorrow: Date? { calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: today)) }

    func pageContext(_ request: HTTPRequest, tab: OCKWebTab, csrf: String, returnPath: String) throws -> OCKWebPageContext {
        let now = today
        var date = calendar.startOfDay(for: now)
        if let text = request.queryValue("date") {
            guard let day = try? OCKDayCodec.date(from: text, calendar: calendar) else {
                throw HTTPError(status: 400, message: loc("'{text}' is not a date; write it as YYYY-MM-DD.", ["text": text]))
            }
            date = day
        }
        let route = OCKWebRoute.tab(tab.path)
        let actions = WebActions(
            csrfToken: csrf, returnPath: returnPath, datePath: route.path, calendar: calendar,
            recordsBefore: startOfTomorrow, now: now)
        var context = OCKWebPageContext(
            store: store, request: request, route: route, date: date, today: now, calendar: calendar, formatter: formatter,
            actions: actions, csrfToken: csrf, returnPath: returnPath, application: application)
        context.cardCache = configuration.cardCache
        return context
    }

    private func tabPage(_ tab: OCKWebTab, request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
        let isFragment = request.header("x-carekit-fragment") != nil
        // A page depends on the store, the day and the URL, and on the browser only through its
        // CSRF token: pages are cached per URL and day until the store changes, rendered with a
        // placeholder token that each response replaces with the browser's own.
        let generation = changeFeed.generation
        // Cards mark what is due now and overdue, so a page is kept for the minute it was made in.
        let minute = Int(today.timeIntervalSinceReferenceDate / 60)
        let key =
            "\(isFragment ? "f" : "p")|\(minute)|\(OCKLocalization.language.tag)|\(OCKMeasurementUnits.displaySystem?.preferenceValue ?? "as-taken")|\(_WebShell.lock?.idleMinutes ?? 0)|"
            + request.pathWithQuery()
        if configuration.cachesPages, let cached = pageCache.page(for: key, generation: generation) {
            return Self.page(.html(cached.joined(separator: csrf)), generation: generation)
        }
        // A page that is kept, or whose cards are, is rendered with the placeholder, which each
        // response replaces with the browser's token: kept cards then serve every browser. A
        // page without either is rendered with the browser's own token.
        let cachesPage = configuration.cachesPages
        let usesPlaceholder = cachesPage || configuration.cardCache != nil
        let token = usesPlaceholder ? pageCache.placeholderToken : csrf
        let context = try pageContext(request, tab: tab, csrf: token, returnPath: request.pathWithQuery())
        let page = try await tab.makePage(context)
        defer { page.stop() }
        var content = mainContent(page, notice: futureDayNotice(context.date))
        if let readings = try await concurrentReadings(on: context.date, returnPath: request.pathWithQuery()) { content.insert(readings, at: min(1, content.count)) }
        var shell = self.shell
        shell.skipLinks = page.skipLinks
        // Lock now's form carries the page's token too: the placeholder in a page kept.
        let lock = _WebShell.lock.map { _WebShell.Lock(idleMinutes: $0.idleMinutes, returnPath: $0.returnPath, csrfToken: token) }
        guard cachesPage else {
            // Written once, straight into the body's bytes.
            var body =
                isFragment
                ? HTMLNode.fragment(content).renderUTF8(.compact, capacity: 64 * 1024)
                : _WebShell.$lock.withValue(lock) { shell.documentUTF8(title: page.title, activeTab: tab.path, main: content, generation: generation) }
            if usesPlaceholder { pageCache.fill(&body, with: csrf) }
            return Self.page(.html(utf8: body), generation: generation)
        }
        let main = HTMLNode.fragment(content).render(.compact)
        let html = isFragment ? main : _WebShell.$lock.withValue(lock) { shell.document(title: page.title, activeTab: tab.path, main: [.unsafeRawHTML(main)], generation: generation) }
        let parts = pageCache.split(html)
        pageCache.store(parts, for: key, generation: generation)
        return Self.page(.html(parts.joined(separator: csrf)), generation: generation)
    }

    func mainContent(_ page: OCKWebPage, notice: String? = nil) -> [HTMLNode] {
        _PageHeading.nodes(title: page.title, subtitle: page.subtitle, notice: notice) + page.content()
    }

    func errorPage(_ status: Int, _ title: String, _ message: String) -> HTTPResponse {
        shell.errorPage(status, title, message)
    }
}
