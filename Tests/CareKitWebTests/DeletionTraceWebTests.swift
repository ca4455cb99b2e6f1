import CareKit
import CareKitStore
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// Nothing recorded disappears without a trace: a delete asks first, stays in the history as
/// deleted with when, and can be undone for a while, as a new version.
@Suite("Web app: deletions")
struct DeletionTraceWebTests {
    typealias W = WebTestSupport

    /// The demo store with 310 recorded at 8:02 on today's pulse (a slip for 130 that a patient deletes).
    static func recorded() async throws -> (OCKStore, CareKitWebServer, OCKEvent<OCKTask, OCKOutcome>) {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "pulse")
        let value = OCKOutcomeValue(210, units: "bpm", kind: "pulse", createdDate: W.date("2026-11-26 08:02"))
        try await store.perform(.replaceValues([value]), on: event.anyEvent, now: W.date("2026-11-26 08:02"), calendar: W.calendar)
        return (store, server, try await W.todaysEvent(store, task: "pulse"))
    }

    @Test("Delete asks first, without a script: a page that names the entry, Delete and Keep it")
    func deleteAsks() async throws {
        let (store, server, event) = try await Self.recorded()
        let path = W.eventPath(event.id) + "/values/0/delete"
        let asked = try #require(await server.handle(W.get(path + "?return=/tasks/pulse")).bodyText)
        #expect(asked.contains("Delete this entry?"))
        #expect(asked.contains("Pulse: 210 bpm, recorded Thu, Nov 26 at"))
        #expect(asked.contains("It stays in the history as deleted, and you can undo it for 30 minutes."))
        #expect(asked.contains(#"name="confirmed" value="1""#) && asked.contains(#"href="/tasks/pulse""#))
        let unconfirmed = await server.handle(W.post(path, [("version", try #require(event.outcome?.uuid.uuidString))]))
        #expect(unconfirmed.status == 200, "a post without confirmed=1 asks too")
        #expect(try await W.todaysEvent(store, task: "pulse").outcome != nil, "nothing is deleted before the patient confirms")
        let history = try #require(await server.handle(W.get("/tasks/pulse")).bodyText)
        let correct = try #require(history.range(of: "ck-correct-button"))
        let delete = try #require(history.range(of: "ck-link-button ck-delete"))
        #expect(correct.lowerBound < delete.lowerBound, "Correct comes first, as a button; Delete is a quieter link after it")
    }

    @Test("A deleted entry stays in the history with when it was recorded and deleted, and Undo brings it back as a new version")
    func deletedIsShownAndUndone() async throws {
        let (store, server, event) = try await Self.recorded()
        let version = try #require(event.outcome?.uuid.uuidString)
        let deleted = await server.handle(W.post(W.eventPath(event.id) + "/values/0/delete", [("version", version), ("confirmed", "1"), ("return", "/tasks/pulse")]))
        #expect(deleted.status == 303)
        #expect(try await W.todaysEvent(store, task: "pulse").outcome == nil)
        let history = try #require(await server.handle(W.get("/tasks/pulse")).bodyText)
        let time = { (text: String) in OCKEventFormatter(calendar: W.calendar).time(W.date(text)) }
        #expect(history.contains("210 bpm, recorded Thu, Nov 26 at \(time("2026-11-26 08:02")), deleted Thu, Nov 26 at \(time("2026-11-26 10:00"))"))
        #expect(history.contains("Undo deleting 210 bpm"))

        // A new reading of 130 after the slip: both are in the history.
        let today = try await W.todaysEvent(store, task: "pulse")
        try await store.perform(.appendValues([OCKOutcomeValue(130, units: "bpm", kind: "pulse", createdDate: W.now)]), on: today.anyEvent, now: W.now, calendar: W.calendar)
        let both = try #require(await server.handle(W.get("/tasks/pulse")).bodyText)
        #expect(both.contains(">130 bpm<") && both.contains("<del class=\"ck-entry-value\">210 bpm</del>"))

        #expect(both.contains("/values/restore"))
        let removedBy = try #require(Self.field("removed_by", in: both))
        let recorded = try #require(Self.field("recorded", in: both))
        let undone = await server.handle(W.post(W.eventPath(today.id) + "/values/restore", [("removed_by", removedBy), ("recorded", recorded), ("return", "/tasks/pulse")]))
        #expect(undone.status == 303)
        let after = try #require(try await W.todaysEvent(store, task: "pulse").outcome)
        #expect(after.values.compactMap(\.numericValue).sorted() == [130, 210], "the deleted value is back, beside the new one")
        #expect(after.values.first { $0.numericValue == 210 }?.createdDate == W.date("2026-11-26 08:02"), "with the time it was recorded")
        #expect(!after.previousVersionUUIDs.isEmpty, "as a new version of the outcome")
        let restored = try #require(await server.handle(W.get("/tasks/pulse")).bodyText)
        #expect(!restored.contains("<del class=\"ck-entry-value\">210 bpm</del>"), "no longer listed as deleted")
    }

    @Test("Undo is refused once its window has passed, and for values the store never removed")
    func undoWindow() async throws {
        let (store, server, event) = try await Self.recorded()
        let version = try #require(event.outcome?.uuid.uuidString)
        _ = await server.handle(W.post(W.eventPath(event.id) + "/values/0/delete", [("version", version), ("confirmed", "1")]))
        let history = try #require(await server.handle(W.get("/tasks/pulse")).bodyText)
        let removedBy = try #require(Self.field("removed_by", in: history))
        let forged = await server.handle(W.post(W.eventPath(event.id) + "/values/restore", [("removed_by", removedBy), ("recorded", "12345")]))
        #expect(forged.status == 409, "the values come from the store's history, not the form")

        // 31 minutes later, the same store.
        let later = W.now.addingTimeInterval(31 * 60)
        let recorded = try #require(Self.field("recorded", in: history))
        let server2 = try CareKitWebServer(store: store, application: ZombieKitApp.application, configuration: .init(calendar: W.calendar, clock: { later }))
        let late = await server2.handle(W.post(W.eventPath(event.id) + "/values/restore", [("removed_by", removedBy), ("recorded", recorded)]))
        #expect(late.status == 409)
        #expect(try await W.todaysEvent(store, task: "pulse").outcome == nil)
        let page = try #require(await server2.handle(W.get("/tasks/pulse")).bodyText)
        #expect(page.contains("<del class=\"ck-entry-value\">210 bpm</del>") && !page.contains("Undo deleting"), "still shown as deleted, without Undo")
    }

    /// The value of the first hidden field `name` on a page.
    static func field(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
