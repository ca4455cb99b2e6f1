import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Synchronization
import Testing
import ZombieKit

@testable import CareKitWeb

/// Kept cards (``OCKCardCache``) are never stale: after each kind of change, a server that
/// keeps cards answers byte for byte what a server that builds every card answers, on the same
/// store at the same moment. Pages are not kept by either, so every answer is rendered.
@Suite("Web app: kept cards are never stale")
struct CardCacheWebTests {
    typealias W = WebTestSupport

    /// "Now", moved by the test.
    final class Clock: Sendable {
        private let time = Mutex(W.now)
        var now: Date { time.withLock { $0 } }
        func set(_ date: Date) { time.withLock { $0 = date } }
    }

    /// The ZombieKit plan in a store on disk, and two servers of the standard app on it: one
    /// keeps cards (as `carekit serve --no-page-cache` does), the other keeps nothing.
    struct Harness {
        let folder = TestFolders.make("card-cache")
        let clock = Clock()
        let store: OCKStore
        let kept: CareKitWebServer
        let built: CareKitWebServer

        init() async throws {
            let clock = self.clock
            store = OCKStore(name: "care", type: .onDisk, directory: folder, clock: { clock.now })
            try await CarePlanData(startingInWeekOf: W.now, calendar: W.calendar).seed(into: store)
            var configuration = CareKitWebServer.Configuration(calendar: W.calendar, clock: { clock.now })
            configuration.cachesPages = false
            kept = try CareKitWebServer(store: store, application: .standard(), configuration: configuration)
            configuration.cardCache = nil
            built = try CareKitWebServer(store: store, application: .standard(), configuration: configuration)
        }

        /// The page at `path` from the server that keeps cards, after checking that the one
        /// that builds them answers the same (the store's generation aside: another process's
        /// commit may be counted between the two answers).
        func page(_ path: String, cookies: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
            let request = W.get(path, cookies: cookies.merging(["carekit_csrf": W.csrf]) { mine, _ in mine })
            let fromKept = try #require(await kept.handle(request).bodyText, sourceLocation: sourceLocation)
            let fromBuilt = try #require(await built.handle(request).bodyText, sourceLocation: sourceLocation)
            #expect(Self.masked(fromKept) == Self.masked(fromBuilt), "a kept card shows what a card built now shows", sourceLocation: sourceLocation)
            return Self.masked(fromKept)
        }

        static func masked(_ page: String) -> String {
            page.replacing(/data-ck-generation="[0-9]+"/, with: "data-ck-generation")
        }

        /// Taps an event's checkmark through the server that keeps cards.
        func tap(_ event: OCKEvent<OCKTask, OCKOutcome>, completed: Bool) async throws {
            let response = await kept.handle(W.post(W.eventPath(event.id) + "/complete", [("completed", completed ? "true" : "false"), ("return", "/care-card")]))
            #expect(response.status == 303)
        }
    }

    @Test("A page rendered again reuses its cards, and is the page built anew")
    func reused() async throws {
        let harness = try await Harness()
        let first = try await harness.page("/care-card")
        let cache = try #require(harness.kept.configuration.cardCache)
        let before = cache.statistics
        let second = try await harness.page("/care-card")
        let after = cache.statistics
        #expect(first == second)
        #expect(after.misses == before.misses, "nothing changed: no card was built again")
        #expect(after.hits - before.hits >= 4, "the three cards and the week calendar were found")
        #expect(cache.count >= 4)
    }

    @Test("Kept cards serve every browser, each with its own form token")
    func browsers() async throws {
        let harness = try await Harness()
        let other = String(repeating: "cd", count: 32)
        let first = try await harness.page("/care-card")
        let cache = try #require(harness.kept.configuration.cardCache)
        let before = cache.statistics
        let second = try await harness.page("/care-card", cookies: ["carekit_csrf": other])
        #expect(cache.statistics.misses == before.misses, "another browser's page finds the same cards")
        #expect(first.contains(W.csrf) && !first.contains(other))
        #expect(second.contains(other) && !second.contains(W.csrf), "each page carries its own browser's token only")
        #expect(second.replacingOccurrences(of: other, with: W.csrf) == first)
    }

    @Test("A tap and its undo show at once")
    func tapAndUndo() async throws {
        let harness = try await Harness()
        let untouched = try await harness.page("/care-card")
        let event = try await W.todaysEvent(harness.store, task: "Target Practice")
        try await harness.tap(event, completed: true)
        let done = try await harness.page("/care-card")
        #expect(done != untouched)
        try await harness.tap(event, completed: false)
        let undone = try await harness.page("/care-card")
        #expect(undone == untouched, "the undo shows the card as it was")
    }

    @Test("Another process's write shows at once")
    func anotherProcess() async throws {
        let harness = try await Harness()
        let untouched = try await harness.page("/care-card")
        // Another store on the same file: other connections, as another process has.
        let other = OCKStore(name: "care", type: .onDisk, directory: harness.folder, clock: { W.now })
        defer { other.close() }
        let event = try await W.todaysEvent(other, task: "cardio")
        _ = try await other.perform(.complete, on: event.anyEvent, now: W.now, calendar: W.calendar)
        let changed = try await harness.page("/care-card")
        #expect(changed != untouched)
    }

    @Test("A new task version shows at once")
    func taskVersion() async throws {
        let harness = try await Harness()
        _ = try await harness.page("/care-card")
        var task = try await W.todaysEvent(harness.store, task: "Limber Up").task
        task.title = "Limber Up Gently"
        task.effectiveDate = W.calendar.startOfDay(for: W.now)
        _ = try await harness.store.updateTask(task)
        let changed = try await harness.page("/care-card")
        #expect(changed.contains("Limber Up Gently"))
    }

    @Test("Another language and other units show at once")
    func languageAndUnits() async throws {
        let harness = try await Harness()
        let english = try await harness.page("/care-card")
        let spanish = try await harness.page("/care-card", cookies: ["carekit_lang": "es"])
        #expect(spanish != english)
        #expect(try await harness.page("/care-card") == english)
        // A temperature taken in °F, shown in each system.
        let temperature = try await W.todaysEvent(harness.store, task: "temperature")
        var outcome = OCKOutcome(
            taskUUID: temperature.task.uuid, taskOccurrenceIndex: temperature.scheduleEvent.occurrence,
            values: [OCKOutcomeValue(98.6, units: "°F", kind: "temperature", createdDate: W.now)])
        outcome.effectiveDate = W.now
        _ = try await harness.store.addOutcome(outcome)
        let metric = try await harness.page("/symptoms", cookies: ["carekit_units": "metric"])
        let us = try await harness.page("/symptoms", cookies: ["carekit_units": "us"])
        #expect(metric.contains("37.0 °C"))
        #expect(us.contains("98.6 °F"))
    }

    @Test("An event becoming due and overdue, and midnight, show at once")
    func time() async throws {
        let harness = try await Harness()
        harness.clock.set(W.date("2026-11-26 09:50"))
        let early = try await harness.page("/care-card")
        harness.clock.set(W.date("2026-11-26 10:05"))
        let due = try await harness.page("/care-card")
        #expect(due != early, "target practice at 10:00 is due now")
        harness.clock.set(W.date("2026-11-26 10:45"))
        let overdue = try await harness.page("/care-card")
        #expect(overdue != due, "and overdue once its half hour is over")
        harness.clock.set(W.date("2026-11-26 23:59"))
        let lastMinute = try await harness.page("/care-card")
        #expect(lastMinute.contains("Thursday, November 26, 2026"))
        harness.clock.set(W.date("2026-11-27 00:01"))
        let nextDay = try await harness.page("/care-card")
        #expect(nextDay.contains("Friday, November 27, 2026"))
    }
}
