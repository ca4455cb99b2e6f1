import CSQLite
import CareKitHTTP
import CareKitSQLite
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// The dashboard's sign-in, sessions, CSRF and pages, through its routes (no socket), on both
/// storages.
@Suite("Care team dashboard")
struct TeamDashboardTests {
    typealias F = TeamFixture

    static func cookie(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix(name + "=") }?.value
    }

    @Test("Signing in: a form that needs its CSRF token, a session cookie that is HttpOnly and SameSite=Strict, signing out ends it")
    func signInAndOut() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        let first = await browser.get("/team")
        #expect(first.status == 303 && first.header("Location") == "/team/login")
        let form = await browser.get("/team/login")
        #expect(form.status == 200 && form.bodyText?.contains(#"name="csrf""#) == true && form.bodyText?.contains("<script") == false)
        #expect(form.header("Content-Security-Policy")?.contains("form-action 'self'") == true)
        #expect(Self.cookie(form, "carekit_team_csrf")?.contains("SameSite=Strict") == true)

        let forged = await browser.post("/team/login", [("email", "grace@clinic.example"), ("password", F.gracePassword)], csrf: false)
        #expect(forged.status == 403 && browser.cookies["carekit_team"] == nil)
        let wrong = await browser.signIn("grace@clinic.example", "not grace's password")
        #expect(wrong.status == 401 && wrong.bodyText?.contains("do not match an account") == true)
        let unknown = await browser.signIn("nobody@clinic.example", F.gracePassword)
        #expect(unknown.status == 401 && unknown.bodyText == wrong.bodyText?.replacingOccurrences(of: "grace@clinic.example", with: "nobody@clinic.example"))

        let signedIn = await browser.signIn("Grace@Clinic.example", F.gracePassword)
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/team")
        let session = try #require(Self.cookie(signedIn, "carekit_team"))
        #expect(session.contains("HttpOnly") && session.contains("SameSite=Strict") && session.contains("Path=/team") && !session.contains("Secure"))
        let token = try #require(browser.cookies["carekit_team"])
        #expect(DeviceToken.isWellFormed(token), "256 random bits")
        #expect(try fixture.service.storage.session(hash: DeviceToken.hash(token)) != nil, "only its hash is kept")

        let list = await browser.get("/team")
        #expect(list.status == 200 && list.bodyText?.contains("Ada") == true && list.bodyText?.contains("grace@clinic.example") == true)

        let forgedOut = await browser.post("/team/logout", csrf: false)
        #expect(forgedOut.status == 403)
        #expect(await browser.get("/team").status == 200, "a forged sign-out does nothing")
        let out = await browser.post("/team/logout")
        #expect(out.status == 303 && out.header("Location") == "/team/login" && browser.cookies["carekit_team"] == nil)
        #expect(try fixture.service.storage.session(hash: DeviceToken.hash(token)) == nil)
        browser.cookies["carekit_team"] = token
        #expect(await browser.get("/team").status == 303, "the old cookie no longer works")
    }

    @Test("Behind TLS or a proxy the cookies are Secure")
    func secureCookies() async throws {
        let fixture = try await F.make(secure: true)
        var browser = fixture.client()
        let form = await browser.get("/team/login")
        #expect(Self.cookie(form, "carekit_team_csrf")?.contains("; Secure") == true)
        let signedIn = await browser.signIn("grace@clinic.example", F.gracePassword)
        #expect(Self.cookie(signedIn, "carekit_team")?.contains("; Secure") == true)
        // Its origin is https://host: the same host over http, or a null origin, is another sender.
        for (origin, status) in [("http://127.0.0.1:8443", 403), ("null", 403), ("https://127.0.0.1:8443", 303)] {
            let out = await browser.send("POST", "/team/logout", form: [("csrf", browser.formToken ?? "")], headers: ["Origin": origin])
            #expect(out.status == status, "\(origin)")
        }
    }

    @Test("Three failures of one account from one address make the next wait 15 s, then 30 s, said in words; then it may try again")
    func rateLimiting() async throws {
        let fixture = try await F.make()
        var typist = fixture.client(address: "198.51.100.1")
        for _ in 0..<3 { #expect(await typist.signIn("grace@clinic.example", "guess guess guess").status == 401) }
        let waiting = await typist.signIn("grace@clinic.example", F.gracePassword)
        #expect(waiting.status == 429 && waiting.bodyText?.contains("Wait 15 seconds and try again") == true, "\(waiting.bodyText ?? "")")
        #expect(waiting.header("Retry-After") == "15")
        // Only this pair waits: the account from elsewhere, and another account from here, do not.
        var grace = fixture.client(address: "192.0.2.20")
        #expect(await grace.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(await typist.signIn("alan@clinic.example", F.alanPassword).status == 303)

        fixture.clock.advance(16)
        #expect(await typist.signIn("grace@clinic.example", "guess guess guess").status == 401)
        let longer = await typist.signIn("grace@clinic.example", F.gracePassword)
        #expect(longer.status == 429 && longer.bodyText?.contains("Wait 30 seconds") == true, "the wait doubles")
        fixture.clock.advance(31)
        #expect(await typist.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(try fixture.service.storage.loginFailures(keys: ["pair:grace@clinic.example 198.51.100.1"], since: .distantPast).isEmpty, "the right password forgets the pair's typos")
        #expect(
            try fixture.service.storage.loginFailures(keys: ["account:grace@clinic.example"], since: .distantPast)["account:grace@clinic.example"]?.count == 4,
            "but not the account's: knowing the password clears nothing for others")
    }

    @Test("Sessions end after 30 idle minutes, and 12 hours after sign-in however busy")
    func sessionsExpire() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        await browser.signIn("grace@clinic.example", F.gracePassword)
        fixture.clock.advance(29 * 60)
        #expect(await browser.get("/team").status == 200)
        fixture.clock.advance(31 * 60)
        #expect(await browser.get("/team").status == 303, "idle for 31 minutes")

        await browser.signIn("grace@clinic.example", F.gracePassword)
        for _ in 0..<36 {
            fixture.clock.advance(20 * 60)
            #expect(await browser.get("/team").status == 200)
        }
        fixture.clock.advance(20 * 60 + 1)
        #expect(await browser.get("/team").status == 303, "12 hours after sign-in")
    }

    @Test("A session's last request is written at most every 30 seconds: pages in between write nothing, and the idle timeout never ends a session late")
    func sessionTouchesAreSpaced() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        await browser.signIn("grace@clinic.example", F.gracePassword)
        let hash = DeviceToken.hash(try #require(browser.cookies["carekit_team"]))
        let signedIn = try #require(try fixture.service.storage.session(hash: hash)).lastSeen
        fixture.clock.advance(10)
        #expect(await browser.get("/team").status == 200)
        #expect(try fixture.service.storage.session(hash: hash)?.lastSeen == signedIn, "10 s after the last write: nothing written")
        fixture.clock.advance(25)
        #expect(await browser.get("/team").status == 200)
        let touched = try #require(try fixture.service.storage.session(hash: hash)).lastSeen
        #expect(touched.timeIntervalSince(signedIn) == 35, "35 s after it: the request's time")
        // Idle from the last request that was written, less than 30 s after the last one made:
        // 30 minutes later the session has ended, not a moment after.
        fixture.clock.advance(29)
        #expect(await browser.get("/team").status == 200)
        fixture.clock.advance(30 * 60 - 29 + 1)
        #expect(await browser.get("/team").status == 303, "ended at most 30 s early")
    }

    @Test("The patient list: adherence rings of the last 7 days, last sync, alerts (missed today, out of range, no sync); sort and filter")
    func patientList() async throws {
        let fixture = try await F.make()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let page = try #require(await grace.get("/team").bodyText)
        #expect(page.contains("ock-completion-ring"))
        #expect(page.contains(#"aria-label="2025-01-01: Complete""#) && page.contains(#"aria-label="2025-01-06: 0% complete""#))
        #expect(page.contains(#"aria-label="2025-01-07: 0% complete""#))
        #expect(page.contains("71%"), "5 of 7 days")
        #expect(page.contains("2025-01-06 20:00"), "last sync")
        #expect(page.contains("Missed today: pills, due 08:00."))
        #expect(page.contains("Temperature on 2025-01-03: 101.2 °F is above the target range 95–100.3 °F."))
        #expect(!page.contains("No sync for"))

        var alan = fixture.client()
        await alan.signIn("alan@clinic.example", F.alanPassword)
        let bob = try #require(await alan.get("/team").bodyText)
        #expect(bob.contains("Bob &lt;the second&gt;") && !bob.contains("<the second>"), "escaped")
        #expect(bob.contains("No sync for 5 days."))
        #expect(try #require(await alan.get("/team?stale=6").bodyText).contains("No sync for") == false)
        #expect(try #require(await alan.get("/team?q=ada").bodyText).contains("No patient matches."))
        #expect(try #require(await alan.get("/team?q=BOB&alerts=1&sort=adherence").bodyText).contains("Bob &lt;the second&gt;"))

        try fixture.service.assign(clinicianEmail: "alan@clinic.example", patientNamed: "Ada")
        let both = try #require(await alan.get("/team?sort=sync").bodyText)
        let bobFirst = try #require(both.range(of: "Bob &lt;")), adaAfter = try #require(both.range(of: ">Ada<"))
        #expect(bobFirst.lowerBound < adaAfter.lowerBound, "oldest sync first")
        let byName = try #require(await alan.get("/team").bodyText)
        #expect(try #require(byName.range(of: ">Ada<")).lowerBound < (try #require(byName.range(of: "Bob &lt;"))).lowerBound)
    }

    @Test("A patient's day, read-only: events with their outcomes for ?date=, and who looked, when and from where")
    func patientDay() async throws {
        let fixture = try await F.make()
        var grace = fixture.client(address: "192.0.2.44")
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let day = try #require(await grace.get("/team/patients/\(fixture.ada.id)?date=2025-01-03").bodyText)
        #expect(day.contains("2025-01-03") && day.contains("pills") && day.contains("Done: Yes"))
        #expect(day.contains("Done: 101.2 °F (above target)"))
        #expect(!day.contains("/complete"), "the events are read-only")
        #expect(day.contains("viewed the day 2025-01-03") && day.contains("192.0.2.44") && day.contains("grace@clinic.example"))
        let today = try #require(await grace.get("/team/patients/\(fixture.ada.id)").bodyText)
        #expect(today.contains("2025-01-07") && today.contains("Not done"))
        #expect(await grace.get("/team/patients/\(fixture.ada.id)?date=2025-02-30").status == 400)

        let trail = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 10)
        #expect(trail.map(\.action) == ["viewed the day 2025-01-07", "viewed the day 2025-01-03"])
        #expect(trail.allSatisfy { $0.clinicianEmail == "grace@clinic.example" && $0.address == "192.0.2.44" && $0.date == TeamFixture.T.date(7, 12) })
        _ = await grace.get("/team")
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first?.action.contains("patient list") == true)
        #expect(try fixture.service.storage.auditTrail(patient: fixture.bob.id, limit: 10).isEmpty)
    }

    /// Every page of a patient (`task` is one of theirs): the day, the app's tabs, the forms.
    static func patientPages(_ id: Int64, task: String) -> [String] {
        let base = "/team/patients/\(id)"
        return [
            base, base + "?date=2025-01-03", base + "?date=nonsense", base + "/care-card", base + "/care-card?date=2025-01-03",
            base + "/symptoms?date=2025-01-06", base + "/insights", base + "/insights?date=nonsense", base + "/tasks/new",
            base + "/tasks/\(task)/schedule"
        ]
    }

    /// Every change to a patient's plan, with fields that would be written if the request got through.
    static func patientChanges(_ id: Int64, task: String) -> [(path: String, fields: [(String, String)])] {
        let base = "/team/patients/\(id)"
        return [
            (base + "/tasks/new", [("title", "Leak"), ("times", "08:00"), ("from", "2025-01-08")]),
            (base + "/tasks/\(task)/schedule", [("title", task), ("times", "10:00"), ("from", "2025-01-08")]),
            (base + "/tasks/\(task)/instructions", [("instructions", "Leak")]),
            (base + "/tasks/\(task)/stop", [("last-day", "2025-01-08")]),
            (base + "/tasks/\(task)/notes", [("note", "Leak")])
        ]
    }

    @Test("Every route, across two clinicians and two patients: nothing leaks, not even existence, and nothing is written")
    func accessMatrix() async throws {
        let fixture = try await F.make()
        let (ada, bob) = (fixture.ada.id, fixture.bob.id)
        let missing = max(ada, bob) + 1_000
        var grace = fixture.client(), alan = fixture.client(), stranger = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        await alan.signIn("alan@clinic.example", F.alanPassword)
        let versions = { try (F.T.serverVersions(fixture.service, token: fixture.adaToken), F.T.serverVersions(fixture.service, token: fixture.bobToken)) }
        let before = try versions()

        for (browser, (own, ownTask), (other, otherTask)) in [(grace, (ada, "pills"), (bob, "walk")), (alan, (bob, "walk"), (ada, "pills"))] {
            var browser = browser
            let list = try #require(await browser.get("/team").bodyText)
            #expect(!list.contains("/team/patients/\(other)\""))
            #expect(list.contains("/team/patients/\(own)\""))
            let routes = zip(zip(Self.patientPages(other, task: otherTask), Self.patientPages(missing, task: otherTask)), Self.patientPages(own, task: ownTask))
            for ((route, missingRoute), ownRoute) in routes {
                let foreign = await browser.get(route), absent = await browser.get(missingRoute)
                #expect(foreign.status == 404 && absent.status == 404, "\(route)")
                #expect(foreign.bodyText == absent.bodyText, "the same answer as a patient that does not exist: \(route)")
                #expect(foreign.bodyText?.contains(other == ada ? ">Ada<" : "Bob") == false)
                let lines = try fixture.service.storage.auditTrail(patient: own, limit: 1_000).count
                let shown = await browser.get(ownRoute).status
                #expect([200, 400].contains(shown), "\(ownRoute)")
                let added = try fixture.service.storage.auditTrail(patient: own, limit: 1_000).count - lines
                #expect(added == (shown == 200 ? 1 : 0), "each page of the patient's data shown is one audit line: \(ownRoute)")
            }
            let changes = zip(zip(Self.patientChanges(other, task: otherTask), Self.patientChanges(missing, task: otherTask)), Self.patientChanges(own, task: ownTask))
            for ((change, missingChange), ownChange) in changes {
                let foreign = await browser.post(change.path, change.fields), absent = await browser.post(missingChange.path, missingChange.fields)
                #expect(foreign.status == 404 && foreign.bodyText == absent.bodyText, "\(change.path)")
                let forged = await browser.post(ownChange.path, ownChange.fields, csrf: false)
                #expect(forged.status == 403, "without the CSRF token: \(ownChange.path)")
                if ownChange.path.contains("/\(ownTask)/") {
                    let otherTasks = await browser.post(ownChange.path.replacingOccurrences(of: "/\(ownTask)/", with: "/\(otherTask)/"), ownChange.fields)
                    #expect(otherTasks.status == 404 && otherTasks.bodyText == absent.bodyText, "another patient's task is not found: \(ownChange.path)")
                }
            }
            #expect(await browser.get("/team/patients/not-a-number").bodyText == (await browser.get("/team/patients/\(missing)")).bodyText)
        }
        #expect(try fixture.service.storage.auditTrail(patient: bob, limit: 100).allSatisfy { $0.clinicianEmail == "alan@clinic.example" })
        #expect(try fixture.service.storage.auditTrail(patient: ada, limit: 100).allSatisfy { $0.clinicianEmail == "grace@clinic.example" })

        // Signed out, existing or not, every page sends the browser to sign in; a device token is no way in.
        for route in Self.patientPages(ada, task: "pills") + Self.patientPages(missing, task: "pills") + ["/team"] {
            let answer = await stranger.get(route)
            #expect(answer.status == 303 && answer.header("Location") == "/team/login", "\(route)")
            let device = await stranger.send("GET", route, headers: ["Authorization": "Bearer \(fixture.adaToken)"])
            #expect(device.status == 303, "\(route)")
        }
        for change in Self.patientChanges(ada, task: "pills") + Self.patientChanges(missing, task: "pills") {
            #expect(await stranger.post(change.path, change.fields).status == 403, "\(change.path)")
            let device = await stranger.send("POST", change.path, form: change.fields, headers: ["Authorization": "Bearer \(fixture.adaToken)"])
            #expect(device.status == 403, "\(change.path)")
        }
        #expect(await stranger.post("/team/logout").header("Location") == "/team/login", "signing out without a session changes nothing")
        let after = try versions()
        #expect(after.0 == before.0 && after.1 == before.1, "no change got through to either patient")
    }

    @Test("A request addressed to another name (DNS rebinding) gets nothing")
    func hostCheck() async throws {
        let fixture = try await F.make()
        var browser = fixture.client()
        await browser.signIn("grace@clinic.example", F.gracePassword)
        browser.host = "evil.example"
        #expect(await browser.get("/team").status == 421)
        #expect(await browser.get("/team/patients/\(fixture.ada.id)").bodyText?.contains("Ada") == false)
    }
    @Test("A body that is not a form is refused in words (415 for JSON or multipart, 400 for bytes that are not UTF-8), never as an outage")
    func notAForm() async throws {
        let fixture = try await F.make()
        var browser = await fixture.grace()
        let token = browser.formToken ?? ""
        let json = await browser.send("POST", "/team/logout", headers: ["content-type": "application/json"])
        #expect(json.status == 415 && json.bodyText?.contains("application/x-www-form-urlencoded") == true)
        let multipart = await browser.send("POST", "/team/login", headers: ["content-type": "multipart/form-data; boundary=x"])
        #expect(multipart.status == 415)
        let request = HTTPRequest(
            method: "POST", path: "/team/logout", headers: ["host": browser.host, "content-type": "application/x-www-form-urlencoded"], cookies: browser.cookies,
            body: Data("csrf=\(token)&x=".utf8) + Data([0xFF, 0xFE]), clientAddress: browser.address)
        let bytes = await fixture.router.handle(request)
        #expect(bytes.status == 400 && bytes.bodyText?.contains("UTF-8") == true)
        for response in [json, multipart, bytes] { #expect(response.bodyText?.contains("storage") == false) }
    }
    @Test("When the database is locked the page says so plainly; the path and the database's own words go to the log")
    func outagePageIsPlain() async throws {
        guard !TestPostgres.selected else { return }  // a lock held by another SQLite connection
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("sync-server.sqlite").path
        let clock = SyncTestClock(SyncFixtures.date(7, 12))
        let service = SyncService(storage: try SQLiteSyncStorage(path: path), clock: clock.function)
        _ = try await service.addClinician(email: "grace@clinic.example", password: F.gracePassword, limits: .minimum)
        let logged = Mutex<[String]>([])
        var router = HTTPRouter()
        var policy = SyncTeamDashboard.Policy()
        policy.passwordLimits = .minimum
        SyncTeamDashboard(
            service: service, calendar: SyncFixtures.calendar, secure: false, policy: policy, clock: clock.function, log: { line in logged.withLock { $0.append(line) } }
        )
        .addRoutes(to: &router)
        var browser = TeamClient(router)
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        // A minute on, the page writes the session's last request (a write the lock refuses).
        clock.advance(60)
        let holder = try SQLiteConnection(name: path, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN EXCLUSIVE")
        let page = await browser.get("/team")
        try holder.execute("ROLLBACK")
        #expect(page.status == 503 && page.header("Retry-After") != nil)
        let text = page.bodyText ?? ""
        #expect(text.contains("The server cannot reach its storage. Try again in a minute; nothing was lost."))
        #expect(!text.contains(path) && !text.contains("locked") && !text.contains("SQLite"), "\(text)")
        #expect(logged.withLock { $0 }.contains { $0.contains("answered 503") && $0.contains("locked") })
    }
}
