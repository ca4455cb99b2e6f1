import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Synchronization

@testable import CareKitSyncServer
@testable import CareKitTeam

/// A browser of the dashboard without a socket: it keeps cookies, sends the CSRF field of its
/// cookie, and does not follow redirects.
struct TeamClient {
    let router: HTTPRouter
    var cookies: [String: String] = [:]
    var address = "192.0.2.10"
    var host = "127.0.0.1:8443"
    /// Headers sent with every request (`accept-language`).
    var headers: [String: String] = [:]

    init(_ router: HTTPRouter, address: String = "192.0.2.10") {
        self.router = router
        self.address = address
    }

    private mutating func exchange(_ method: String, _ target: String, form: [(String, String)]?, headers: [String: String]) async -> HTTPResponse {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let query = parts.count > 1 ? ((try? URLEncoding.decodePairs(parts[1])) ?? []) : []
        var allHeaders = ["host": host].merging(self.headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
        var body = Data()
        if let form {
            allHeaders["content-type"] = "application/x-www-form-urlencoded"
            body = Data(URLEncoding.query(form).utf8)
        }
        for (name, value) in headers { allHeaders[name.lowercased()] = value }
        let request = HTTPRequest(method: method, path: parts[0], query: query, headers: allHeaders, cookies: cookies, body: body, clientAddress: address)
        let response = await router.handle(request)
        for (name, value) in response.headers where name.lowercased() == "set-cookie" {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2 else { continue }
            if value.contains("Max-Age=0") || pair[1].isEmpty { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] }
        }
        return response
    }

    mutating func get(_ target: String) async -> HTTPResponse { await send("GET", target) }

    /// The CSRF field of the last page that had one.
    var formToken: String?

    mutating func send(_ method: String, _ target: String, form: [(String, String)]? = nil, headers: [String: String] = [:]) async -> HTTPResponse {
        let response = await exchange(method, target, form: form, headers: headers)
        if let html = response.bodyText, let start = html.range(of: #"name="csrf" value=""#),
            let end = html[start.upperBound...].firstIndex(of: "\"")
        {
            formToken = String(html[start.upperBound..<end])
        }
        return response
    }

    /// A POST with the CSRF field of the page the browser last saw (unless `csrf` is false),
    /// as a form of that page sends it.
    mutating func post(_ path: String, _ fields: [(String, String)] = [], csrf: Bool = true) async -> HTTPResponse {
        if formToken == nil { _ = await get("/team/login") }
        let token = csrf ? [("csrf", formToken ?? "")] : []
        return await send("POST", path, form: token + fields)
    }

    /// Signs in; the response of the POST.
    @discardableResult
    mutating func signIn(_ email: String, _ password: String) async -> HTTPResponse {
        await post("/team/login", [("email", email), ("password", password)])
    }
}

/// Two clinicians and two patients: Grace sees Ada, Alan sees Bob <the second>. Ada's phone
/// pushed a daily pill task at 8:00 (done January 1 to 5) and a temperature at 9:00 with a
/// target range of 95–100.3 °F (101.2 °F on January 3), on January 6 at 20:00; Bob's pushed a
/// walk on January 2. "Now" is January 7, 2025, 12:00 in New York.
struct TeamFixture {
    typealias T = SyncFixtures
    static let gracePassword = "grace's long password"
    static let alanPassword = "alan's long password!"

    let service: SyncService
    let clock: SyncTestClock
    let router: HTTPRouter
    let dashboard: SyncTeamDashboard
    let ada: SyncPatient
    let bob: SyncPatient
    let adaToken: String
    let bobToken: String

    static func make(secure: Bool = false, policy: SyncTeamDashboard.Policy? = nil) async throws -> TeamFixture {
        let clock = SyncTestClock(T.date(2, 10))
        let service = SyncService(storage: try T.makeStorage(), clock: clock.function)
        let (ada, adaToken) = try service.addPatient(name: "Ada")
        let (bob, bobToken) = try service.addPatient(name: "Bob <the second>")
        _ = try await service.addClinician(email: "grace@clinic.example", password: gracePassword, limits: .minimum)
        _ = try await service.addClinician(email: "alan@clinic.example", password: alanPassword, limits: .minimum)
        try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: ada.name)
        try service.assign(clinicianEmail: "alan@clinic.example", patientNamed: bob.name)
        let server = InProcessServer(service: service)

        let bobPhone = T.device(server, token: bobToken, now: T.date(2, 10))
        try await bobPhone.addTask(T.dailyTask("walk"))
        try await bobPhone.synchronize()

        clock.set(T.date(6, 20))
        let phone = T.device(server, token: adaToken, now: T.date(6, 20))
        let pills = try await phone.addTask(T.dailyTask("pills"))
        for day in 0..<5 { try await phone.addOutcome(T.outcome(pills, day)) }
        var temperature = OCKTask(
            id: "temperature", title: "Temperature", carePlanUUID: nil,
            schedule: .dailyAtTime(
                hour: 9, minutes: 0, start: T.date(1, 0), end: nil, text: nil,
                targetValues: [OCKOutcomeValue(95.0, units: "°F"), OCKOutcomeValue(100.3, units: "°F")], calendar: T.calendar))
        temperature.timezone = T.calendar.timeZone
        temperature.impactsAdherence = false
        temperature = try await phone.addTask(temperature)
        var fever = OCKOutcome(taskUUID: temperature.uuid, taskOccurrenceIndex: 2, values: [OCKOutcomeValue(101.2, units: "°F")])
        fever.effectiveDate = T.date(1, 0)
        try await phone.addOutcome(fever)
        try await phone.synchronize()

        clock.set(T.date(7, 12))
        var router = HTTPRouter()
        var chosen = policy ?? SyncTeamDashboard.Policy()
        chosen.passwordLimits = .minimum
        let dashboard = SyncTeamDashboard(service: service, calendar: T.calendar, secure: secure, policy: chosen, clock: clock.function, log: { _ in })
        dashboard.addRoutes(to: &router)
        return TeamFixture(service: service, clock: clock, router: router, dashboard: dashboard, ada: ada, bob: bob, adaToken: adaToken, bobToken: bobToken)
    }

    func client(address: String = "192.0.2.10") -> TeamClient { TeamClient(router, address: address) }

    /// A browser in which Grace (Ada's clinician) has signed in.
    func grace(address: String = "192.0.2.10") async -> TeamClient {
        var browser = client(address: address)
        await browser.signIn("grace@clinic.example", Self.gracePassword)
        return browser
    }
}
