import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// A task's history on its page: the entries by day with when they were recorded, and
/// correcting or deleting one (a new outcome version or a tombstone, never an overwrite).
@Suite("Web app: history")
struct HistoryWebTests {
    typealias W = WebTestSupport

    /// The demo store with 101.2 °F recorded on today's temperature and 98.6 °F yesterday.
    static func recorded() async throws -> (OCKStore, CareKitWebServer, OCKEvent<OCKTask, OCKOutcome>) {
        let (store, server) = try await W.makeServer()
        let today = try await W.todaysEvent(store, task: "temperature")
        let value = OCKOutcomeValue(101.2, units: "°F", kind: "temperature", createdDate: W.date("2026-11-26 09:41"))
        try await store.perform(.replaceValues([value]), on: today.anyEvent, now: W.now, calendar: W.calendar)
        let yesterday = try await MovingThroughTimeTests.firstEvent(store, task: "temperature", on: "2026-11-25")
        let old = OCKOutcomeValue(98.6, units: "°F", kind: "temperature", createdDate: W.date("2026-11-25 20:05"))
        try await store.perform(.replaceValues([old]), on: yesterday.anyEvent, now: W.now, calendar: W.calendar)
        return (store, server, try await W.todaysEvent(store, task: "temperature"))
    }

    static func page(_ server: CareKitWebServer) async throws -> String {
        try #require(await server.handle(W.get("/tasks/temperature")).bodyText)
    }

    /// A time as the app writes it ("9:41 AM", with the space the locale's format has).
    static func time(_ text: String) -> String {
        OCKEventFormatter(calendar: W.calendar).time(W.date(text))
    }

    static func version(_ event: OCKEvent<OCKTask, OCKOutcome>) throws -> String {
        try #require(event.outcome?.uuid.uuidString)
    }

    @Test("The history lists each day's entries, newest first, with the date and time they were recorded")
    func historyByDay() async throws {
        let (_, server, _) = try await Self.recorded()
        let html = try await Self.page(server)
        let today = try #require(html.range(of: "Thursday, November 26, 2026"))
        let yesterday = try #require(html.range(of: "Wednesday, November 25, 2026"))
        #expect(today.lowerBound < yesterday.lowerBound, "newest day first")
        #expect(html.contains("101.2 °F"))
        #expect(html.contains("Recorded Thu, Nov 26 at \(Self.time("2026-11-26 09:41"))"))
        #expect(html.contains("Recorded Wed, Nov 25 at \(Self.time("2026-11-25 20:05"))"))
        #expect(html.contains("What is your temperature?"), "a survey answer names its question")
        #expect(html.contains("/events/") && html.contains("/values/0/correct"))
    }

    @Test("Correcting a value makes a new outcome version and the page shows the change")
    func correctAValue() async throws {
        let (store, server, event) = try await Self.recorded()
        let response = await server.handle(
            W.post(
                W.eventPath(event.id) + "/values/0/correct",
                [("value", "100.1"), ("version", try Self.version(event)), ("return", "/tasks/temperature")]))
        #expect(response.status == 303)
        #expect(response.headers.contains { $0.name == "Location" && $0.value == "/tasks/temperature" })
        let after = try await W.todaysEvent(store, task: "temperature")
        let value = try #require(after.outcome?.values.first)
        #expect(value.doubleValue == 100.1)
        #expect(value.units == "°F" && value.kind == "temperature", "the unit and the question stay")
        #expect(value.createdDate == W.date("2026-11-26 09:41"), "it was recorded when it was")
        #expect(after.outcome?.previousVersionUUIDs == [event.outcome?.uuid].compactMap { $0 }, "the corrected version is kept")
        let html = try await Self.page(server)
        #expect(html.contains("100.1 °F") && !html.contains("101.2 °F"))
        #expect(html.contains("entry changed Thu, Nov 26 at \(Self.time("2026-11-26 10:00"))"))
    }

    @Test("A correction the survey does not accept is a 400 that says why, and changes nothing")
    func badCorrection() async throws {
        let (store, server, event) = try await Self.recorded()
        for bad in ["hot", "1,234", ""] {
            let response = await server.handle(W.post(W.eventPath(event.id) + "/values/0/correct", [("value", bad), ("version", try Self.version(event))]))
            #expect(response.status == 400, "\(bad)")
        }
        #expect(try await W.todaysEvent(store, task: "temperature").outcome?.values.first?.doubleValue == 101.2)
    }

    @Test("Deleting an entry leaves a tombstone; a stale page's correction or deletion is refused")
    func deleteAndStale() async throws {
        let (store, server, event) = try await Self.recorded()
        let seen = try Self.version(event)
        let deleted = await server.handle(W.post(W.eventPath(event.id) + "/values/0/delete", [("version", seen), ("return", "/tasks/temperature"), ("confirmed", "1")]))
        #expect(deleted.status == 303)
        #expect(try await W.todaysEvent(store, task: "temperature").outcome == nil)
        let html = try await Self.page(server)
        #expect(html.contains("<del class=\"ck-entry-value\">101.2 °F</del>") && html.contains("98.6 °F"), "the deleted entry stays, as deleted")

        // The page shown before the deletion tries again.
        let stale = await server.handle(W.post(W.eventPath(event.id) + "/values/0/correct", [("value", "99"), ("version", seen)]))
        #expect(stale.status == 409)
        let exported = try await store.exportVersions().compactMap { entity -> OCKOutcome? in
            if case .outcome(let outcome) = entity { return outcome } else { return nil }
        }
        #expect(exported.contains { $0.deletedDate != nil }, "a tombstone, not an erased row")
        #expect(exported.contains { $0.uuid.uuidString == seen })
    }

    @Test("History forms need the CSRF token, and stored text is escaped")
    func csrfAndEscaping() async throws {
        let (store, server, event) = try await Self.recorded()
        let forged = await server.handle(W.post(W.eventPath(event.id) + "/values/0/delete", [("version", try Self.version(event)), ("confirmed", "1")], csrfField: "wrong"))
        #expect(forged.status == 403)
        #expect(try await W.todaysEvent(store, task: "temperature").outcome != nil)

        let task = try await store.addTask(
            OCKTask(
                id: "journal", title: "Journal", carePlanUUID: nil,
                schedule: .dailyAtTime(hour: 8, minutes: 0, start: W.date("2026-11-20"), end: nil, text: nil, calendar: W.calendar)))
        let journal = try await MovingThroughTimeTests.firstEvent(store, task: task.id, on: "2026-11-26")
        try await store.perform(
            .appendValues([OCKOutcomeValue("<script>alert(1)</script>", units: nil, kind: nil, createdDate: W.now)]),
            on: journal.anyEvent, now: W.now, calendar: W.calendar)
        let html = try #require(await server.handle(W.get("/tasks/journal")).bodyText)
        #expect(!html.contains("<script>alert(1)"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("A logged number is corrected as a new one is read (a decimal comma too), keeping its unit; a tap can only be deleted")
    func correctALoggedNumber() async throws {
        let (store, server) = try await MovingThroughTimeTests.trainingStore(startedDaysAgo: 3)
        let event = try await MovingThroughTimeTests.firstEvent(store, task: "cardio", on: "2026-11-25")
        let logged = OCKOutcomeValue(81.5, units: "kg", kind: nil, createdDate: W.date("2026-11-25 07:30"))
        let after = try await store.perform(
            .appendValues([logged, OCKOutcomeValue(true, units: nil, kind: nil, createdDate: W.now)]),
            on: event.anyEvent, now: W.now, calendar: W.calendar)
        let version = try #require((after.outcome as? OCKOutcome)?.uuid.uuidString)
        let html = try #require(await server.handle(W.get("/tasks/cardio")).bodyText)
        #expect(html.contains(">81.5 kg<") && html.contains(">Done<"))
        #expect(DueNowWebTests.count("/values/0/correct", in: html) == 1 && DueNowWebTests.count("/values/1/correct", in: html) == 0, "a tap has nothing to correct")
        #expect(DueNowWebTests.count("/values/1/delete", in: html) == 1)

        let response = await server.handle(W.post(W.eventPath(event.id) + "/values/0/correct", [("value", "80,5"), ("version", version)]))
        #expect(response.status == 303)
        let corrected = try await MovingThroughTimeTests.firstEvent(store, task: "cardio", on: "2026-11-25")
        #expect(corrected.outcome?.values.first?.doubleValue == 80.5)
        #expect(corrected.outcome?.values.first?.units == "kg")
        #expect(corrected.outcome?.values.count == 2, "the other value stays")
    }

    @Test("Older entries are a link away")
    func earlierEntries() async throws {
        let (store, server) = try await MovingThroughTimeTests.trainingStore(startedDaysAgo: 90)
        let old = try await MovingThroughTimeTests.firstEvent(store, task: "cardio", on: "2026-10-15")
        try await store.perform(.complete, on: old.anyEvent, now: W.now, calendar: W.calendar)
        let html = try #require(await server.handle(W.get("/tasks/cardio")).bodyText)
        #expect(html.contains("Nothing recorded on these days."))
        #expect(MovingThroughTimeTests.links(html, class: "ck-history-earlier") == ["/tasks/cardio?until=2026-10-29"])
        let earlier = try #require(await server.handle(W.get("/tasks/cardio?until=2026-10-29")).bodyText)
        #expect(earlier.contains("Thursday, October 15, 2026"))
        #expect(earlier.contains(">Done<"))
    }
}
