import Foundation
import Testing

@testable import CareKitStore

/// A person's actions on one event (complete, log, answer, delete a value) as the store applies
/// them: one transaction each, so actions racing from many threads and stores on one file all
/// land, and "complete" is idempotent.
@Suite("Event actions")
struct StoreEventActionTests {
    typealias S = StoreTestSupport

    /// Eight `OCKStore`s on one file (eight connections, as eight processes would have).
    static func storesOnOneFile(_ count: Int = 8) -> [OCKStore] {
        let directory = S.temporaryDirectory()
        let clock = S.date("2025-06-01 12:00")
        return (0..<count).map { _ in OCKStore(name: "actions", type: .onDisk, directory: directory, clock: { clock }) }
    }

    static func firstEvent(_ store: OCKStore, _ task: OCKTask, day: String = "2025-06-01") async throws -> OCKAnyEvent {
        let events = try await S.events(store, on: day, taskIDs: [task.id])
        return try #require(events.first).anyEvent
    }

    @Test func fortyConcurrentLogsOnOneEventAllLand() async throws {
        let stores = Self.storesOnOneFile()
        let task = try await stores[0].addTask(S.dailyTask("temperature"))
        let event = try await Self.firstEvent(stores[0], task)
        let now = S.date("2025-06-01 12:00")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let store = stores[index % stores.count]
                group.addTask {
                    let value = OCKOutcomeValue(Double(index), units: "°C", kind: nil, createdDate: now)
                    try await store.perform(.appendValues([value]), on: event, now: now, calendar: S.calendar)
                }
            }
            try await group.waitForAll()
        }
        let after = try await Self.firstEvent(stores[0], task)
        let logged = (after.outcome?.values ?? []).compactMap(\.doubleValue)
        #expect(logged.count == 40, "every acknowledged log is kept")
        #expect(Set(logged) == Set((0..<40).map(Double.init)))
        // One outcome id; its history grows one version per log after the first.
        let versions = try await stores[0].fetchOutcomes(query: OCKOutcomeQuery())
        #expect(Set(versions.map(\.id)).count == 1)
        #expect(versions.count == 40)
    }

    @Test func racingCompletionsLeaveOneOutcomeAndNeverDeleteIt() async throws {
        let stores = Self.storesOnOneFile()
        let task = try await stores[0].addTask(S.dailyTask("pills"))
        let event = try await Self.firstEvent(stores[0], task)
        let now = S.date("2025-06-01 12:00")
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<30 {
                let store = stores[index % stores.count]
                group.addTask { try await store.perform(.complete, on: event, now: now, calendar: S.calendar).outcome != nil }
            }
            var all: [Bool] = []
            for try await done in group { all.append(done) }
            return all
        }
        #expect(results.count == 30 && results.allSatisfy { $0 }, "every completion reports the event done")
        #expect(try await S.rowCount(stores[0], "outcome") == 1, "one outcome version: no deletions, no second outcome")
        #expect(try await Self.firstEvent(stores[0], task).outcome?.values.first?.booleanValue == true)
    }

    @Test func racingTogglesAlternateInsteadOfFailing() async throws {
        let stores = Self.storesOnOneFile(4)
        let task = try await stores[0].addTask(S.dailyTask("pills"))
        let event = try await Self.firstEvent(stores[0], task)
        let now = S.date("2025-06-01 12:00")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                let store = stores[index % stores.count]
                group.addTask { try await store.perform(.toggleCompletion, on: event, now: now, calendar: S.calendar) }
            }
            try await group.waitForAll()
        }
        // Twenty toggles from "not done": ten completions and ten removals, in some order.
        #expect(try await Self.firstEvent(stores[0], task).outcome == nil)
        #expect(try await S.rowCount(stores[0], "outcome") == 20)
    }

    @Test func actionsEditTheCurrentValues() async throws {
        let store = S.makeStore(.inMemory)
        let task = try await store.addTask(S.dailyTask("mood"))
        let event = try await Self.firstEvent(store, task)
        let now = S.date("2025-06-01 12:00")
        let calendar = S.calendar
        func values() async throws -> [Int] {
            try await Self.firstEvent(store, task).outcome?.values.compactMap(\.integerValue) ?? []
        }
        try await store.perform(.appendValues([OCKOutcomeValue(1), OCKOutcomeValue(2)]), on: event, now: now, calendar: calendar)
        try await store.perform(.appendValues([OCKOutcomeValue(3)]), on: event, now: now, calendar: calendar)
        #expect(try await values() == [1, 2, 3])
        try await store.perform(.deleteValue(at: 1), on: event, now: now, calendar: calendar)
        #expect(try await values() == [1, 3])
        try await store.perform(.replaceValues([OCKOutcomeValue(9)]), on: event, now: now, calendar: calendar)
        #expect(try await values() == [9])
        _ = await S.expectError(.invalidValue, mentioning: ["no value number 6"]) {
            try await store.perform(.deleteValue(at: 5), on: event, now: now, calendar: calendar)
        }
        try await store.perform(.deleteValue(at: 0), on: event, now: now, calendar: calendar)
        #expect(try await Self.firstEvent(store, task).outcome == nil, "the outcome goes with its last value")
        try await store.perform(.markIncomplete, on: event, now: now, calendar: calendar)
        #expect(try await Self.firstEvent(store, task).outcome == nil, "marking a not-done event not done changes nothing")
    }

    @Test func futureDaysCannotBeFilledIn() async throws {
        let store = S.makeStore(.inMemory)
        let task = try await store.addTask(S.dailyTask("pills", hour: 0))
        let now = S.date("2025-06-01 23:59")
        let today = try await Self.firstEvent(store, task, day: "2025-06-01")
        let tomorrow = try await Self.firstEvent(store, task, day: "2025-06-02")
        try await store.perform(.complete, on: today, now: now, calendar: S.calendar)
        for action in [OCKEventAction.complete, .toggleCompletion, .appendValues([OCKOutcomeValue(98.6)]), .replaceValues([OCKOutcomeValue(1)])] {
            do {
                try await store.perform(action, on: tomorrow, now: now, calendar: S.calendar)
                Issue.record("\(action) was accepted for tomorrow's event")
            } catch let error as OCKStoreError {
                #expect(error.reason.contains("has not happened yet"))
                #expect(error.reason.contains("2025-06-02 00:00"))
            }
        }
        #expect(try await Self.firstEvent(store, task, day: "2025-06-02").outcome == nil)
        // The same moment is "tomorrow" only in the calendar that says so: in UTC it is 03:59 on June 2.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        try await store.perform(.complete, on: tomorrow, now: now, calendar: utc)
    }

    /// A store without its own `perform` gets the protocol's, with the same rules.
    @Test func theCoordinatorRoutesActionsToTheTasksStore() async throws {
        let store = S.makeStore(.inMemory)
        let task = try await store.addTask(S.dailyTask("pills"))
        let coordinator = OCKStoreCoordinator()
        coordinator.attach(store: OCKStore(name: "other", type: .inMemory))
        coordinator.attach(store: store)
        let event = try await Self.firstEvent(store, task)
        let done = try await coordinator.perform(.complete, on: event, now: S.date("2025-06-01 12:00"), calendar: S.calendar)
        #expect(done.outcome != nil)
        #expect(try await Self.firstEvent(store, task).outcome != nil)
    }
}
