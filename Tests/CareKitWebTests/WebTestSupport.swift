import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import ZombieKit

@testable import CareKitWeb

/// Fixed time for web tests: Thursday 2026-11-26 10:00 in New York.
enum WebTestSupport {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
    static let now = date("2026-11-26 10:00")

    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork
        formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        return formatter.date(from: text) ?? Date(timeIntervalSinceReferenceDate: .nan)
    }

    /// A ZombieKit store and server, not listening (tests call `handle`).
    static func makeServer(
        demo: Bool = true, application: OCKWebApplication? = nil,
        configure: (inout CareKitWebServer.Configuration) -> Void = { _ in }
    ) async throws -> (OCKStore, CareKitWebServer) {
        let clock = now
        let store = OCKStore(name: "web", type: .inMemory, clock: { clock })
        if demo {
            try await CarePlanData(startingInWeekOf: now, calendar: calendar).seed(into: store)
        }
        var configuration = CareKitWebServer.Configuration(calendar: calendar, clock: { clock })
        configure(&configuration)
        let server = try CareKitWebServer(store: store, application: application ?? ZombieKitApp.application, configuration: configuration)
        return (store, server)
    }

    static let csrf = String(repeating: "ab", count: 32)

    static func get(_ path: String, headers: [String: String] = ["host": "127.0.0.1:8080"], cookies: [String: String] = ["carekit_csrf": csrf]) -> HTTPRequest {
        let parts = path.split(separator: "?", maxSplits: 1)
        let query = (try? URLEncoding.decodePairs(parts.count > 1 ? String(parts[1]) : "")) ?? []
        return HTTPRequest(method: "GET", path: String(parts[0]), query: query, headers: headers, cookies: cookies)
    }

    static func post(
        _ path: String, _ fields: [(String, String)], csrfField: String? = csrf, cookies: [String: String] = ["carekit_csrf": csrf],
        headers: [String: String] = ["host": "127.0.0.1:8080", "content-type": "application/x-www-form-urlencoded"]
    ) -> HTTPRequest {
        var all = fields
        if let csrfField { all.append(("csrf", csrfField)) }
        return HTTPRequest(method: "POST", path: path, headers: headers, cookies: cookies, body: Data(URLEncoding.query(all).utf8))
    }

    /// The first event of a task today.
    static func todaysEvent(_ store: OCKStore, task: String, index: Int = 0) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        var query = OCKEventQuery(for: now, calendar: calendar)
        query.taskIDs = [task]
        let events = try await store.fetchEvents(query: query)
        guard events.indices.contains(index) else { throw CocoaError(.featureUnsupported) }
        return events[index]
    }

    static func eventPath(_ id: String) -> String {
        "/events/" + URLEncoding.encode(id)
    }
}
