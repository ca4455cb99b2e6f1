import Foundation
import Synchronization
import Testing

@testable import CareKitStore

/// Writes say which tasks they touched, so a stream limited to other tasks does not even re-run
/// its query: a page with a card per task stays cheap to update however many cards it holds.
@Suite("Task-scoped store changes")
struct ScopedChangeTests {
    typealias S = StoreTestSupport

    /// Collects the store's change records in the background.
    private func recordChanges(of store: OCKStore) -> StreamRecorder<OCKStoreChange> {
        StreamRecorder(store.storeChanges())
    }

    /// Waits for the change records to reach `count`, then returns the last one.
    private func change(_ recorder: StreamRecorder<OCKStoreChange>, number count: Int) async -> OCKStoreChange? {
        await recorder.wait(forCount: count)
        return recorder.values.count == count ? recorder.values.last : nil
    }

    @Test(arguments: S.Kind.allCases)
    func writesReportTheTasksTheyTouched(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let changes = recordChanges(of: store)

        let pill = try await store.addTask(S.dailyTask("pill"))
        #expect(await change(changes, number: 1) == OCKStoreChange(entityTypes: [.task], taskIDs: ["pill"]))
        let walk = try await store.addTask(S.dailyTask("walk"))
        #expect(await change(changes, number: 2) == OCKStoreChange(entityTypes: [.task], taskIDs: ["walk"]))

        let outcome = try await store.addOutcome(S.outcome(pill, 2))
        let third = try #require(pill.schedule.event(forOccurrenceIndex: 2))
        let thirdSpan = DateInterval(start: third.start, end: third.end)
        #expect(await change(changes, number: 3) == OCKStoreChange(entityTypes: [.outcome], taskIDs: ["pill"], eventSpan: thirdSpan))

        // Moving an outcome to another task and day changes the events of both tasks, and the
        // time from the old event to the new.
        var moved = outcome
        moved.taskUUID = walk.uuid
        moved.taskOccurrenceIndex = 4
        try await store.updateOutcome(moved)
        let fifth = try #require(walk.schedule.event(forOccurrenceIndex: 4))
        let bothSpan = DateInterval(start: third.start, end: fifth.end)
        #expect(await change(changes, number: 4) == OCKStoreChange(entityTypes: [.outcome], taskIDs: ["pill", "walk"], eventSpan: bothSpan))

        try await store.deleteOutcome(moved)
        #expect(await change(changes, number: 5) == OCKStoreChange(entityTypes: [.outcome], taskIDs: ["pill", "walk"], eventSpan: bothSpan))

        // Writes of other entities do not claim to know which tasks they affect.
        try await store.addContact(S.contact("dr"))
        #expect(await change(changes, number: 6) == OCKStoreChange(entityTypes: [.contact], taskIDs: nil))
    }

    @Test func otherProcessesCommitsAreAnnouncedAndThisProcesssWritesOnlyOnce() async throws {
        let store = S.makeStore(.onDisk)
        let url = try #require(store.url)
        let sibling = OCKStore(url: url, clock: { S.date("2025-06-01 12:00") })
        let changes = recordChanges(of: store)
        // Each write is followed by more than two rounds of the file watcher: neither is
        // announced again as a change of unknown scope. (Writes through both stores within the
        // same half second would be, once: harmless, streams whose result did not change stay
        // silent.)
        let pill = try await store.addTask(S.dailyTask("pill"))
        try await Task.sleep(for: .milliseconds(1_200))
        try await sibling.addOutcome(S.outcome(pill, 2))
        try await Task.sleep(for: .milliseconds(1_200))
        let event = try #require(pill.schedule.event(forOccurrenceIndex: 2))
        #expect(
            changes.values == [
                OCKStoreChange(entityTypes: [.task], taskIDs: ["pill"]),
                OCKStoreChange(entityTypes: [.outcome], taskIDs: ["pill"], eventSpan: DateInterval(start: event.start, end: event.end))
            ])

        // A connection of no OCKStore in this process commits, as another process would.
        let other = try _SQLiteConnection(path: url.path)
        try other.execute("INSERT INTO meta(key, value) VALUES ('written-by', 'another process');")
        other.close()
        #expect(await changes.wait(forCount: 3, seconds: 10) == 3)
        #expect(changes.values.last == .everything)
    }

    @Test func aStreamOfOneTaskDoesNotRerunForAnotherTasksWrites() async throws {
        let store = S.makeStore(.inMemory)
        let pill = try await store.addTask(S.dailyTask("pill"))
        let walk = try await store.addTask(S.dailyTask("walk"))
        let day = S.day("2025-01-03")

        let scopedFetches = Atomic<Int>(0)
        var pillQuery = OCKEventQuery(dateInterval: day)
        pillQuery.taskIDs = ["pill"]
        let scopedQuery = pillQuery
        let scoped = StreamRecorder(
            CareStoreQueryResults(
                fetch: {
                    scopedFetches.add(1, ordering: .relaxed); return try await store.fetchEvents(query: scopedQuery)
                },
                dependsOn: [.task, .outcome, .carePlan], tasks: ["pill"], changes: { store.storeChanges() }))
        let unscopedFetches = Atomic<Int>(0)
        let unscoped = StreamRecorder(
            CareStoreQueryResults(
                fetch: {
                    unscopedFetches.add(1, ordering: .relaxed); return try await store.fetchEvents(query: OCKEventQuery(dateInterval: day))
                },
                dependsOn: [.task, .outcome, .carePlan], changes: { store.storeChanges() }))
        #expect(await scoped.wait(forCount: 1) == 1)
        #expect(await unscoped.wait(forCount: 1) == 1)

        // A walk outcome today: the unscoped stream re-runs and emits; the pill stream does
        // not even query.
        try await store.addOutcome(S.outcome(walk, 2))
        #expect(await unscoped.wait(forCount: 2) == 2)
        try await Task.sleep(for: .milliseconds(200))
        #expect(scopedFetches.load(ordering: .relaxed) == 1)
        #expect(scoped.count == 1)

        // A pill outcome: both re-run, both emit.
        try await store.addOutcome(S.outcome(pill, 2))
        #expect(await scoped.wait(forCount: 2) == 2)
        #expect(scoped.values[1].map { $0.outcome != nil } == [true])
        #expect(scopedFetches.load(ordering: .relaxed) == 2)
        #expect(await unscoped.wait(forCount: 3) == 3)
        #expect(unscopedFetches.load(ordering: .relaxed) == 3)
    }

    @Test func storeEventStreamsOfOneTaskAreScoped() async throws {
        let store = S.makeStore(.inMemory)
        let pill = try await store.addTask(S.dailyTask("pill"))
        let walk = try await store.addTask(S.dailyTask("walk"))
        var query = OCKEventQuery(dateInterval: S.day("2025-01-03"))
        query.taskIDs = ["pill"]
        let events = StreamRecorder(store.events(matching: query))
        var outcomeQuery = OCKOutcomeQuery()
        outcomeQuery.taskIDs = ["pill"]
        let outcomes = StreamRecorder(store.outcomes(matching: outcomeQuery))
        #expect(await events.wait(forCount: 1) == 1)
        #expect(await outcomes.wait(forCount: 1) == 1)

        try await store.addOutcome(S.outcome(walk, 2))
        try await store.addOutcome(S.outcome(pill, 2))
        #expect(await events.wait(forCount: 2) == 2)
        #expect(await outcomes.wait(forCount: 2) == 2)
        #expect(events.values[1].first?.task.id == "pill")
        #expect(outcomes.values[1].map(\.taskUUID) == [pill.uuid])
    }

    @Test func relevanceRules() {
        let kinds: Set<OCKEntity.EntityType> = [.task, .outcome, .carePlan]
        func events(_ tasks: Set<String>?, _ interval: DateInterval? = nil) -> OCKQueryScope {
            OCKQueryScope(entityTypes: kinds, taskIDs: tasks, eventInterval: interval)
        }
        let walkOutcome = OCKStoreChange(entityTypes: [.outcome], taskIDs: ["walk"])
        #expect(!walkOutcome.mayAffect(events(["pill"])))
        #expect(walkOutcome.mayAffect(events(["pill", "walk"])))
        #expect(walkOutcome.mayAffect(events(nil)))
        // Unknown tasks, a care plan change, or another process's write: always re-run.
        #expect(OCKStoreChange(entityTypes: [.outcome]).mayAffect(events(["pill"])))
        #expect(OCKStoreChange(entityTypes: [.carePlan], taskIDs: []).mayAffect(events(["pill"])))
        #expect(OCKStoreChange.everything.mayAffect(events(["pill"])))
        // A kind the query does not read never matters.
        #expect(!OCKStoreChange(entityTypes: [.contact]).mayAffect(events(nil)))

        // Outcomes of events outside the query's interval do not matter; the bounds are those
        // of the query: an event that ends exactly at its start counts, one that starts exactly
        // at its end does not.
        let day = S.day("2025-01-03")
        func outcome(_ from: String, _ to: String) -> OCKStoreChange {
            OCKStoreChange(entityTypes: [.outcome], taskIDs: ["walk"], eventSpan: S.interval(from, to))
        }
        #expect(outcome("2025-01-03 08:00", "2025-01-03 09:00").mayAffect(events(nil, day)))
        #expect(!outcome("2025-01-01 08:00", "2025-01-02 09:00").mayAffect(events(nil, day)))
        #expect(!outcome("2025-01-04 00:00", "2025-01-04 01:00").mayAffect(events(nil, day)))
        #expect(outcome("2025-01-02 23:00", "2025-01-03 00:00").mayAffect(events(nil, day)))
        #expect(outcome("2024-12-01 08:00", "2025-02-01 09:00").mayAffect(events(nil, day)))
        // A task change matters at any time: a new version moves events from its effective date on.
        #expect(
            OCKStoreChange(entityTypes: [.task], taskIDs: ["walk"], eventSpan: S.interval("2025-01-01 08:00", "2025-01-01 09:00"))
                .mayAffect(events(nil, day)))
    }

    @Test func theNotifierWakesOnlyTheSubscribersAChangeConcerns() async {
        let notifier = OCKStoreChangeNotifier()
        let pillOutcomes = StreamRecorder(notifier.changes(affecting: OCKQueryScope(entityTypes: [.outcome], taskIDs: ["pill"])))
        let allOutcomes = StreamRecorder(notifier.changes(affecting: OCKQueryScope(entityTypes: [.outcome])))
        let everything = StreamRecorder(notifier.changes())
        #expect(notifier.subscriberCount == 3)

        notifier.notify(OCKStoreChange(entityTypes: [.outcome], taskIDs: ["walk"]))
        notifier.notify(OCKStoreChange(entityTypes: [.contact]))
        #expect(await everything.wait(forCount: 1) == 1)
        #expect(await allOutcomes.wait(forCount: 1) == 1)
        // The contact change was coalesced into the first wake-up, or makes a second one.
        #expect(await everything.wait(forCount: 2, seconds: 0.3) >= 1)
        #expect(allOutcomes.values[0] == OCKStoreChange(entityTypes: [.outcome], taskIDs: ["walk"]))
        #expect(pillOutcomes.count == 0)

        notifier.notify(OCKStoreChange(entityTypes: [.outcome], taskIDs: ["pill", "walk"]))
        #expect(await pillOutcomes.wait(forCount: 1) == 1)
        // A change of unknown scope reaches every subscriber of its kind.
        notifier.notify(OCKStoreChange(entityTypes: [.outcome]))
        #expect(await pillOutcomes.wait(forCount: 2) == 2)
        #expect(
            pillOutcomes.values == [
                OCKStoreChange(entityTypes: [.outcome], taskIDs: ["pill", "walk"]),
                OCKStoreChange(entityTypes: [.outcome], taskIDs: nil)
            ])

        pillOutcomes.cancel()
        allOutcomes.cancel()
        everything.cancel()
        for _ in 0..<100 where notifier.subscriberCount > 0 { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(notifier.subscriberCount == 0)
    }

    @Test func aStreamOfTodayDoesNotRerunForAnotherDaysOutcomes() async throws {
        let store = S.makeStore(.inMemory)
        let pill = try await store.addTask(S.dailyTask("pill"))
        let fetches = Atomic<Int>(0)
        let query = OCKEventQuery(dateInterval: S.day("2025-01-03"))
        let today = StreamRecorder(
            CareStoreQueryResults(
                fetch: {
                    fetches.add(1, ordering: .relaxed); return try await store.fetchEvents(query: query)
                },
                dependsOn: [.task, .outcome, .carePlan], during: query.dateInterval,
                changes: { store.storeChanges(affecting: OCKQueryScope(entityTypes: [.task, .outcome, .carePlan], eventInterval: query.dateInterval)) }))
        #expect(await today.wait(forCount: 1) == 1)
        let storeStream = StreamRecorder(store.events(matching: query))
        #expect(await storeStream.wait(forCount: 1) == 1)

        // Yesterday's and tomorrow's outcomes: no query runs.
        let yesterday = try await store.addOutcome(S.outcome(pill, 1))
        try await store.addOutcome(S.outcome(pill, 3))
        try await Task.sleep(for: .milliseconds(200))
        #expect(fetches.load(ordering: .relaxed) == 1)

        // Moving yesterday's outcome onto today's event concerns today.
        var moved = yesterday
        moved.taskOccurrenceIndex = 2
        try await store.updateOutcome(moved)
        #expect(await today.wait(forCount: 2) == 2)
        #expect(await storeStream.wait(forCount: 2) == 2)
        #expect(today.values[1].first?.outcome?.id == yesterday.id)
        #expect(storeStream.values[1].first?.outcome?.id == yesterday.id)
        #expect(fetches.load(ordering: .relaxed) == 2)
    }

    @Test func coalescedChangesKeepEveryTaskAndForgetNone() async {
        let notifier = OCKStoreChangeNotifier()
        var iterator = notifier.changes().makeAsyncIterator()
        notifier.notify(OCKStoreChange(entityTypes: [.outcome], taskIDs: ["a"], eventSpan: S.interval("2025-01-03 08:00", "2025-01-03 09:00")))
        notifier.notify(OCKStoreChange(entityTypes: [.outcome], taskIDs: ["b"], eventSpan: S.interval("2025-01-05 08:00", "2025-01-05 09:00")))
        #expect(
            await iterator.next()
                == OCKStoreChange(
                    entityTypes: [.outcome], taskIDs: ["a", "b"],
                    eventSpan: S.interval("2025-01-03 08:00", "2025-01-05 09:00")))
        notifier.notify(OCKStoreChange(entityTypes: [.outcome], taskIDs: ["a"]))
        notifier.notify(OCKStoreChange(entityTypes: [.task], taskIDs: ["b"]))
        #expect(await iterator.next() == OCKStoreChange(entityTypes: [.outcome, .task], taskIDs: ["a", "b"]))
        // One write of unknown scope makes the coalesced change unscoped.
        notifier.notify(OCKStoreChange(entityTypes: [.outcome], taskIDs: ["a"]))
        notifier.notify(OCKStoreChange(entityTypes: [.outcome]))
        #expect(await iterator.next() == OCKStoreChange(entityTypes: [.outcome], taskIDs: nil))
    }
}
