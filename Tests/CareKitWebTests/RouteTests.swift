import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

/// The app's addresses are spelled once (``OCKWebRoute``): every link and form of every page
/// leads to a route the server answers, ids of any spelling survive the trip, and docs/web.md
/// lists exactly the routes there are.
@Suite("Web app: routes")
struct RouteTests {
    typealias W = WebTestSupport

    /// One route of each kind, with awkward ids.
    static let samples: [OCKWebRoute] = [
        .home, .tab("care-card"), .completeEvent("3F2504E0-4F89-11D3-9A0C-0305E82C3301#4"), .logEvent("a/b#1"),
        .deleteEventValue("e#0", index: 2), .restoreEventValues("e#0"), .correctEventValue("e#1", index: 0), .survey("x y#3"), .task("vitamin+c/am"), .newTask, .editTask("a/b c"), .stopTask("x#y"),
        .welcome, .contact("100% real"), .newContact, .editContact("new"), .removeContact("a/b c"), .aboutYou, .report, .liveChanges, .asset(.stylesheet), .calendarFeed("0f1e"), .calendarSettings,
        .replaceCalendarSecret, .settings, .passcode, .lock, .unlock, .health,
        .manifest, .serviceWorker, .legacyFavicon
    ]

    @Test func everyRouteReadsBackFromThePathItWrites() throws {
        // Every row of the table has a sample; each is written as a path, read back with each of its methods.
        let problems = OCKWebRoute.table.roundTripProblems(Self.samples)
        #expect(problems.isEmpty, "\(problems)")
        for route in Self.samples {
            for method in route.methods {
                #expect(try OCKWebRoute(method: method, path: route.path) == route, "\(route.path)")
            }
        }
        #expect(OCKWebRoute.asset(.icon).path == "/assets/favicon.svg")
        #expect(OCKWebRoute.task("vitamin+c/am").path(query: [("return", "/care-card")]) == "/tasks/vitamin%2Bc%2Fam?return=%2Fcare-card")
    }

    @Test(arguments: [
        ("GET", "/nowhere/at/all", 404), ("GET", "/live/changes/more", 404), ("GET", "/assets/other.js", 404), ("POST", "/care-card", 405),
        ("GET", "/events/e/complete", 405), ("DELETE", "/survey/e", 405), ("POST", "/events/e/values/x/delete", 400), ("GET", "/tasks/%ZZ", 400)
    ])
    func aPathTheAppDoesNotHaveIsRefusedWithTheRightStatus(_ method: String, _ path: String, _ status: Int) {
        let error = #expect(throws: HTTPError.self) { try OCKWebRoute(method: method, path: path) }
        #expect(error?.status == status, "\(method) \(path)")
        if status == 405 { #expect(error?.headers.contains { $0.name == "Allow" } == true) }
    }

    @Test func everyLinkAndFormOfEveryPageLeadsToARoute() async throws {
        let (store, server) = try await W.makeServer()
        let temperature = try await W.todaysEvent(store, task: "temperature")
        var pages = [
            "/care-card", "/symptoms", "/insights", "/connect", "/connect/hershel-greene", "/tasks/cardio", "/plan/new", "/welcome", "/tasks/cardio/stop", "/tasks/cardio/edit", "/contacts/new",
            "/connect/hershel-greene/edit", "/connect/hershel-greene/remove", "/about-you", "/report"
        ]
        pages.append("/survey/" + URLEncoding.encode(temperature.id))
        var checked = 0
        for page in pages {
            let html = try #require(await server.handle(W.get(page)).bodyText, "\(page)")
            for (method, link) in Self.targets(in: html) where link.hasPrefix("/") && !link.hasPrefix("//") {
                let target = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])  // a browser keeps the fragment
                let path = String(target.split(separator: "?", maxSplits: 1)[0])
                #expect(throws: Never.self, "\(page) leads to \(method) \(target)") { _ = try OCKWebRoute(method: method, path: path) }
                if method == "GET", !path.hasPrefix("/live") {
                    #expect(await server.handle(W.get(target)).status < 400, "\(page) links to \(target), which fails")
                }
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    /// The `href`s, `src`s and form actions of a page, with the method they are fetched with.
    static func targets(in html: String) -> [(method: String, target: String)] {
        var found: [(String, String)] = []
        for tag in html.components(separatedBy: "<").dropFirst() {
            let head = tag.prefix { $0 != ">" }
            func attribute(_ name: String) -> String? {
                head.components(separatedBy: " \(name)=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            }
            let decoded = { (text: String) in text.replacingOccurrences(of: "&amp;", with: "&") }
            if head.hasPrefix("form"), let action = attribute("action") {
                found.append(((attribute("method") ?? "get").uppercased(), decoded(action)))
            } else if let target = attribute("href") ?? attribute("src") ?? attribute("data-ck-live") {
                found.append(("GET", decoded(target)))
            }
        }
        return found
    }

    @Test func anIdWithPlusesAndSlashesReachesItsPageThroughTheRealServer() async throws {
        let (store, server) = try await W.makeServer { $0.port = 0 }
        let task = OCKTask(
            id: "vitamin+c/am", title: "Vitamin C", carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 9, minutes: 0, start: W.date("2026-11-20"), end: nil, text: nil, calendar: W.calendar))
        try await store.addTask(task)
        let port = try server.start()
        defer { server.stop() }
        let card = try await RawClient.get("/care-card", port: port).response
        let link = try #require(Self.targets(in: card).map(\.target).first { $0.hasPrefix("/tasks/vitamin") })
        let detail = try await RawClient.get(link, port: port).response
        #expect(detail.hasPrefix("HTTP/1.1 200"), "\(link): \(detail.prefix(40))")
        #expect(detail.contains("<h1 class=\"ck-page-title\">Vitamin C</h1>"))
    }

    @Test func theDocumentationListsExactlyTheRoutesThereAre() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/web.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for route in Self.samples {
            let spelled = "`\(route.methods.joined(separator: "|")) \(route.pattern)"
            #expect(text.contains(spelled), "docs/web.md does not list \(spelled)`")
        }
        // Every route row of the table (its first cell a method and a path) is one the app answers.
        let rows = text.split(separator: "\n").compactMap { row -> [Substring]? in
            guard row.hasPrefix("| `") else { return nil }
            let parts = row.dropFirst(3).prefix { $0 != "`" }.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[1].hasPrefix("/"), parts[0].split(separator: "|").allSatisfy({ ["GET", "HEAD", "POST"].contains($0) }) else { return nil }
            return parts
        }
        #expect(rows.count == Self.samples.count)
        for parts in rows {
            let path = String(parts[1].prefix { $0 != "?" }).replacingOccurrences(of: "{index}", with: "0")
                .replacingOccurrences(of: "{file}", with: "carekit.js").replacingOccurrences(of: "{feed}", with: "secret.ics").replacingOccurrences(of: "{", with: "x").replacingOccurrences(
                    of: "}", with: "")
            for method in parts[0].split(separator: "|") {
                #expect(throws: Never.self, "docs/web.md lists \(method) \(path)") { _ = try OCKWebRoute(method: String(method), path: path) }
            }
        }
    }
}
