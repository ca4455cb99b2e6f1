import CareKit
import CareKitHTTP
import CareKitSecrets
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

/// The Passcode page: setting, changing and removing the passcode and its minutes, kept as an
/// Argon2id hash in the store's settings (one transaction), never shown.
@Suite("Web app: passcode settings")
struct PasscodeSettingsTests {
    typealias W = WebTestSupport

    static func save(_ fields: [(String, String)], app: LockedApp, cookies: [String: String]? = nil) async -> HTTPResponse {
        await app.server.handle(W.post("/settings/passcode", [("action", "save")] + fields, cookies: cookies ?? app.unlocked))
    }

    @Test("Setting a passcode keeps only its Argon2id hash and the minutes in the store; the hash is on no page")
    func theHashIsArgon2idAndNeverShown() async throws {
        let app = try await LockedApp.make(minutes: 15)
        let hash = try #require(try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash))
        #expect(hash.hasPrefix("$argon2id$v=19$"), "\(hash)")
        #expect(await Argon2id.verify(LockedApp.passcode, hash: hash))
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.lockMinutes) == "15")
        // The default limits are costlier than the tests': 3 passes over 64 MiB.
        #expect(CareKitWebServer.passcodeLimits == Argon2id.Limits(operations: 3, memory: 64 << 20))
        let salt = try #require(hash.split(separator: "$").dropFirst(3).first)
        var pages = ["/care-card", "/symptoms", "/insights", "/connect", "/tasks/cardio", "/settings", "/settings/passcode", "/about-you", "/report", "/report?format=html", "/lock"]
        pages += ["/welcome", "/plan/new"]
        for path in pages {
            for cookies in [app.unlocked, app.stranger] {
                let response = await app.server.handle(W.get(path, cookies: cookies))
                let body = response.bodyText ?? ""
                #expect(!body.contains("$argon2id$") && !body.contains(salt) && !body.contains(LockedApp.passcode), "\(path)")
                #expect(!response.headers.contains { $0.value.contains("argon2") }, "\(path)")
            }
        }
    }

    @Test("The page offers 1, 5, 15 and 60 minutes (5 by default) and refuses a short passcode, two that differ and other minutes, saving nothing")
    func settingIsChecked() async throws {
        let (store, server) = try await W.makeServer { $0.passcodeLimits = .minimum }
        let page = try #require(await server.handle(W.get("/settings/passcode")).bodyText)
        for minutes in [1, 5, 15, 60] { #expect(page.contains("name=\"minutes\" value=\"\(minutes)\"\(minutes == 5 ? " checked" : "")>")) }
        #expect(page.contains("The app has no passcode") && page.contains("autocomplete=\"new-password\"") && !page.contains("Current passcode"))
        let cases: [([(String, String)], String)] = [
            ([("passcode", "123"), ("repeat", "123")], "A passcode needs at least 4 characters."),
            ([("passcode", "    "), ("repeat", "    ")], "A passcode needs at least 4 characters."),
            ([("passcode", String(repeating: "x", count: 129)), ("repeat", String(repeating: "x", count: 129))], "A passcode can have at most 128 characters."),
            ([("passcode", "correct horse"), ("repeat", "correct horsE")], "The two passcodes are not the same."),
            ([("passcode", "1234"), ("repeat", "1234"), ("minutes", "7")], "Choose when the app locks.")
        ]
        for (fields, problem) in cases {
            let response = await server.handle(W.post("/settings/passcode", [("action", "save")] + fields))
            let text = response.bodyText ?? ""
            #expect(response.status == 400 && text.contains(problem) && (text.contains("aria-invalid=\"true\"") || text.contains("aria-describedby=\"ck-minutes-error\"")), "\(fields): \(problem)")
            #expect(!text.contains("correct horse") && !text.contains("value=\"123\""), "typed passcodes are not written back")
        }
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.passcodeHash) == nil)
        // Words and digits alike, with the minutes chosen.
        let response = await server.handle(W.post("/settings/passcode", [("action", "save"), ("passcode", "correct horse"), ("repeat", "correct horse"), ("minutes", "60")]))
        #expect(response.status == 303 && response.header("Location") == "/settings/passcode?saved=set")
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.lockMinutes) == "60")
        // Setting one needs the page's CSRF token like every form.
        let (_, other) = try await W.makeServer()
        #expect(await other.handle(W.post("/settings/passcode", [("action", "save"), ("passcode", "1234"), ("repeat", "1234")], csrfField: nil)).status == 403)
    }

    @Test("Setting a passcode ends the live streams opened without one: their browsers are locked now")
    func settingAPasscodeEndsOpenStreams() async throws {
        let clock = TestLockClock()
        let (store, server) = try await W.makeServer {
            $0.lockClock = { clock() }
            $0.passcodeLimits = .minimum
        }
        let app = LockedApp(store: store, server: server, clock: clock, unlocked: ["carekit_csrf": W.csrf])
        let before = try await app.liveStream(cookies: app.stranger)
        defer { before.cancel() }
        let set = await server.handle(W.post("/settings/passcode", [("action", "save"), ("passcode", "2468"), ("repeat", "2468")]))
        #expect(set.status == 303)
        #expect(await eventually(seconds: 5) { before.finished })
        #expect(await server.handle(W.get("/live/changes", cookies: app.stranger)).status == 403)
    }

    @Test("Changing the passcode or the minutes needs the current passcode; a new passcode locks every other browser and keeps this one")
    func changingNeedsTheCurrentPasscode() async throws {
        let app = try await LockedApp.make()
        let other = try await app.unlock(cookies: app.stranger)
        let before = try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash)
        let page = try #require(await app.server.handle(W.get("/settings/passcode", cookies: app.unlocked)).bodyText)
        #expect(page.contains("The app locks after 5 minutes without use.") && page.contains("Current passcode") && page.contains(">Remove the passcode</button>"))
        for current in [nil, "0000"] as [String?] {
            var fields = [("passcode", "new one"), ("repeat", "new one")]
            if let current { fields.append(("current", current)) }
            let refused = await Self.save(fields, app: app)
            #expect(refused.status == 403 && refused.bodyText?.contains("That is not the current passcode.") == true)
        }
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash) == before)
        // The minutes alone: an empty new passcode keeps it.
        let minutes = await Self.save([("current", LockedApp.passcode), ("passcode", ""), ("repeat", ""), ("minutes", "1")], app: app)
        #expect(minutes.status == 303 && minutes.header("Location") == "/settings/passcode?saved=changed")
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash) == before)
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.lockMinutes) == "1")
        #expect(await !LockedApp.isLockPage(app.server.handle(W.get("/care-card", cookies: other))), "the same passcode: the others stay open")
        // A new passcode.
        let changed = await Self.save([("current", LockedApp.passcode), ("passcode", "new one"), ("repeat", "new one"), ("minutes", "15")], app: app)
        #expect(changed.status == 303)
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash) != before)
        #expect(await !LockedApp.isLockPage(app.server.handle(W.get("/care-card", cookies: app.unlocked))), "the browser that changed it stays open")
        #expect(await LockedApp.isLockPage(app.server.handle(W.get("/care-card", cookies: other))), "every other browser is locked")
        #expect(await app.server.handle(W.post("/unlock", [("passcode", LockedApp.passcode)], cookies: app.stranger)).status == 403)
        _ = try await app.unlock(cookies: app.stranger, passcode: "new one")
    }

    @Test("Removing the passcode needs the current one; then the app no longer locks")
    func removingNeedsTheCurrentPasscode() async throws {
        let app = try await LockedApp.make()
        let remove = { (current: String?) in
            await app.server.handle(W.post("/settings/passcode", [("action", "remove")] + (current.map { [("current", $0)] } ?? []), cookies: app.unlocked))
        }
        #expect(await remove(nil).status == 403)
        let wrong = await remove("9999")
        #expect(wrong.status == 403 && wrong.bodyText?.contains("That is not the current passcode.") == true)
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash) != nil)
        let removed = await remove(LockedApp.passcode)
        #expect(removed.status == 303 && removed.header("Location") == "/settings/passcode?saved=removed")
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.passcodeHash) == nil)
        #expect(try await app.store.preference(forKey: OCKStore.PreferenceKey.lockMinutes) == nil)
        let open = await app.server.handle(W.get("/care-card", cookies: app.stranger))
        #expect(!LockedApp.isLockPage(open) && open.header("X-CareKit-Lock") == nil && open.bodyText?.contains("Lock now") == false)
    }

    @Test("Wrong current passcodes on the Passcode page count with the unlock form's")
    func theSettingsPageIsThrottledToo() async throws {
        let app = try await LockedApp.make()
        for _ in 0..<5 { #expect(await Self.save([("current", "nope"), ("passcode", "next"), ("repeat", "next")], app: app).status == 403) }
        let waiting = await Self.save([("current", LockedApp.passcode), ("passcode", "next"), ("repeat", "next")], app: app)
        #expect(waiting.status == 429 && waiting.header("Retry-After") == "30" && waiting.bodyText?.contains("Too many wrong passcodes.") == true)
        #expect(await app.server.handle(W.post("/unlock", [("passcode", LockedApp.passcode)], cookies: app.stranger)).status == 429)
    }

    @Test("A passcode set before the server started locks every browser; a hash that is not one locks the app shut (fail closed)")
    func aSavedPasscodeLocksFromTheStart() async throws {
        let (store, _) = try await W.makeServer()
        let hash = try #require(await Argon2id.hash("4321", limits: .minimum))
        try await store.setPreferences([OCKStore.PreferenceKey.passcodeHash: hash, OCKStore.PreferenceKey.lockMinutes: "not a number"])
        let server = try CareKitWebServer(store: store, application: .standard(), configuration: .init(calendar: W.calendar, clock: { W.now }))
        #expect(await LockedApp.isLockPage(server.handle(W.get("/care-card"))))
        let unlocked = await server.handle(W.post("/unlock", [("passcode", "4321")]))
        #expect(unlocked.status == 303)
        var cookies = ["carekit_csrf": W.csrf]
        cookies["carekit_unlock"] = LockedApp.unlockCookie(in: unlocked)
        #expect(await server.handle(W.get("/settings/passcode", cookies: cookies)).bodyText?.contains("after 5 minutes without use") == true, "an unreadable number: 5")

        try await store.setPreference("not-a-hash", forKey: OCKStore.PreferenceKey.passcodeHash)
        let shut = try CareKitWebServer(store: store, application: .standard(), configuration: .init(calendar: W.calendar, clock: { W.now }))
        #expect(await LockedApp.isLockPage(shut.handle(W.get("/care-card"))))
        #expect(await shut.handle(W.post("/unlock", [("passcode", "4321")])).status == 403)
    }
}
