import Foundation
import Testing

@testable import CareKitStore

@Suite("Query streams")
struct StoreStreamTests {
    typealias S = StoreTestSupport

    @Test(arguments: S.Kind.allCases)
    func emitsCurrentResultFirst(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        try await store.addTask(S.dailyTask("walk"))
        let recorder = StreamRecorder(store.tasks(matching: OCKTaskQuery()))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(recorder.values.first?.map(\.id) == ["walk"])
    }

    @Test(arguments: S.Kind.allCases)
    func emitsAfterAddUpdateAndDelete(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var query = OCKTaskQuery()
        query.ids = ["walk"]
        let recorder = StreamRecorder(store.tasks(matching: query))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(recorder.values[0].isEmpty)

        let added = try await store.addTask(S.dailyTask("walk"))
        #expect(await recorder.wait(forCount: 2) == 2)
        #expect(recorder.values[1].map(\.title) == ["walk"])

        var changed = added
        changed.title = "Walk 20 minutes"
        changed.effectiveDate = S.date("2025-02-01")
        try await store.updateTask(changed)
        #expect(await recorder.wait(forCount: 3) == 3)
        // Without a date interval the query returns every version, newest first.
        #expect(recorder.values[2].map(\.title) == ["Walk 20 minutes", "walk"])

        var tombstone = changed
        tombstone.effectiveDate = S.date("2025-03-01")
        try await store.deleteTask(tombstone)
        // Tombstones are never returned, but the fetch now matches the stream's view of the
        // same query: still both live versions. Query the day after deletion instead:
        let afterDeletion = StreamRecorder(store.tasks(matching: OCKTaskQuery(for: S.date("2025-03-05"), calendar: S.calendar)))
        #expect(await afterDeletion.wait(forCount: 1) == 1)
        #expect(afterDeletion.values[0].isEmpty)
    }

    @Test(arguments: S.Kind.allCases)
    func silentAfterUnrelatedWrites(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var query = OCKTaskQuery()
        query.ids = ["walk"]
        try await store.addTask(S.dailyTask("walk"))
        let recorder = StreamRecorder(store.tasks(matching: query))
        #expect(await recorder.wait(forCount: 1) == 1)

        // A task that does not match, a contact, and a patient: none changes the result.
        try await store.addTask(S.dailyTask("swim"))
        try await store.addContact(OCKContact(id: "dr", givenName: "Ruth", familyName: "Pérez", carePlanUUID: nil))
        try await store.addPatient(OCKPatient(id: "jane", givenName: "Jane", familyName: "Doe"))
        #expect(await recorder.wait(forCount: 2, seconds: 0.6) == 1)
    }

    @Test(arguments: S.Kind.allCases)
    func eventStreamFollowsOutcomes(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pill"))
        let recorder = StreamRecorder(store.events(matching: OCKEventQuery(dateInterval: S.day("2025-01-03"))))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(recorder.values[0].map(\.outcome) == [nil])

        let outcome = try await store.addOutcome(S.outcome(task, 2))
        #expect(await recorder.wait(forCount: 2) == 2)
        #expect(recorder.values[1].first?.outcome?.id == outcome.id)

        // An outcome for another day changes nothing on this day.
        try await store.addOutcome(S.outcome(task, 5))
        #expect(await recorder.wait(forCount: 3, seconds: 0.6) == 2)

        try await store.deleteOutcome(outcome)
        #expect(await recorder.wait(forCount: 3) == 3)
        #expect(recorder.values[2].first?.outcome == nil)
    }

    @Test func streamAndFetchAgreeOnLimitOffsetAndExclusion() async throws {
        let store = S.makeStore(.inMemory)
        // Tasks a…e; b and d have ended before the interval, so they have no events in it.
        for id in ["a", "b", "c", "d", "e"] {
            let ended = id == "b" || id == "d"
            try await store.addTask(S.dailyTask(id, start: "2025-01-01", end: ended ? "2025-01-05" : nil))
        }
        var query = OCKTaskQuery(dateInterval: S.day("2025-01-10"))
        query.sortDescriptors = [.title(ascending: true)]
        query.limit = 2
        query.offset = 1
        query.excludesTasksWithNoEvents = true
        let fetched = try await store.fetchTasks(query: query)
        let recorder = StreamRecorder(store.tasks(matching: query))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(fetched.map(\.id) == ["c", "e"])
        #expect(recorder.values[0].map(\.id) == fetched.map(\.id))
    }

    @Test func outcomeStreamHidesDeletedOutcomesLikeFetch() async throws {
        let store = S.makeStore(.inMemory)
        let task = try await store.addTask(S.dailyTask("pill"))
        let outcome = try await store.addOutcome(S.outcome(task, 0))
        try await store.deleteOutcome(outcome)
        let recorder = StreamRecorder(store.outcomes(matching: OCKOutcomeQuery()))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(recorder.values[0].isEmpty)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty)
    }

    @Test func cancellingTheConsumerEndsTheSubscription() async throws {
        let store = S.makeStore(.inMemory)
        let recorder = StreamRecorder(store.tasks(matching: OCKTaskQuery()))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(store.changeNotifier.subscriberCount == 1)
        recorder.cancel()
        var remaining = store.changeNotifier.subscriberCount
        for _ in 0..<200 where remaining > 0 {
            try await Task.sleep(for: .milliseconds(10))
            remaining = store.changeNotifier.subscriberCount
        }
        #expect(remaining == 0)
        try await store.addTask(S.dailyTask("after"))
        #expect(recorder.count == 1)
    }

    @Test func writesThroughAnotherInstanceOnTheSameFileAreSeen() async throws {
        let directory = S.temporaryDirectory()
        let clock = S.date("2025-06-01 12:00")
        let reader = OCKStore(name: "shared", type: .onDisk, directory: directory, clock: { clock })
        let writer = OCKStore(name: "shared", type: .onDisk, directory: directory, clock: { clock })
        let recorder = StreamRecorder(reader.tasks(matching: OCKTaskQuery()))
        #expect(await recorder.wait(forCount: 1) == 1)
        try await writer.addTask(S.dailyTask("from-writer"))
        #expect(await recorder.wait(forCount: 2) == 2)
        #expect(recorder.values.last?.map(\.id) == ["from-writer"])
    }

    @Test func typeErasedStreamsEmitToo() async throws {
        let store = S.makeStore(.inMemory)
        let recorder = StreamRecorder(store.anyTasks(matching: OCKTaskQuery()))
        #expect(await recorder.wait(forCount: 1) == 1)
        try await store.addTask(S.dailyTask("walk"))
        #expect(await recorder.wait(forCount: 2) == 2)
        #expect(recorder.values[1].map(\.id) == ["walk"])
    }
}
