import CareKit
import CareKitHTTP
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

/// The passcode lock: with a passcode set, a browser that has not unlocked (or that was not
/// used for the passcode's minutes, or locked itself) gets the unlock form from every route that
/// shows or changes care data, and nothing else.
@Suite("Web app: passcode lock")
struct PasscodeLockTests {
    typealias W = WebTestSupport

    /// One request for every route and method the app has, with real ids of the demo (so that
    /// an unlocked browser would see care data there), and the same for an unlocked browser.
    static func everyRoute(_ store: OCKStore) async throws -> [(route: OCKWebRoute, method: String)] {
        let cardio = try await W.todaysEvent(store, task: "cardio").id
        let temperature = try await W.todaysEvent(store, task: "temperature").id
        let routes: [OCKWebRoute] = [
            .home, .tab("care-card"), .completeEvent(cardio), .logEvent(temperature), .deleteEventValue(temperature, index: 0), .restoreEventValues(temperature),
            .correctEventValue(temperature, index: 0), .survey(temperature), .task("cardio"), .newTask, .editTask("cardio"), .stopTask("cardio"), .welcome,
            .contact("hershel-greene"), .newContact, .editContact("hershel-greene"), .removeContact("hershel-greene"), .aboutYou, .report, .liveChanges,
            .asset(.stylesheet), .calendarFeed(String(repeating: "0f", count: 32)), .calendarSettings, .replaceCalendarSecret, .settings, .passcode, .lock, .unlock,
            .manifest, .serviceWorker, .health, .legacyFavicon
        ]
        // Every row of the route table: a new route cannot be left out of this test.
        #expect(Set(routes.map(\.pattern)) == Set(OCKWebRoute.table.rows.map(\.pattern)))
        return routes.flatMap { route in route.methods.map { (route, $0) } }
    }

    static func request(_ route: OCKWebRoute, method: String, cookies: [String: String]) -> HTTPRequest {
        switch method {
        case "POST":
            return W.post(route.path, [("completed", "true"), ("value", "99"), ("confirmed", "1"), ("return", "/care-card")], cookies: cookies)
        case "HEAD":
            return HTTPRequest(method: "HEAD", path: route.path, headers: ["host": "127.0.0.1:8080"], cookies: cookies)
        default:
            return W.get(route.path + (route == .report ? "?format=pdf" : ""), cookies: cookies)
        }
    }

    /// The routes served to a locked browser: nothing about the patient, no change.
    static let openWhileLocked: Set<HTTPPathPattern> = ["/assets/{file}", "/manifest.webmanifest", "/sw.js", "/healthz", "/favicon.ico", "/lock", "/unlock"]
    static let calendarFeed: HTTPPathPattern = "/calendar/{feed}"

    @Test("With a passcode, every route that shows or changes care data answers a browser that has not unlocked with the unlock form, and changes nothing")
    func everyCareDataRouteIsLocked() async throws {
        let app = try await LockedApp.make()
        _ = try await app.store.addPatient(OCKPatient(id: "patient", givenName: "Ada", familyName: "Lovelace"))
        // Pages the unlocked browser saw (and the page cache kept) are not shown to another.
        #expect(await app.server.handle(W.get("/care-card", cookies: app.unlocked)).bodyText?.contains("Cardio") == true)
        let changes = app.store.changeCount
        var checked = 0
        for (route, method) in try await Self.everyRoute(app.store) {
            let rule = CareKitWebServer.lockRule(route)
            #expect((rule != .locked) == (Self.openWhileLocked.contains(route.pattern) || route.pattern == Self.calendarFeed), "\(route) is placed on purpose")
            guard rule == .locked || route.pattern == Self.calendarFeed else { continue }
            let response = await app.server.handle(Self.request(route, method: method, cookies: app.stranger))
            let place = "\(method) \(route.path)"
            if route == .liveChanges {
                #expect(response.status == 403 && response.header("X-CareKit-Lock") == "locked", "\(place): \(response.status)")
                continue
            }
            #expect(LockedApp.isLockPage(response), "\(place): \(response.status) \(response.bodyText?.prefix(300) ?? "")")
            #expect(response.status == (method == "POST" ? 403 : 200), "\(place)")
            #expect(response.header("Clear-Site-Data") == "\"cache\"", "\(place)")
            let text = LockedApp.visibleText(response.bodyText ?? "")
            for word in LockedApp.privateWords { #expect(!text.contains(word), "\(place) shows \(word)") }
            #expect(!text.contains { $0.isNumber }, "\(place) shows a number: \(text)")
            checked += 1
        }
        #expect(checked > 30)
        #expect(app.store.changeCount == changes, "a locked browser changed nothing")
        #expect(try await app.store.latestPatient()?.name.givenName == "Ada")
    }

    @Test("The unlocked browser gets the same routes; its pages carry Lock now and leave for the lock page after the minutes, also without JavaScript")
    func theUnlockedBrowserSeesThePlan() async throws {
        let app = try await LockedApp.make(minutes: 15)
        for (route, method) in try await Self.everyRoute(app.store) where method == "GET" && CareKitWebServer.lockRule(route) == .locked && route != .liveChanges {
            let response = await app.server.handle(Self.request(route, method: method, cookies: app.unlocked))
            #expect(!LockedApp.isLockPage(response) && response.status != 403, "GET \(route.path): \(response.status)")
            #expect(response.header("X-CareKit-Lock") == "on")
        }
        let page = try #require(await app.server.handle(W.get("/tasks/cardio?return=%2Fcare-card", cookies: app.unlocked)).bodyText)
        #expect(page.contains("<form method=\"post\" action=\"/lock\" class=\"ck-lock-form\">"))
        #expect(page.contains(">Lock now</button>"))
        #expect(page.contains("<noscript><meta http-equiv=\"refresh\" content=\"902; url=/lock?return=%2Ftasks%2Fcardio%3Freturn%3D%252Fcare-card\"></noscript>"), "\(page.prefix(1500))")
        #expect(page.contains("data-ck-lock-after=\"902\""))
        #expect(page.contains("name=\"csrf\" value=\"\(W.csrf)\""))
        // Without a passcode, none of it.
        let (_, plain) = try await W.makeServer()
        let plainPage = try #require(await plain.handle(W.get("/care-card")).bodyText)
        #expect(!plainPage.contains("Lock now") && !plainPage.contains("http-equiv=\"refresh\"") && !plainPage.contains("data-ck-lock-after"))
        #expect(await plain.handle(W.get("/care-card")).header("X-CareKit-Lock") == nil)
    }

    @Test("Unlocking with the passcode returns to the page asked for; the lock page in the browser's language")
    func unlocking() async throws {
        let app = try await LockedApp.make()
        let locked = await app.server.handle(W.get("/tasks/cardio", headers: ["host": "127.0.0.1:8080", "accept-language": "de-DE,de;q=0.9"], cookies: app.stranger))
        let page = try #require(locked.bodyText)
        #expect(page.contains("<html lang=\"de\""))
        #expect(page.contains(">Entsperren</button>") && page.contains("name=\"return\" value=\"/tasks/cardio\""))
        #expect(page.contains("type=\"password\"") && page.contains("autocomplete=\"current-password\"") && !page.contains("<script"))
        let response = await app.server.handle(W.post("/unlock", [("passcode", LockedApp.passcode), ("return", "/tasks/cardio")], cookies: app.stranger))
        #expect(response.status == 303 && response.header("Location") == "/tasks/cardio")
        let cookie = try #require(response.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix("carekit_unlock=") }?.value)
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/") && !cookie.contains("Max-Age"))
        var cookies = app.stranger
        cookies["carekit_unlock"] = LockedApp.unlockCookie(in: response)
        #expect(await app.server.handle(W.get("/tasks/cardio", cookies: cookies)).bodyText?.contains("Cardio") == true)
        // A return path elsewhere, or to the lock itself, goes home instead.
        for back in ["//evil.example", "https://evil.example", "/lock?return=/care-card", "/unlock"] {
            let elsewhere = await app.server.handle(W.post("/unlock", [("passcode", LockedApp.passcode), ("return", back)], cookies: app.stranger))
            #expect(elsewhere.header("Location") == "/", "\(back)")
        }
        // The form needs the browser's CSRF token.
        let forged = await app.server.handle(W.post("/unlock", [("passcode", LockedApp.passcode)], csrfField: String(repeating: "ef", count: 32), cookies: app.stranger))
        #expect(forged.status == 403 && LockedApp.isLockPage(forged) && LockedApp.unlockCookie(in: forged) == nil)
        let foreign = await app.server.handle(
            W.post(
                "/unlock", [("passcode", LockedApp.passcode)], cookies: app.stranger,
                headers: ["host": "127.0.0.1:8080", "origin": "http://evil.example", "content-type": "application/x-www-form-urlencoded"]))
        #expect(foreign.status == 403 && LockedApp.unlockCookie(in: foreign) == nil)
    }

    @Test("A browser locks after the passcode's minutes without use; live updates and the script's refreshes are not use")
    func idleMinutesLock() async throws {
        let app = try await LockedApp.make(minutes: 5)
        let page = { await app.server.handle(W.get("/care-card", cookies: app.unlocked)) }
        app.clock.advance(.seconds(4 * 60))
        #expect(await !LockedApp.isLockPage(page()), "4 minutes: still open (and used now)")
        app.clock.advance(.seconds(4 * 60))
        #expect(await !LockedApp.isLockPage(page()), "4 more minutes after a use: still open")
        app.clock.advance(.seconds(3 * 60))
        var fragment = W.get("/care-card", cookies: app.unlocked)
        fragment.headers["x-carekit-fragment"] = "1"
        #expect(await !LockedApp.isLockPage(app.server.handle(fragment)))
        #expect(await app.server.handle(W.get("/live/changes", cookies: app.unlocked)).status == 200)
        #expect(await !LockedApp.isLockPage(app.server.handle(W.get("/lock?return=/care-card", cookies: app.unlocked))))
        app.clock.advance(.seconds(2 * 60))
        let after = await page()
        #expect(LockedApp.isLockPage(after), "5 minutes since the last use, whatever the refreshes")
        #expect(after.headers.contains { $0.name == "Set-Cookie" && $0.value.hasPrefix("carekit_unlock=;") && $0.value.contains("Max-Age=0") })
        // Unlocking again counts from then.
        let again = try await app.unlock(cookies: app.stranger)
        app.clock.advance(.seconds(299))
        #expect(await !LockedApp.isLockPage(app.server.handle(W.get("/care-card", cookies: again))))
    }

    @Test("A page that hid itself in a browser another tab kept unlocked offers the way back; without a passcode /lock goes back")
    func theLockPageOfAnUnlockedBrowser() async throws {
        let app = try await LockedApp.make(minutes: 15)
        let hidden = await app.server.handle(W.get("/lock?return=%2Finsights", cookies: app.unlocked))
        let text = try #require(hidden.bodyText)
        #expect(hidden.status == 200 && text.contains("This page hid itself after 15 minutes without use.") && text.contains("href=\"/insights\""))
        #expect(!text.contains("action=\"/unlock\""))
        let locked = await app.server.handle(W.get("/lock?return=%2Finsights", cookies: app.stranger))
        #expect(LockedApp.isLockPage(locked) && locked.bodyText?.contains("name=\"return\" value=\"/insights\"") == true)
        let (_, plain) = try await W.makeServer()
        #expect(await plain.handle(W.get("/lock?return=%2Finsights")).header("Location") == "/insights")
    }

    @Test("Lock now locks this browser at once, and its live stream ends; the other unlocked browsers stay open")
    func lockNow() async throws {
        let app = try await LockedApp.make()
        let other = try await app.unlock(cookies: app.stranger)
        let chunks = try await app.liveStream(cookies: app.unlocked)
        defer { chunks.cancel() }
        let response = await app.server.handle(W.post("/lock", [("return", "/insights")], cookies: app.unlocked))
        #expect(response.status == 303 && response.header("Location") == "/lock?return=%2Finsights")
        #expect(response.headers.contains { $0.name == "Set-Cookie" && $0.value.hasPrefix("carekit_unlock=;") })
        #expect(await eventually(seconds: 5) { chunks.finished }, "the locked browser's stream ended")
        #expect(await LockedApp.isLockPage(app.server.handle(W.get("/insights", cookies: app.unlocked))))
        #expect(await app.server.handle(W.get("/live/changes", cookies: app.unlocked)).status == 403)
        #expect(await !LockedApp.isLockPage(app.server.handle(W.get("/insights", cookies: other))))
        // Lock now is a form like any other: without the token it is refused.
        let forged = await app.server.handle(W.post("/lock", [], csrfField: nil, cookies: other))
        #expect(forged.status == 403)
        #expect(await !LockedApp.isLockPage(app.server.handle(W.get("/insights", cookies: other))))
    }

    @Test("A live stream ends when its browser's minutes pass, noticed at the next request of anyone")
    func liveStreamEndsAfterTheMinutes() async throws {
        let app = try await LockedApp.make(minutes: 1)
        let chunks = try await app.liveStream(cookies: app.unlocked)
        defer { chunks.cancel() }
        app.clock.advance(.seconds(30))
        _ = await app.server.handle(W.get("/healthz"))
        _ = await app.server.handle(W.get("/care-card", cookies: app.stranger))
        try await Task.sleep(for: .milliseconds(100))
        #expect(!chunks.finished, "30 seconds: still open")
        app.clock.advance(.seconds(31))
        _ = await app.server.handle(W.get("/care-card", cookies: app.stranger))
        #expect(await eventually(seconds: 5) { chunks.finished })
    }

    @Test("Wrong passcodes: five free, then waits that double (429 with Retry-After), even for the right one; the right one then resets the count")
    func wrongPasscodesAreThrottled() async throws {
        let app = try await LockedApp.make()
        let attempt = { (passcode: String) in await app.server.handle(W.post("/unlock", [("passcode", passcode)], cookies: app.stranger)) }
        for wrong in ["quux-wrong", "zzzz", "", String(repeating: "q", count: 5_000), "wrongly"] {
            let response = await attempt(wrong)
            #expect(response.status == 403 && LockedApp.isLockPage(response) && response.bodyText?.contains("That is not the passcode.") == true)
            #expect(wrong.isEmpty || response.bodyText?.contains(wrong) == false, "the passcode typed is never written back")
        }
        var refused = await attempt(LockedApp.passcode)
        #expect(refused.status == 429 && refused.header("Retry-After") == "30" && LockedApp.unlockCookie(in: refused) == nil)
        #expect(refused.bodyText?.contains("Too many wrong passcodes. Try again in 30 seconds.") == true)
        app.clock.advance(.seconds(30))
        #expect(await attempt("3141").status == 403)
        refused = await attempt(LockedApp.passcode)
        #expect(refused.status == 429 && refused.header("Retry-After") == "60")
        app.clock.advance(.seconds(60))
        #expect(await attempt("3141").status == 403)
        refused = await attempt(LockedApp.passcode)
        #expect(refused.header("Retry-After") == "120" && refused.bodyText?.contains("Try again in 2 minutes.") == true)
        app.clock.advance(.seconds(120))
        #expect(await attempt(LockedApp.passcode).status == 303)
        for _ in 0..<4 { #expect(await attempt("0000").status == 403) }
        #expect(await attempt(LockedApp.passcode).status == 303, "the count started again after the right passcode")
    }

    @Test("Simultaneous guesses are counted before any is checked: at most five are checked")
    func simultaneousGuessesAreCountedFirst() async throws {
        let app = try await LockedApp.make()
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask { await app.server.handle(W.post("/unlock", [("passcode", String(format: "%04d", index + 5000))], cookies: app.stranger)).status }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 403 }.count == 5 && statuses.filter { $0 == 429 }.count == 15, "\(statuses.sorted())")
    }

    @Test("The access token and the lock together: the token first (401), then the passcode")
    func accessTokenAndLock() async throws {
        let token = "lock-and-token-0123456789abcdef"
        let app = try await LockedApp.make { $0.accessToken = token }
        // A browser without the token is refused before the lock is asked.
        #expect(await app.server.handle(W.get("/care-card", cookies: app.stranger)).status == 401)
        #expect(await app.server.handle(W.post("/unlock", [("passcode", LockedApp.passcode)], cookies: app.stranger)).status == 401)
        var stranger = app.stranger
        stranger["carekit_auth"] = token
        #expect(await LockedApp.isLockPage(app.server.handle(W.get("/care-card", cookies: stranger))))
        let opened = try await app.unlock(cookies: stranger)
        #expect(await app.server.handle(W.get("/care-card", cookies: opened)).bodyText?.contains("Cardio") == true)
        // The token alone opens nothing while locked, nor does the unlock cookie without the token.
        var cookieOnly = opened
        cookieOnly["carekit_auth"] = nil
        #expect(await app.server.handle(W.get("/care-card", cookies: cookieOnly)).status == 401)
        let link = await app.server.handle(W.get("/care-card?token=\(token)", cookies: app.stranger))
        #expect(link.status == 303)
    }

    @Test("Calendar apps still read the feed at its secret address; a browser asking for it while locked gets the unlock form")
    func calendarFeedAndTheLock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try await LockedApp.make { $0.calendarSecretFile = directory.file("calendar-secret") }
        let secret = try #require(try app.server.calendarSecret?.current())
        let feed = await app.server.handle(HTTPRequest(method: "GET", path: "/calendar/\(secret).ics", headers: ["host": "127.0.0.1:8080"]))
        #expect(feed.status == 200 && feed.header("Content-Type")?.hasPrefix("text/calendar") == true)
        #expect(!feed.headers.contains { $0.name == "Set-Cookie" }, "a calendar app is given no cookie")
        let browser = await app.server.handle(
            HTTPRequest(method: "GET", path: "/calendar/\(secret).ics", headers: ["host": "127.0.0.1:8080", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document"]))
        #expect(LockedApp.isLockPage(browser))
        #expect(await LockedApp.isLockPage(app.server.handle(W.get("/calendar/\(secret).ics", cookies: app.stranger))))
        #expect(await app.server.handle(W.get("/calendar/\(secret).ics", cookies: app.unlocked)).status == 200)
    }

    @Test("Assets, the service worker and the manifest load while locked; the service worker keeps nothing and drops what it kept while the app has a passcode")
    func staticFilesAndTheServiceWorker() async throws {
        let app = try await LockedApp.make()
        for path in ["/assets/carekit.css", "/assets/carekit.js", "/assets/favicon.svg", "/sw.js", "/manifest.webmanifest", "/healthz"] {
            let response = await app.server.handle(W.get(path, cookies: app.stranger))
            #expect(response.status == 200 && response.header("X-CareKit-Lock") == nil, "\(path)")
        }
        let worker = try #require(await app.server.handle(W.get("/sw.js")).bodyText)
        #expect(worker.contains("response.headers.get('X-CareKit-Lock')") && worker.contains("caches.delete(CACHE)"))
        let script = try #require(await app.server.handle(W.get("/assets/carekit.js")).bodyText)
        #expect(script.contains("data-ck-lock-after") && script.contains("'X-CareKit-Lock'") && script.contains("location.replace('/lock?return='"))
    }

    @Test("A restart locks every browser: the unlocked browsers are kept in memory only")
    func aRestartLocksEveryBrowser() async throws {
        let app = try await LockedApp.make()
        let restarted = try CareKitWebServer(store: app.store, application: app.server.application, configuration: app.server.configuration)
        #expect(await LockedApp.isLockPage(restarted.handle(W.get("/care-card", cookies: app.unlocked))))
    }
}
