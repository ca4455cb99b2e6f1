import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// The calendar feed behind a secret address: given on the calendar page, kept in a file only
/// its owner reads, replaceable (the old address then fails), and reachable by calendar apps
/// that cannot log in, but only with the secret and only at an allowed Host.
@Suite("Web app: calendar feed")
struct CalendarFeedWebTests {
    typealias W = WebTestSupport

    static func server(
        in directory: TemporaryDirectory, accessToken: String? = nil, host: String = "127.0.0.1",
        allowedHosts: [String] = []
    ) async throws -> (OCKStore, CareKitWebServer) {
        try await W.makeServer { configuration in
            configuration.calendarSecretFile = directory.file("store.sqlite.calendar-secret")
            configuration.accessToken = accessToken
            configuration.host = host
            configuration.allowedHosts = allowedHosts
        }
    }

    /// The feed's path as the calendar page gives it.
    static func feedPath(
        _ server: CareKitWebServer, headers: [String: String] = ["host": "127.0.0.1:8080"],
        cookies: [String: String] = ["carekit_csrf": W.csrf]
    ) async throws -> String {
        let page = try #require(await server.handle(W.get("/settings/calendar", headers: headers, cookies: cookies)).bodyText)
        let link = try #require(page.components(separatedBy: "href=\"webcal://").dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
        let path = String(link.drop { $0 != "/" })
        #expect(page.contains("value=\"http://\(headers["host"] ?? "")\(path)\""), "the address to copy is the same")
        return path
    }

    @Test("The calendar page gives a webcal link whose feed is the care plan as iCalendar")
    func subscribeAndFetch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, server) = try await Self.server(in: directory)
        let path = try await Self.feedPath(server)
        #expect(path.hasPrefix("/calendar/") && path.hasSuffix(".ics") && path.count == "/calendar/".count + 64 + 4)
        let feed = await server.handle(W.get(path, cookies: [:]))
        #expect(feed.status == 200)
        #expect(feed.header("Content-Type") == "text/calendar; charset=utf-8")
        let text = try #require(feed.bodyText)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(text.contains("SUMMARY:Cardio"))
        #expect(text.contains("X-WR-CALNAME:\(ZombieKitApp.application.title)"))

        let mode = try FileManager.default.attributesOfItem(atPath: directory.file("store.sqlite.calendar-secret").path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "only the owner can read the secret")
        let home = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(home.contains("href=\"/settings/calendar\""), "every page links the calendar page")
    }

    @Test("The calendar page promises reminders, and every event of the demo's feed has one: the trainings ten minutes before, the vitals at their start")
    func demoReminds() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, server) = try await Self.server(in: directory)
        let page = try #require(await server.handle(W.get("/settings/calendar")).bodyText)
        #expect(page.contains("reminds you, even when this app is closed"))
        let text = try #require(await server.handle(W.get(try await Self.feedPath(server), cookies: [:])).bodyText)
        let events = text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst()
        var triggers: [String: Set<String>] = [:]
        for event in events {
            let lines = event.components(separatedBy: "\r\n")
            let summary = lines.first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) } ?? ""
            triggers[summary, default: []].formUnion(lines.filter { $0.hasPrefix("TRIGGER:") })
            #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == 1, "\(summary)")
        }
        #expect(events.count == 12, "one VEVENT a time of day")
        let before = Set(["TRIGGER:-PT10M"]), atStart = Set(["TRIGGER:PT0S"])
        #expect(triggers == ["Cardio": before, "Limber Up": before, "Target Practice": before, "Pulse": atStart, "Temperature": atStart])
    }

    @Test("A wrong secret is a 404, and replacing the secret revokes the old address")
    func wrongSecretAndReplace() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, server) = try await Self.server(in: directory)
        let old = try await Self.feedPath(server)
        for wrong in ["/calendar/" + String(repeating: "0", count: 64) + ".ics", "/calendar/abc.ics", "/calendar/.ics", String(old.dropLast(4))] {
            #expect(await server.handle(W.get(wrong)).status == 404, "\(wrong)")
        }
        #expect(await server.handle(W.post("/settings/calendar/replace", [], csrfField: "forged")).status == 403)
        #expect(await server.handle(W.get(old)).status == 200, "a forged form replaces nothing")

        let replaced = await server.handle(W.post("/settings/calendar/replace", []))
        #expect(replaced.status == 303)
        #expect(await server.handle(W.get(old)).status == 404, "the old address stops working")
        let new = try await Self.feedPath(server)
        #expect(new != old)
        #expect(await server.handle(W.get(new)).status == 200)

        // A server started again on the same folder keeps the address.
        let (_, again) = try await Self.server(in: directory)
        #expect(await again.handle(W.get(new)).status == 200)
    }

    @Test("Beyond loopback the feed needs no access token, but the page that shows it does, and a foreign Host gets nothing")
    func tokenAndHost() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let token = "correct-horse-battery-staple-42"
        let (_, server) = try await Self.server(in: directory, accessToken: token, host: "0.0.0.0", allowedHosts: ["carekit.lan"])
        let lan = ["host": "10.0.0.5:8080"]
        #expect(await server.handle(W.get("/settings/calendar", headers: lan)).status == 401)
        let path = try await Self.feedPath(server, headers: lan, cookies: ["carekit_auth": token, "carekit_csrf": W.csrf])
        #expect(await server.handle(W.get(path, headers: lan, cookies: [:])).status == 200, "a calendar app has no cookie")
        #expect(await server.handle(W.get("/calendar/" + String(repeating: "a", count: 64) + ".ics", headers: lan, cookies: [:])).status == 404)
        #expect(await server.handle(W.get(path, headers: ["host": "carekit.lan:8080"], cookies: [:])).status == 200)
        let foreign = await server.handle(W.get(path, headers: ["host": "evil.example"], cookies: [:]))
        #expect(foreign.status == 421)
        #expect(foreign.bodyText?.contains("BEGIN:VCALENDAR") == false)

        let (_, local) = try await Self.server(in: directory)
        #expect(await local.handle(W.get(path, headers: ["host": "127.0.0.1.evil.example"], cookies: [:])).status == 421, "DNS rebinding reads nothing")
    }

    @Test("An app without a calendar file has no feed and no link to it")
    func noFeed() async throws {
        let (_, server) = try await W.makeServer()
        #expect(await server.handle(W.get("/settings/calendar")).status == 404)
        #expect(await server.handle(W.get("/calendar/" + String(repeating: "0", count: 64) + ".ics")).status == 404)
        #expect(!(try #require(await server.handle(W.get("/care-card")).bodyText)).contains("/settings/calendar"))
    }
}
