import CareKit
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

@Suite("Web app: pages, actions and security")
struct WebServerTests {
    typealias W = WebTestSupport

    @Test func homeRedirectsAndSetsAPrivateCSRFCookie() async throws {
        let (_, server) = try await W.makeServer()
        let response = await server.handle(W.get("/", cookies: [:]))
        #expect(response.status == 303)
        #expect(response.header("Location") == "/care-card")
        let cookie = try #require(response.headers.first { $0.name == "Set-Cookie" }?.value)
        #expect(cookie.hasPrefix("carekit_csrf="))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(response.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Frame-Options") == "DENY")
        // Not no-referrer: browsers then send `Origin: null` with the app's own forms, which
        // the CSRF check refuses (every form failed in Chromium).
        #expect(response.header("Referrer-Policy") == "same-origin")
    }

    @Test func careCardShowsTodaysTrainingAsForms() async throws {
        let (store, server) = try await W.makeServer()
        let response = await server.handle(W.get("/care-card"))
        let html = try #require(response.bodyText)
        #expect(response.status == 200)
        #expect(html.contains("<h1 class=\"ck-page-title\">Zombie Training</h1>"))
        #expect(html.contains("Thursday, November 26, 2026"))
        for title in ["Cardio", "Limber Up", "Target Practice"] { #expect(html.contains(title)) }
        #expect(!html.contains(">Pulse<"), "assessments belong to the Symptom Tracker")
        let cardio = try await W.todaysEvent(store, task: "cardio")
        let action = W.eventPath(cardio.id) + "/complete"
        #expect(html.contains("action=\"\(action)\""))
        #expect(html.contains("name=\"csrf\" value=\"\(W.csrf)\""))
        #expect(html.contains("<script src=\"/assets/carekit.js\" defer></script>"))
    }

    @Test func completingAnEventWritesOneOutcomeAndReturns() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        let response = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true"), ("return", "/care-card?date=2026-11-26")]))
        #expect(response.status == 303)
        #expect(response.header("Location") == "/care-card?date=2026-11-26")
        #expect(try await W.todaysEvent(store, task: "cardio").outcome?.values.first?.booleanValue == true)
        // Completing again changes nothing; un-completing removes the outcome.
        _ = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")]))
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 1)
        _ = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "false")]))
        #expect(try await W.todaysEvent(store, task: "cardio").outcome == nil)
    }

    @Test func scriptsGetNoContentInsteadOfARedirect() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        var request = W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")])
        request.headers["x-carekit-fragment"] = "1"
        #expect(await server.handle(request).status == 204)
        var page = W.get("/care-card")
        page.headers["x-carekit-fragment"] = "1"
        let fragment = try #require(await server.handle(page).bodyText)
        #expect(!fragment.contains("<html"), "a fragment is the content of <main> only")
        #expect(fragment.contains("1 of 2 done"))
    }

    @Test func cachedPagesNeverShowStaleDataOrAnotherBrowsersToken() async throws {
        let (store, server) = try await W.makeServer()
        let before = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(before.contains("0 of 2 done"))
        let other = String(repeating: "cd", count: 32)
        let otherPage = try #require(await server.handle(W.get("/care-card", cookies: ["carekit_csrf": other])).bodyText)
        #expect(otherPage.contains("value=\"\(other)\""))
        #expect(!otherPage.contains(W.csrf), "a cached page carries each browser's own token")

        // A write through the app, then the page at once (the redirect after a form).
        let cardio = try await W.todaysEvent(store, task: "cardio")
        _ = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")]))
        #expect(try #require(await server.handle(W.get("/care-card")).bodyText).contains("1 of 2 done"))
        // A write that does not go through the web app is seen too.
        let second = try await W.todaysEvent(store, task: "cardio", index: 1)
        try await store.setCompleted(true, for: second.anyEvent, now: W.now)
        #expect(try #require(await server.handle(W.get("/care-card")).bodyText).contains("2 of 2 done"))
    }

    @Test(
        arguments: [
            ("wrong token", "wrong"), ("no token", nil)
        ] as [(String, String?)])
    func aForgedFormChangesNothing(_ name: String, _ token: String?) async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        let response = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")], csrfField: token))
        #expect(response.status == 403, "\(name)")
        #expect(response.bodyText?.contains("nothing was changed") == true)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty)
    }

    @Test func aCrossSiteOriginIsRefused() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        var request = W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")])
        request.headers["origin"] = "https://evil.example"
        #expect(await server.handle(request).status == 403)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty)
    }

    @Test func malformedInputGetsA400ThatSaysWhatWasWrong() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        var bad = W.post(W.eventPath(cardio.id) + "/complete", [])
        bad.body = Data("completed=%ZZ&csrf=\(W.csrf)".utf8)
        let response = await server.handle(bad)
        #expect(response.status == 400)
        #expect(response.bodyText?.contains("malformed %-escape") == true)
        var invalidUTF8 = W.post(W.eventPath(cardio.id) + "/complete", [])
        invalidUTF8.body = Data("completed=%FF%FE&csrf=\(W.csrf)".utf8)
        #expect(await server.handle(invalidUTF8).status == 400)
        let notBool = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "maybe")]))
        #expect(notBool.status == 400)
        #expect(notBool.bodyText?.contains("'completed' must be true or false") == true)
        let badDate = await server.handle(W.get("/care-card?date=2026-02-30"))
        #expect(badDate.status == 400)
        #expect(badDate.bodyText?.contains("is not a date") == true)
        let unknownEvent = await server.handle(W.post("/events/not-an-event/complete", [("completed", "true")]))
        #expect(unknownEvent.status == 404)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty)
    }

    @Test func theReturnPathCannotLeaveTheApp() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        for target in ["https://evil.example/", "//evil.example/x", "/ok\r\nSet-Cookie: x=1"] {
            let response = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("return", target)]))
            #expect(response.header("Location") == "/", "\(target)")
        }
    }

    @Test func surveysRecordAnswersWithKindAndUnits() async throws {
        let (store, server) = try await W.makeServer()
        let temperature = try await W.todaysEvent(store, task: "temperature")
        let path = "/survey/" + URLEncoding.encode(temperature.id)
        let form = try #require(await server.handle(W.get(path + "?return=/symptoms")).bodyText)
        #expect(form.contains("What is your temperature?"))
        #expect(form.contains("name=\"q.temperature\""))
        #expect(form.contains("°F"))

        let saved = await server.handle(W.post(path, [("q.temperature", "101.2"), ("return", "/symptoms"), ("confirmed", "1")]))
        #expect(saved.status == 303)
        #expect(saved.header("Location") == "/symptoms")
        let value = try #require(try await W.todaysEvent(store, task: "temperature").outcome?.values.first)
        #expect(value.doubleValue == 101.2)
        #expect(value.kind == "temperature")
        #expect(value.units == "°F")

        let card = try #require(await server.handle(W.get("/symptoms")).bodyText)
        #expect(card.contains("101.2 °F"))
    }

    @Test func anOutOfRangeAnswerIsRefusedWithTheFormAgain() async throws {
        let (store, server) = try await W.makeServer()
        let temperature = try await W.todaysEvent(store, task: "temperature")
        let response = await server.handle(W.post("/survey/" + URLEncoding.encode(temperature.id), [("q.temperature", "500")]))
        #expect(response.status == 400)
        let html = try #require(response.bodyText)
        #expect(html.contains("above the highest accepted value (113 °F)"), "the question says 115; no body is hotter than 113 °F")
        #expect(html.contains("value=\"500\""), "what was typed is kept")
        #expect(try await W.todaysEvent(store, task: "temperature").outcome == nil)
    }

    @Test func hostileTextIsShownAsText() async throws {
        let (store, server) = try await W.makeServer()
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
        var task = OCKTask(
            id: "hostile\"><b>", title: hostile, carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 12, minutes: 0, start: W.date("2026-11-20"), end: nil, text: hostile, calendar: W.calendar))
        task.instructions = hostile
        try await store.addTask(task)
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let detail = try #require(await server.handle(W.get("/tasks/" + URLEncoding.encode(task.id))).bodyText)
        #expect(detail.contains("&lt;script&gt;alert(1)"))
        #expect(!detail.contains("<script>alert"))
    }

    @Test func foreignHostNamesAreRefused() async throws {
        let (_, server) = try await W.makeServer()
        #expect(await server.handle(W.get("/care-card", headers: ["host": "evil.example"])).status == 421)
        #expect(await server.handle(W.get("/care-card", headers: ["host": "localhost:8080"])).status == 200)
        #expect(await server.handle(W.get("/care-card", headers: ["host": "[::1]:8080"])).status == 200)
    }

    @Test func listeningOnTheNetworkNeedsAToken() async throws {
        let store = OCKStore(name: "net", type: .inMemory)
        #expect(throws: HTTPSetupError.self) {
            _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: "0.0.0.0"))
        }
        let token = "correct-horse-battery-staple-42"
        let server = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: "0.0.0.0", accessToken: token))
        #expect(await server.handle(W.get("/care-card", headers: ["host": "10.0.0.5:8080"])).status == 401)
        let entry = await server.handle(W.get("/care-card?token=\(token)&date=2026-11-26", headers: ["host": "10.0.0.5:8080"]))
        #expect(entry.status == 303)
        #expect(entry.header("Location") == "/care-card?date=2026-11-26", "the token leaves the address bar")
        #expect(entry.headers.contains { $0.name == "Set-Cookie" && $0.value.hasPrefix("carekit_auth=\(token)") && $0.value.contains("HttpOnly") })
        let authorized = await server.handle(W.get("/care-card", headers: ["host": "10.0.0.5:8080"], cookies: ["carekit_auth": token, "carekit_csrf": W.csrf]))
        #expect(authorized.status == 200)
        #expect(await server.handle(W.get("/care-card?token=wrong", headers: ["host": "10.0.0.5:8080"])).status == 401)
    }

    @Test func everyTabRenders() async throws {
        let (_, server) = try await W.makeServer()
        for (path, heading) in [("/care-card", "Zombie Training"), ("/symptoms", "Symptom Tracker"), ("/insights", "Insights"), ("/connect", "Connect")] {
            let response = await server.handle(W.get(path))
            #expect(response.status == 200, "\(path)")
            #expect(response.bodyText?.contains(">\(heading)</h1>") == true, "\(path)")
            #expect(response.bodyText?.contains("aria-current=\"page\"") == true, "\(path)")
        }
        #expect(await server.handle(W.get("/nowhere")).status == 404)
        #expect(await server.handle(HTTPRequest(method: "DELETE", path: "/care-card", headers: ["host": "127.0.0.1"])).status == 405)
    }

    @Test func connectLinksDialAndMail() async throws {
        let (_, server) = try await W.makeServer()
        let list = try #require(await server.handle(W.get("/connect")).bodyText)
        #expect(list.contains("Care Team"))
        #expect(list.contains("Friends &amp; Family"))
        #expect(list.contains("href=\"/connect/hershel-greene\""))
        let detail = try #require(await server.handle(W.get("/connect/hershel-greene")).bodyText)
        #expect(detail.contains("href=\"tel:8885552351\""))
        #expect(detail.contains("href=\"sms:8885552351\""))
        #expect(detail.contains("href=\"mailto:dr.hershel@example.com\""))
        #expect(detail.contains("Send report"))
    }

    @Test func insightsShowTheTutorialChartAndAFeverAlert() async throws {
        let (store, server) = try await W.makeServer()
        let temperature = try await W.todaysEvent(store, task: "temperature")
        _ = await server.handle(W.post("/survey/" + URLEncoding.encode(temperature.id), [("q.temperature", "101.2"), ("confirmed", "1")]))
        let html = try #require(await server.handle(W.get("/insights")).bodyText)
        #expect(html.contains("Zombie Training Plan"))
        #expect(html.contains("Fever"))
        let bars = try #require(InsightsChartTests.chart(html, titled: "Zombie Training Plan"))
        #expect(!bars.contains("101.2") && !bars.contains("Temperature"), "no measurement is drawn as a percentage bar")
        #expect(bars.contains("%"), "completion in percent")
        let chart = try #require(InsightsChartTests.chart(html, titled: "Temperature"))
        #expect(chart.contains(">101.2\u{00A0}high</text>"), "the measurement on its own axis, flagged")
    }

    @Test func theHTMLReportEscapesAndCoversTheRange() async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        _ = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")]))
        let response = await server.handle(W.get("/report?from=2026-11-22&to=2026-11-26&format=html"))
        #expect(response.status == 200)
        let html = try #require(response.bodyText)
        #expect(html.contains("Re: Your Brains"))
        #expect(html.contains("ZombieKit: Weekly Report"))
        #expect(html.contains("Sunday, November 22, 2026"))
        #expect(await server.handle(W.get("/report?from=2026-11-26&to=2026-11-01")).status == 400)
        #expect(await server.handle(W.get("/report?from=nope")).status == 400)
        #expect(await server.handle(W.get("/report?format=docx")).status == 400)
    }

    @Test func sendReportDownloadsAPDF() async throws {
        let (_, server) = try await W.makeServer()
        let response = await server.handle(W.get("/report?from=2026-11-22&to=2026-11-26&format=pdf&contact=hershel-greene"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/pdf")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"carekit-report-2026-11-22-2026-11-26.pdf\"")
        guard case .data(let pdf) = response.body else { Issue.record("no body"); return }
        #expect(pdf.prefix(5) == Data("%PDF-".utf8))
        #expect(pdf.count > 2_000)
    }
}
