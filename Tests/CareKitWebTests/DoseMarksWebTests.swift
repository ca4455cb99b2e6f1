import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// A dose ticked late or early is marked on the patient's own pages as in the report: on the
/// card (the mark under its time, when it was done in its name) and in the task's history.
@Suite("Web app: doses marked late or early")
struct DoseMarksWebTests {
    typealias W = WebTestSupport

    /// A time of today as the app writes it.
    static func time(_ moment: String) -> String { HistoryWebTests.time("2026-11-26 " + moment) }

    /// Ticks today's Limber Up at `index` (7:00, 9:00, 11:00 …; each 15 minutes long) with the form.
    static func tick(_ server: CareKitWebServer, _ store: OCKStore, index: Int, at moment: String) async throws {
        let event = try await W.todaysEvent(store, task: "Limber Up", index: index)
        let tapped = String(Int(W.date("2026-11-26 " + moment).timeIntervalSince1970 * 1000))
        let response = await server.handle(W.post(W.eventPath(event.id) + "/complete", [("completed", "true"), ("tapped_at", tapped), ("return", "/care-card")]))
        #expect(response.status == 303)
    }

    @Test("The 7:00 stretch ticked at 10:00 is 2 h 45 min late on the card; the 1:00 PM one ticked at 10:00 is 2 h early")
    func cardMarks() async throws {
        let (store, server) = try await W.makeServer()
        try await Self.tick(server, store, index: 0, at: "10:00")
        try await Self.tick(server, store, index: 3, at: "10:00")
        try await Self.tick(server, store, index: 2, at: "10:00")
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(html.contains("<span class=\"ock-label ock-text-caption1 ock-checkmark-detail\">◷ 2 h 45 min late</span>"))
        #expect(html.contains("<span class=\"ock-label ock-text-caption1 ock-checkmark-detail\">◷ 2 h early</span>"))
        #expect(html.contains("aria-label=\"\(Self.time("07:00")), Limber Up, ◷ 2 h 45 min late, marked at \(Self.time("10:00"))\""))
        #expect(html.contains("aria-label=\"\(Self.time("11:00")), Limber Up\""), "an hour before the start is on time: no mark")
    }

    @Test("The task's history says when each dose was marked, and by how much it was late")
    func historyMarks() async throws {
        let (store, server) = try await W.makeServer()
        try await Self.tick(server, store, index: 0, at: "10:00")
        let html = try #require(await server.handle(W.get("/tasks/Limber%20Up")).bodyText)
        #expect(html.contains("Recorded Thu, Nov 26 at \(Self.time("10:00")) · <span class=\"ck-entry-mark\">◷ 2 h 45 min late</span>"))
    }

    @Test("A dose ticked on time carries no mark anywhere")
    func onTimeIsUnmarked() async throws {
        let (store, server) = try await W.makeServer()
        try await Self.tick(server, store, index: 1, at: "09:05")
        let card = try #require(await server.handle(W.get("/care-card")).bodyText)
        let history = try #require(await server.handle(W.get("/tasks/Limber%20Up")).bodyText)
        #expect(!card.contains("ock-checkmark-detail") && !history.contains("ck-entry-mark"))
    }

    @Test("The marks are in the patient's language")
    func marksInGerman() async throws {
        let (store, server) = try await W.makeServer()
        try await Self.tick(server, store, index: 0, at: "10:00")
        let html = try #require(await server.handle(W.get("/care-card", cookies: ["carekit_csrf": W.csrf, "carekit_lang": "de"])).bodyText)
        #expect(html.contains("◷ 2 Std. 45 Min. zu spät"))
    }
}
