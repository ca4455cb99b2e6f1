import CareKitHTTP
import CareKitSecrets
import CareKitStore
import Foundation

/// What the passcode lock decided for a request: whether the app has a passcode, the unlocked
/// session of the browser (if it is unlocked), and whether the request is refused.
struct _LockGate: Sendable {
    var passcode: _AppLock.Passcode?
    var session: [UInt8]?
    var isLocked = false
}

/// The passcode lock: which requests a locked browser may make, the lock page, Lock now and
/// unlocking. The passcode itself is set on ``OCKWebRoute/passcode``.
extension CareKitWebServer {
    /// A header on every response while the app has a passcode: `locked` on the lock's
    /// refusals, `on` otherwise. The script leaves for the lock page on `locked`; the service
    /// worker keeps no page (and drops those it kept) while it is there.
    static let lockHeader = "X-CareKit-Lock"

    /// How the lock treats a route. Exhaustive, so that a new route is placed on purpose.
    enum _LockRule {
        /// Nothing about the patient and no change: served to anyone, the store not read.
        case free
        /// The lock's own pages (unlock, Lock now): served locked or not.
        case lockPage
        /// The calendar feed: calendar apps cannot type a passcode, so its secret address is
        /// their key; a browser asking for it is locked like any page.
        case calendarApps
        /// Care data or a change: only for an unlocked browser.
        case locked
    }

    static func lockRule(_ route: OCKWebRoute) -> _LockRule {
        switch route {
        case .asset, .manifest, .serviceWorker, .health, .legacyFavicon: return .free
        case .lock, .unlock: return .lockPage
        case .calendarFeed: return .calendarApps
        case .home, .tab, .completeEvent, .logEvent, .deleteEventValue, .restoreEventValues, .correctEventValue, .survey, .task, .newTask, .editTask, .stopTask, .welcome,
            .contact, .newContact, .editContact, .removeContact, .aboutYou, .report, .liveChanges, .calendarSettings, .replaceCalendarSecret, .settings, .passcode:
            return .locked
        }
    }

    /// Whether a request is the patient's doing, which restarts the minutes without use. Live
    /// updates, the script's refreshes (`X-CareKit-Fragment` on a GET), the calendar feed and
    /// the lock page (a page leaving after its minutes) are not.
    static func isUse(_ request: HTTPRequest, route: OCKWebRoute?) -> Bool {
        switch route {
        case .liveChanges?, .calendarFeed?, .lock?: return false
        default: return !(isRead(request) && request.header("x-carekit-fragment") != nil)
        }
    }

    /// Whether a request is a browser's, not a calendar app's: browsers say what they fetch
    /// (`Sec-Fetch-*`) or carry the app's cookies.
    static func isBrowser(_ request: HTTPRequest) -> Bool {
        request.header("sec-fetch-mode") != nil || request.header("sec-fetch-dest") != nil || request.cookies[WebSecurity.csrfCookie] != nil
            || request.cookies[_AppLock.cookie] != nil
    }

    static func isRead(_ request: HTTPRequest) -> Bool { request.method == "GET" || request.method == "HEAD" }

    /// The app's passcode, read from the store's settings once (a store that keeps no settings
    /// has none).
    func currentPasscode() async throws -> _AppLock.Passcode? {
        try await appLock.passcode { [preferences] in
            guard let preferences, let hash = try await preferences.preference(forKey: OCKPreferenceKey.passcodeHash) else { return nil }
            let minutes = try await preferences.preference(forKey: OCKPreferenceKey.lockMinutes).flatMap { Int($0) }
            let idle = minutes.flatMap { (1..._AppLock.Passcode.longestIdle).contains($0) ? $0 : nil } ?? _AppLock.Passcode.defaultMinutes
            return _AppLock.Passcode(hash: hash, idleMinutes: idle)
        }
    }

    /// The lock's decision for a request (`route` nil: a path the app does not have).
    func lockGate(_ request: HTTPRequest, route: OCKWebRoute?) async throws -> _LockGate {
        let rule = route.map(Self.lockRule) ?? .locked
        if rule == .free { return _LockGate() }
        guard let passcode = try await currentPasscode() else { return _LockGate() }
        let session = appLock.session(cookie: request.cookies[_AppLock.cookie], use: Self.isUse(request, route: route))
        let open = rule == .lockPage || (rule == .calendarApps && !Self.isBrowser(request))
        return _LockGate(passcode: passcode, session: session, isLocked: session == nil && !open)
    }

    /// The answer to a request past the Host and token checks: the lock's refusal for a locked
    /// browser, else the route's answer (an unlocked browser's pages carrying Lock now and
    /// leaving after the minutes); with a passcode, marked with ``lockHeader``.
    func behindTheLock(_ request: HTTPRequest, route parsed: Result<OCKWebRoute, HTTPError>, csrf: String) async -> HTTPResponse {
        let route = try? parsed.get()
        let gate: _LockGate
        do {
            gate = try await lockGate(request, route: route)
        } catch {
            // The passcode could not be read: nothing is shown (the store's error says why).
            let page = WebErrors.page(for: error)
            return errorPage(page.status, page.title, page.message)
        }
        var response: HTTPResponse
        if gate.isLocked {
            response = lockedResponse(request, route: route, csrf: csrf)
        } else {
            let lock = gate.passcode.flatMap { passcode in
                gate.session.map { _ in _WebShell.Lock(idleMinutes: passcode.idleMinutes, returnPath: request.pathWithQuery(), csrfToken: csrf) }
            }
            response = await _WebShell.$lock.withValue(lock) { await answer(parsed, request, csrf: csrf, gate: gate) }
        }
        if gate.passcode != nil, response.header(Self.lockHeader) == nil { response.setHeader(Self.lockHeader, "on") }
        return response
    }

    /// What a locked browser gets: the unlock form (200 for a GET, 403 for a change, which is
    /// not made), or a bare 403 for a live stream. Nothing of it may be kept: no cache, and
    /// the browser's caches of this app cleared.
    func lockedResponse(_ request: HTTPRequest, route: OCKWebRoute?, csrf: String, problem: String? = nil, status: Int? = nil, returnPath: String? = nil) -> HTTPResponse {
        var response: HTTPResponse
        if route == .liveChanges {
            response = .text(loc("The app is locked.") + "\n", status: 403)
        } else {
            let read = Self.isRead(request)
            let sent: String? = read ? request.pathWithQuery() : (try? request.form())?["return"]
            let back = Self.unlockReturnPath(returnPath ?? sent)
            let problem = problem ?? (read ? nil : loc("The app is locked, so nothing was changed. Type the passcode, then try again."))
            let page = _LockPage(kind: .locked(problem: problem), returnPath: back, csrfToken: csrf)
            response = .html(shell.lockDocument(title: page.title, main: page.main), status: status ?? (read ? 200 : 403))
            response.setHeader("Clear-Site-Data", "\"cache\"")
        }
        response.setHeader(Self.lockHeader, "locked")
        if request.cookies[_AppLock.cookie] != nil { response.headers.append(("Set-Cookie", Self.unlockCookie(nil))) }
        return response
    }

    /// Where to go once unlocked: a path of the app, never the lock's own pages.
    static func unlockReturnPath(_ candidate: String?) -> String {
        let path = HTTPReturnPath.safe(candidate, fallback: OCKWebRoute.home.path)
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        return bare == OCKWebRoute.lock.path || bare == OCKWebRoute.unlock.path ? OCKWebRoute.home.path : path
    }

    /// The `Set-Cookie` value of an unlocked browser's cookie (nil: the cookie removed).
    static func unlockCookie(_ token: String?) -> String {
        "\(_AppLock.cookie)=\(token ?? ""); Path=/; HttpOnly; SameSite=Strict" + (token == nil ? "; Max-Age=0" : "")
    }

    /// GET /lock: the unlock form for a locked browser; for an unlocked one whose page hid
    /// itself after its minutes, a way back. POST /lock: Lock now, then the unlock form.
    func lockPage(_ request: HTTPRequest, csrf: String, gate: _LockGate) async throws -> HTTPResponse {
        if request.method == "POST" {
            let form = try checkedForm(request)
            let back = Self.unlockReturnPath(form["return"])
            guard gate.passcode != nil else { return .redirect(to: back, status: 303) }
            if let session = gate.session { appLock.lock(session) }
            var response = HTTPResponse.redirect(to: OCKWebRoute.lock.path(query: [("return", back)]), status: 303)
            response.headers.append(("Set-Cookie", Self.unlockCookie(nil)))
            response.setHeader("Clear-Site-Data", "\"cache\"")
            return response
        }
        let back = Self.unlockReturnPath(request.queryValue("return"))
        guard let passcode = gate.passcode else { return .redirect(to: back, status: 303) }
        guard gate.session != nil else { return lockedResponse(request, route: .lock, csrf: csrf, returnPath: back) }
        let page = _LockPage(kind: .hidden(minutes: passcode.idleMinutes), returnPath: back, csrfToken: csrf)
        return .html(shell.lockDocument(title: page.title, main: page.main))
    }

    /// POST /unlock: the passcode opens this browser (a new cookie), then back to `return`. A
    /// wrong one is counted before it is checked; after ``_AppLock/freeAttempts`` the app waits
    /// (429, `Retry-After`). The passcode typed is never logged, kept or shown.
    func unlock(_ request: HTTPRequest, csrf: String, gate: _LockGate) async throws -> HTTPResponse {
        guard let form = try? checkedForm(request) else {
            return lockedResponse(
                request, route: .unlock, csrf: csrf, problem: loc("This form expired or came from another site, so nothing was changed. Reload the page and try again."), status: 403)
        }
        let back = Self.unlockReturnPath(form["return"])
        guard let passcode = gate.passcode else { return .redirect(to: back, status: 303) }
        if let refusal = await checkPasscode(form["passcode"], against: passcode) {
            return refusal.response(lockedResponse(request, route: .unlock, csrf: csrf, problem: refusal.problem(wrong: loc("That is not the passcode.")), returnPath: back))
        }
        if let session = gate.session { appLock.lock(session) }
        var response = HTTPResponse.redirect(to: back, status: 303)
        response.headers.append(("Set-Cookie", Self.unlockCookie(appLock.unlock())))
        return response
    }

    /// Why a passcode typed (to unlock, or to change or remove the passcode) is refused, or nil
    /// when it is the passcode.
    func checkPasscode(_ typed: String?, against passcode: _AppLock.Passcode) async -> _PasscodeRefusal? {
        if let wait = appLock.attempt() {
            return .tooMany(seconds: max(1, Int((Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18).rounded(.up))))
        }
        guard await Argon2id.verify(typed ?? "", hash: passcode.hash) else { return .wrong }
        appLock.accepted()
        return nil
    }
}

/// Why a passcode typed was refused: it is not the passcode (403), or too many wrong ones were
/// typed (429, with the seconds to wait for `Retry-After`).
enum _PasscodeRefusal: Equatable {
    case wrong
    case tooMany(seconds: Int)

    var status: Int { self == .wrong ? 403 : 429 }

    var retryAfter: Int? {
        guard case .tooMany(let seconds) = self else { return nil }
        return seconds
    }

    /// What to say next to the field; `wrong`: the words for a wrong passcode there.
    func problem(wrong: String) -> String {
        switch self {
        case .wrong: return wrong
        case .tooMany(let seconds) where seconds < 120: return loc("Too many wrong passcodes. Try again in {count} seconds.", count: seconds)
        case .tooMany(let seconds): return loc("Too many wrong passcodes. Try again in {count} minutes.", count: (seconds + 59) / 60)
        }
    }

    /// Its response: `page` with the status and `Retry-After`.
    func response(_ page: HTTPResponse) -> HTTPResponse {
        var response = page
        response.status = status
        if let retryAfter { response.setHeader("Retry-After", String(retryAfter)) }
        return response
    }
}
