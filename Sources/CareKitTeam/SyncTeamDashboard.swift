import CareKit
import CareKitHTTP
import CareKitLocalization
import CareKitSecrets
import CareKitStore
import CareKitSyncServer
import CareKitWeb
import Foundation
import Synchronization

/// The care team's dashboard on the sync server (docs/team.md): clinicians sign in, see the
/// patients assigned to them (adherence rings, last sync, alerts) and each patient's day, read
/// from the patient's own revisions with CareKitStore. Every read of a patient's data is
/// appended to the audit trail.
///
/// Its addresses are the rows of ``TeamRoute``'s table (Routes/TeamRoute.swift), answered by
/// ``answer(_:_:)``: sign-in with its limits and second step (SignIn/), the patient list, a
/// patient's day and the app's own pages (Patients/), plan changes (Plan/), the language and
/// the assets. Its pages wear the patient app's shell (Pages/_TeamFrame.swift) and speak the
/// clinician's language (the browser's, or the one chosen on `/team/language`); the audit trail
/// stays in English.
///
/// A patient not assigned to the clinician is answered exactly as one that does not exist.
/// Every POST carries the CSRF token; pages never leave this server's origin.
public final class SyncTeamDashboard: Sendable {
    /// How sessions and alerts behave.
    public struct Policy: Sendable {
        /// A session unused this long ends (30 minutes).
        public var idleTimeout: TimeInterval = 30 * 60
        /// A session ends this long after sign-in, used or not (12 hours).
        public var absoluteTimeout: TimeInterval = 12 * 60 * 60
        /// Failed sign-ins of one account from one address (typos) before the next waits.
        public var failuresBeforeWaiting = 3
        /// Failed sign-ins of one account from all addresses (an attack on the account) before
        /// the next, from anywhere, waits.
        public var accountFailuresBeforeWaiting = 20
        /// Failed sign-ins from one address to any accounts (guessing across accounts) before
        /// the next from there waits.
        public var addressFailuresBeforeWaiting = 20
        /// The first wait; each further failure doubles it, up to `failureWindow`.
        public var firstWait: TimeInterval = 15
        /// How long failures count, and the longest wait.
        public var failureWindow: TimeInterval = 15 * 60
        /// Sign-ins checked at once (as many hash as `ClinicianPassword` has threads, the
        /// others wait their turn); one more is answered 429 with Retry-After.
        public var concurrentSignIns = 8
        /// "No sync for N days" fires from this many days on, unless `?stale=` says otherwise.
        public var staleDays = 3
        /// Argon2id's cost of the decoy hash that unknown addresses are checked against, so they
        /// take as long as known ones (the accounts' own hashes carry their cost).
        public var passwordLimits = ClinicianPassword.Limits.moderate
        /// Every clinician signs in with a second factor: one who has none sets up an
        /// authenticator app before seeing anything (`sync-server serve --require-mfa`).
        public var requireSecondFactor = false
        /// The name authenticator apps show next to the account.
        public var issuer = "CareKit care team"

        public init() {}
    }

    static let sessionCookie = "carekit_team"

    let service: SyncService
    let replicas: _PatientReplicas
    let overviewCache = _OverviewCache()
    /// The app whose pages a patient's Care Card, Symptom Tracker and Insights are shown with.
    let application = OCKWebApplication.standard()
    let calendar: Calendar
    let clock: @Sendable () -> Date
    let policy: Policy
    let secure: Bool
    private let trustedProxies: HTTPTrustedProxies
    private let hostPolicy: HTTPHostPolicy?
    let throttle: _LoginThrottle
    let signInPlaces: _SignInPlaces
    private let log: @Sendable (String) -> Void
    private let csrf: HTTPCSRFProtection
    /// A hash of a random password to check unknown addresses against, made on first need.
    private let decoy = Mutex<String?>(nil)

    /// - Parameters:
    ///   - calendar: where days begin, for rings, alerts and `?date=`.
    ///   - secure: clients reach the server over HTTPS (TLS, or a proxy): cookies are `Secure`.
    ///   - trustedProxies: the proxies whose `X-Forwarded-For` names the client.
    ///   - host: the address the server listens on, for the Host check (unless `hostPolicy`).
    public init(
        service: SyncService, calendar: Calendar, secure: Bool, trustedProxies: HTTPTrustedProxies = .none, host: String = "127.0.0.1",
        hostPolicy: HTTPHostPolicy? = nil,
        policy: Policy = Policy(), clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void = SyncHTTPServer.logToStandardError
    ) {
        self.service = service
        self.replicas = _PatientReplicas(storage: service.storage, clock: clock, capacity: 64)
        self.calendar = calendar
        self.clock = clock
        self.policy = policy
        self.secure = secure
        self.trustedProxies = trustedProxies
        self.hostPolicy = hostPolicy ?? (try? HTTPHostPolicy(listeningOn: host))
        self.throttle = _LoginThrottle(storage: service.storage, policy: policy)
        self.signInPlaces = _SignInPlaces(limit: policy.concurrentSignIns)
        self.csrf = HTTPCSRFProtection(cookieName: "carekit_team_csrf", fieldName: _WebShell.csrfFieldName, scheme: secure ? "https" : "http")
        self.log = log
    }

    /// Adds the dashboard's routes: every row of ``TeamRoute``'s table.
    public func addRoutes(to router: inout HTTPRouter) {
        router.add(TeamRoute.table, unknown: { [self] request in await guarded(request) { noPage(request) } }) { [self] route, request in
            await guarded(request) { try await answer(route, request) }
        }
    }

    /// A path of the dashboard's shape that names nothing (an asset it does not have, a tab the
    /// app does not have): the dashboard's page that says so.
    func noPage(_ request: HTTPRequest) -> HTTPResponse {
        page(request, status: 404) { _ in _TeamPages.message(loc("Not found"), loc("There is no page at {path}.", ["path": request.path])) }
    }

    /// The answer of each route: exhaustive, so a route without a handler does not compile.
    func answer(_ route: TeamRoute, _ request: HTTPRequest) async throws -> HTTPResponse {
        let post = request.method == "POST"
        switch route {
        case .patients: return try await patientList(request)
        case .signIn: return post ? await login(request) : loginPage(request, email: "", message: nil)
        case .secondStep: return post ? try checkCode(request) : try codePage(request, message: nil)
        case .signOut: return try logout(request)
        case .secondFactor: return post ? try enroll(request) : try enrollmentPage(request, message: nil)
        case .language: return try languagePage(request)
        case .asset(let asset): return _TeamFrame.asset(asset, for: request)
        case .patient(let id): return try await patientDay(request, id: id)
        case .patientTab(let id, let tab): return try await patientTab(request, id: id, tab: tab)
        case .acknowledgeAlert(let id): return try await acknowledgeAlert(request, patient: id)
        case .newTask(let id): return try await taskForm(request, patient: id, task: nil)
        case .schedule(let id, let task): return try await taskForm(request, patient: id, task: task)
        case .instructions(let id, let task): return try await changePlan(request, patient: id, task: task, .instructions)
        case .stopTask(let id, let task): return try await changePlan(request, patient: id, task: task, .stop)
        case .note(let id, let task): return try await addNote(request, patient: id, task: task)
        }
    }

    // MARK: Guards

    struct Refusal: Error {
        var response: HTTPResponse
    }

    /// The Host check, storage failures as 503 pages, and the pages' security headers; the
    /// request answered in the clinician's language (``language(of:)``).
    func guarded(_ request: HTTPRequest, _ body: () async throws -> HTTPResponse) async -> HTTPResponse {
        await OCKLocalization.$language.withValue(Self.language(of: request)) {
            var response: HTTPResponse
            if let hostPolicy, !hostPolicy.allows(request) {
                response = .html(_TeamPages.message(loc("Wrong address"), loc("This server does not answer to that name.")), status: 421)
            } else {
                do {
                    response = try await body()
                } catch let refusal as Refusal {
                    response = refusal.response
                } catch {
                    // The details (a socket path, the database's own message) are for whoever runs
                    // the server, in its log; the clinician is told what happened and what to do.
                    log("carekit sync-server: \(request.method) \(request.path) answered 503: \(error)")
                    response = .html(
                        _TeamPages.message(loc("Not available right now"), loc("The server cannot reach its storage. Try again in a minute; nothing was lost.")), status: 503)
                    response.setHeader("Retry-After", "5")
                }
            }
            response.addMissingHeaders(HTTPSecurityHeaders.pages)
            return response
        }
    }

    /// The browser's session at whatever stage of signing in, or nil; an expired session is
    /// removed (one waiting for its second step after ``secondStepTimeout``).
    func anySession(_ request: HTTPRequest) throws -> (session: SyncTeamSession, hash: Data)? {
        guard let token = request.cookies[Self.sessionCookie], DeviceToken.isWellFormed(token) else { return nil }
        let hash = DeviceToken.hash(token)
        guard let session = try service.storage.session(hash: hash) else { return nil }
        let now = clock()
        let limit = session.stage == .signedIn ? policy.absoluteTimeout : min(policy.absoluteTimeout, Self.secondStepTimeout)
        if now.timeIntervalSince(session.lastSeen) > policy.idleTimeout || now.timeIntervalSince(session.created) > limit {
            try service.storage.removeSession(hash: hash)
            return nil
        }
        // A session's last request is written at most every `sessionTouchInterval`: a page of
        // the dashboard was a flushed commit more for a time the idle timeout counts in minutes.
        if now.timeIntervalSince(session.lastSeen) >= Self.sessionTouchInterval { try service.storage.touchSession(hash: hash, at: now) }
        return (session, hash)
    }

    /// How far a session's recorded last request may lag behind its real one: the idle timeout
    /// can end a session up to this much early, never late.
    static let sessionTouchInterval: TimeInterval = 30

    /// The signed-in clinician, or the refusal: GETs go to the sign-in page (or to the second
    /// step a session still needs), POSTs are refused.
    func signedIn(_ request: HTTPRequest) throws -> (session: SyncTeamSession, hash: Data) {
        let found = try anySession(request)
        if let found, found.session.stage == .signedIn { return found }
        if request.method == "GET" || request.method == "HEAD" { throw Refusal(response: .redirect(to: found.map { Self.page(of: $0.session.stage) } ?? TeamRoute.signIn.path)) }
        throw Refusal(response: .html(_TeamPages.message(loc("Signed out"), loc("Your session has ended. Sign in again."), link: (loc("Sign in"), TeamRoute.signIn.path)), status: 403))
    }

    /// The form, or a 403 when it lacks this browser's CSRF token; a body that is no form (JSON,
    /// multipart, not UTF-8) is refused in words (415, 400).
    func verifiedForm(_ request: HTTPRequest) throws -> HTTPForm {
        let form: HTTPForm
        do { form = try request.form() } catch {
            let title = error.status == 415 ? loc("Not a form") : loc("The form could not be read")
            let reason =
                error.status == 415
                ? loc("Forms must be sent as application/x-www-form-urlencoded, not {type}.", ["type": request.contentType ?? ""]) : loc("The form is not valid UTF-8 text.")
            throw Refusal(response: .html(_TeamPages.message(title, reason), status: error.status))
        }
        guard csrf.verify(request, form: form) else {
            throw Refusal(response: .html(_TeamPages.message(loc("The form has expired"), loc("Go back, reload the page and try again.")), status: 403))
        }
        return form
    }

    /// The client's address: the connection's, or what trusted proxies say it is.
    func address(_ request: HTTPRequest) -> String {
        trustedProxies.clientAddress(of: request)
    }

    /// A page made with this browser's CSRF token, setting its cookie when the browser has none.
    func page(_ request: HTTPRequest, status: Int = 200, _ html: (_ csrf: String) -> String) -> HTTPResponse {
        let (token, setCookie) = csrf.token(for: request)
        var response = HTTPResponse.html(html(token), status: status)
        if let setCookie { response.headers.append(("Set-Cookie", secure ? setCookie + "; Secure" : setCookie)) }
        return response
    }

    func audit(_ clinician: SyncClinician, _ patient: SyncPatient, _ action: String, _ request: HTTPRequest) throws {
        try service.storage.appendAudit(
            SyncAuditEntry(
                date: clock(), clinician: clinician.id, clinicianEmail: clinician.email, patient: patient.id,
                action: action, address: address(request)))
    }

    // MARK: Signing in and out

    func loginPage(_ request: HTTPRequest, email: String, message: String?, status: Int = 200) -> HTTPResponse {
        page(request, status: status) { _TeamPages.login(csrf: $0, email: email, message: message) }
    }

    func login(_ request: HTTPRequest) async -> HTTPResponse {
        let form: HTTPForm
        do { form = try verifiedForm(request) } catch let refusal as Refusal { return refusal.response } catch {
            return loginPage(request, email: "", message: loc("The form could not be read."), status: 400)
        }
        let typed = form["email"] ?? ""
        // What is not an e-mail address is counted under at most an address's length of it, so
        // a pasted megabyte is not stored with every attempt.
        let email = SyncService.normalizedEmail(typed) ?? String(typed.lowercased().prefix(320))
        let from = address(request)
        let keys = _LoginThrottle.Keys(email: email, address: from)
        let now = clock()
        func unavailable(_ error: any Error) -> HTTPResponse {
            log("carekit sync-server: POST \(request.path) answered 503: \(error)")
            return loginPage(request, email: typed, message: loc("The server cannot reach its storage; try again in a minute."), status: 503)
        }
        guard signInPlaces.enter() else {
            var busy = loginPage(request, email: typed, message: loc("Many sign-ins are being checked right now. Try again in a few seconds."), status: 429)
            busy.setHeader("Retry-After", "2")
            return busy
        }
        defer { signInPlaces.leave() }
        guard let attempt = DeviceToken.generate() else {
            return loginPage(request, email: typed, message: loc("The system's random source could not be used; try again."), status: 503)
        }
        let clinician: SyncClinician?
        do {
            clinician = try service.storage.clinician(email: email)
            if let wait = try throttle.begin(attempt, keys, now: now) {
                try auditSignIn(clinician, typed: typed, "sign-in refused without checking the password: too many failed sign-ins, waits \(inEnglish { _LoginThrottle.words(wait) })", from)
                var waiting = loginPage(
                    request, email: typed,
                    message: loc("Too many failed sign-ins for this account or from this address. Wait {wait} and try again.", ["wait": _LoginThrottle.words(wait)]), status: 429)
                waiting.setHeader("Retry-After", String(Int(wait.rounded(.up))))
                return waiting
            }
        } catch { return unavailable(error) }
        let password = form["password"] ?? ""
        let hash: String
        if let clinician { hash = clinician.passwordHash } else { hash = await decoyHash() }
        let matches = await ClinicianPassword.verify(password, hash: hash)
        guard let clinician, matches else {
            do { try auditSignIn(clinician, typed: typed, "failed sign-in (wrong password or unknown account)", from) } catch { return unavailable(error) }
            return loginPage(request, email: typed, message: loc("That e-mail address and password do not match an account here."), status: 401)
        }
        guard clinician.status == .active else {
            do {
                try throttle.succeed(attempt, keys)
                try auditSignIn(clinician, typed: typed, "sign-in refused: the account is \(clinician.status.rawValue)", from)
            } catch { return unavailable(error) }
            return loginPage(request, email: typed, message: loc("This account is disabled. Ask the clinic's administrator."), status: 403)
        }
        guard let token = DeviceToken.generate() else {
            return loginPage(request, email: typed, message: loc("The system's random source could not be used; try again."), status: 503)
        }
        let stage: SyncSessionStage
        do {
            try throttle.succeed(attempt, keys)
            stage = try stageAfterPassword(clinician)
            try service.storage.addSession(hash: DeviceToken.hash(token), clinician: clinician.id, at: now, stage: stage)
            let words: [SyncSessionStage: String] = [
                .signedIn: "signed in", .needsCode: "password accepted; the authenticator code is asked next",
                .needsEnrollment: "password accepted; two-step sign-in must be set up first"
            ]
            try auditSignIn(clinician, typed: typed, words[stage] ?? stage.rawValue, from)
        } catch { return unavailable(error) }
        var response = HTTPResponse.redirect(to: Self.page(of: stage))
        response.headers.append(("Set-Cookie", sessionCookie(token)))
        return response
    }

    /// The session cookie's header value: the dashboard's paths only, never to scripts or
    /// other sites.
    func sessionCookie(_ token: String) -> String {
        "\(Self.sessionCookie)=\(token); Path=\(TeamRoute.patients.path); HttpOnly; SameSite=Strict\(secure ? "; Secure" : "")"
    }

    /// A line of the audit trail about a sign-in: the account when there is one, else what was
    /// typed when it looks like an e-mail address (never anything else: it may be a password).
    func auditSignIn(_ clinician: SyncClinician?, typed: String, _ action: String, _ address: String) throws {
        let actor = clinician?.email ?? SyncService.normalizedEmail(typed).map { "unknown account " + $0 } ?? "unknown account"
        try service.storage.appendAudit(
            SyncAuditEntry(date: clock(), clinician: clinician?.id, clinicianEmail: actor, patient: nil, action: action, address: address))
    }

    /// The decoy hash: the same work as a real account's, for an address that has none.
    private func decoyHash() async -> String {
        if let made = decoy.withLock({ $0 }) { return made }
        let made = await ClinicianPassword.hash(HTTPAccessToken.random(), limits: policy.passwordLimits) ?? ""
        decoy.withLock { if $0 == nil { $0 = made } }
        return made
    }

    func logout(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try verifiedForm(request)
        if let (session, hash) = try anySession(request) {
            try service.storage.removeSession(hash: hash)
            try auditSignIn(session.clinician, typed: "", "signed out", address(request))
        }
        var response = HTTPResponse.redirect(to: TeamRoute.signIn.path)
        response.headers.append(("Set-Cookie", "\(Self.sessionCookie)=; Path=\(TeamRoute.patients.path); HttpOnly; SameSite=Strict; Max-Age=0\(secure ? "; Secure" : "")"))
        return response
    }

    // MARK: Pages

    /// The same answer for a patient that does not exist and one not assigned to this clinician.
    func notFound(_ request: HTTPRequest) -> HTTPResponse {
        page(request, status: 404) { _ in _TeamPages.message(loc("Not found"), loc("There is no such patient among yours."), link: (loc("Your patients"), TeamRoute.patients.path)) }
    }

    /// The patient with this id if it is assigned to the clinician; nil otherwise, whether it
    /// exists or not.
    func assignedPatient(_ id: String, of clinician: SyncClinician) throws -> SyncPatient? {
        guard let number = Int64(id) else { return nil }
        return try service.storage.assignedPatients(of: clinician.id).first { $0.id == number }
    }

    func patientDay(_ request: HTTPRequest, id: String) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        let day = try requestedDay(request, patient: patient)
        let end = calendar.date(byAdding: .day, value: 1, to: day) ?? day
        let store = try await replicas.store(of: patient.id)
        let interval = DateInterval(start: day, end: max(day, end))
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: interval))
        // Every reading of each event: those other devices recorded for it are listed beside it.
        let others = Dictionary(grouping: try await OCKConcurrentReadings.events(besides: events, store: store, interval: interval), by: \.id)
        try audit(clinician, patient, "viewed the day \(OCKDayCodec.string(from: day, calendar: calendar))", request)
        let trail = try service.storage.auditTrail(patient: patient.id, limit: 50)
        let tasks = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: DateInterval(start: day, end: max(day, end))))
        var seen = Set<String>()
        let current = tasks.filter { seen.insert($0.id).inserted }
        // The notes sent about each, from its newest version (which holds them all).
        var notes: [String: [OCKNote]] = [:]
        for task in current { notes[task.id] = try await store.latestTaskVersion(id: task.id).notes }
        let notice = request.queryValue("changed").flatMap(Self.notice)
        // The patient's alerts of the moment, as the list shows them, to acknowledge here too.
        var alerts: [_TeamAlert] = []
        if let state = try service.storage.assignedPatientStates(of: clinician.id).first(where: { $0.patient.id == patient.id }) {
            let acknowledged = try service.storage.acknowledgedAlerts(of: clinician.id)[patient.id] ?? []
            alerts = try await overview(state, now: clock(), staleDays: policy.staleDays, acknowledged: acknowledged).alerts
        }
        return page(request) {
            _TeamPages.patientDay(
                patient: patient, day: day, events: events, others: others, alerts: alerts, tasks: current, notes: notes, notice: notice, audit: trail,
                links: patientLinks(patient, day: day, current: "day"), clinician: clinician, csrf: $0, calendar: calendar)
        }
    }

    /// The day of `?date=` (YYYY-MM-DD), else today; a 400 page for one the calendar lacks.
    func requestedDay(_ request: HTTPRequest, patient: SyncPatient) throws -> Date {
        guard let text = request.queryValue("date") else { return calendar.startOfDay(for: clock()) }
        guard let day = try? OCKDayCodec.date(from: text, calendar: calendar) else {
            throw Refusal(
                response: page(request, status: 400) { _ in
                    _TeamPages.message(
                        loc("Not a day"), loc("The date must be written YYYY-MM-DD, a day the calendar has."), link: (loc("Today"), TeamRoute.patient(String(patient.id)).path))
                })
        }
        return day
    }
}
