import Foundation
import Testing

@testable import CareKitStore

/// The rules an outcome must follow, which version of an outcome wins, and the task update
/// guard that keeps recorded outcomes visible.
@Suite("Outcomes")
struct StoreOutcomeTests {
    typealias S = StoreTestSupport

    @Test(arguments: S.Kind.allCases)
    func anOutcomeNeedsAStoredLiveTaskVersion(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))

        let stranger = S.dailyTask("never-stored")
        await S.expectError(.invalidValue, mentioning: [stranger.uuid.uuidString]) {
            try await store.addOutcome(S.outcome(stranger, 0, id: "o1"))
        }

        var stop = task
        stop.effectiveDate = S.date("2025-01-10")
        let tombstone = try await store.deleteTask(stop)
        await S.expectError(.invalidValue, mentioning: ["pills", tombstone.uuid.uuidString]) {
            try await store.addOutcome(S.outcome(tombstone, 0, id: "o2"))
        }
        // The live version still takes outcomes before the deletion, not after it.
        try await store.addOutcome(S.outcome(task, 8, id: "jan9"))
        await S.expectError(.invalidValue, mentioning: ["pills", "deleted"]) {
            try await store.addOutcome(S.outcome(task, 9, id: "jan10"))
        }
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).map(\.id) == ["jan9"])
    }

    @Test(arguments: S.Kind.allCases)
    func theOccurrenceMustExistAndBeOwnedByTheVersion(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var task = S.dailyTask("pills", end: "2025-01-31")
        task.effectiveDate = S.date("2025-01-05")  // the schedule starts Jan 1, the task applies from Jan 5
        let stored = try await store.addTask(task)

        await S.expectError(.invalidValue, mentioning: ["pills", "-1"]) {
            try await store.addOutcome(S.outcome(stored, -1, id: "negative"))
        }
        await S.expectError(.invalidValue, mentioning: ["pills", "30"]) {
            try await store.addOutcome(S.outcome(stored, 30, id: "after-end"))
        }
        await S.expectError(.invalidValue, mentioning: ["pills", "before that version"]) {
            try await store.addOutcome(S.outcome(stored, 0, id: "before-effective"))
        }
        let ok = try await store.addOutcome(S.outcome(stored, 29, id: "last"))
        #expect(ok.taskOccurrenceIndex == 29)
        #expect(try await S.rowCount(store, "outcome") == 1)
    }

    @Test(arguments: S.Kind.allCases)
    func oneLiveOutcomePerOccurrence(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))
        try await store.addOutcome(S.outcome(task, 3, id: "first"))

        await S.expectError(.invalidValue, mentioning: ["Occurrence 3", task.uuid.uuidString]) {
            try await store.addOutcome(S.outcome(task, 3, id: "second"))
        }
        // Two outcomes for one occurrence in one batch: neither is written.
        await S.expectError(.invalidValue, mentioning: ["Occurrence 4"]) {
            try await store.addOutcomes([S.outcome(task, 4, id: "a"), S.outcome(task, 4, id: "b")])
        }
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).map(\.id) == ["first"])
        // Moving another outcome onto a taken occurrence is refused as well.
        let other = try await store.addOutcome(S.outcome(task, 5, id: "other"))
        var moved = other
        moved.taskOccurrenceIndex = 3
        await S.expectError(.invalidValue, mentioning: ["other"]) {
            try await store.updateOutcome(moved)
        }
        #expect(try await S.events(store, on: "2025-01-04").map { $0.outcome?.id } == ["first"])
        #expect(try await S.events(store, on: "2025-01-06").map { $0.outcome?.id } == ["other"])
    }

    @Test(arguments: S.Kind.allCases)
    func theNewestEffectiveVersionOfAnOutcomeWins(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("water"))
        let v1 = try await store.addOutcome(S.outcome(task, 2, id: "cups", effective: "2025-01-03 08:10", values: [OCKOutcomeValue(1)]))

        var edit = v1
        edit.values = [OCKOutcomeValue(2)]
        edit.effectiveDate = S.date("2025-01-03 09:00")
        let v2 = try await store.updateOutcome(edit)
        #expect(v2.previousVersionUUIDs == [v1.uuid])

        func current() async throws -> [Int?] {
            try await store.fetchOutcomes(query: OCKOutcomeQuery(for: S.date("2025-01-03"), calendar: S.calendar)).map { $0.values.first?.integerValue }
        }
        #expect(try await current() == [2])

        // A version effective earlier does not take over, even though it was written last...
        edit.values = [OCKOutcomeValue(3)]
        edit.effectiveDate = S.date("2025-01-03 08:30")
        _ = try await store.updateOutcome(edit)
        #expect(try await current() == [2])
        #expect(try await store.fetchOutcome(withID: "cups").values.first?.integerValue == 2, "the single-item helper returns the winning version")
        #expect(try await S.events(store, on: "2025-01-03").first?.outcome?.values.first?.integerValue == 2)
        // ...and on a tie the newer version wins.
        edit.values = [OCKOutcomeValue(4)]
        edit.effectiveDate = S.date("2025-01-03 09:00")
        _ = try await store.updateOutcome(edit)
        #expect(try await current() == [4])
        #expect(try await S.events(store, on: "2025-01-03").first?.outcome?.values.first?.integerValue == 4)
        #expect(try await store.fetchOutcome(withID: "cups").values.first?.integerValue == 4)

        // Without an interval every version is returned.
        let all = try await store.fetchOutcomes(query: OCKOutcomeQuery(id: "cups"))
        #expect(all.count == 4)
        #expect(Set(all.compactMap { $0.values.first?.integerValue }) == [1, 2, 3, 4])
    }

    @Test(arguments: S.Kind.allCases)
    func deletingAnOutcomeFreesItsOccurrence(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))
        let outcome = try await store.addOutcome(S.outcome(task, 0, id: "taken"))
        let tombstone = try await store.deleteOutcome(outcome)
        #expect(tombstone.deletedDate == S.date("2025-06-01 12:00"))

        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty, "a deleted outcome is gone from every query")
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery(dateInterval: S.day("2025-01-01"))).isEmpty)
        #expect(try await S.events(store, on: "2025-01-01").map { $0.outcome?.id } == [nil])

        await S.expectError(.addFailed, mentioning: ["taken"]) {
            try await store.addOutcome(S.outcome(task, 0, id: "taken"))
        }
        await S.expectError(.updateFailed, mentioning: ["taken", "deleted"]) {
            try await store.updateOutcome(outcome)
        }
        try await store.addOutcome(S.outcome(task, 0, id: "taken-again"))
        #expect(try await S.events(store, on: "2025-01-01").map { $0.outcome?.id } == ["taken-again"])
    }

    @Test(arguments: S.Kind.allCases)
    func valuesThatAreNotNumbersAreRefused(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("temperature"))
        for (index, bad) in [Double.nan, .infinity, -.infinity].enumerated() {
            await S.expectError(.invalidValue, mentioning: ["bad-\(index)"]) {
                try await store.addOutcomes([
                    S.outcome(task, 10, id: "fine-\(index)", values: [OCKOutcomeValue(98.6)]),
                    S.outcome(task, index, id: "bad-\(index)", values: [OCKOutcomeValue(37.0), OCKOutcomeValue(bad)])
                ])
            }
        }
        await S.expectError(.invalidValue, mentioning: ["bad-date"]) {
            try await store.addOutcome(S.outcome(task, 0, id: "bad-date", values: [OCKOutcomeValue(Date(timeIntervalSinceReferenceDate: .nan))]))
        }
        #expect(try await S.rowCount(store, "outcome") == 0)
        #expect(try await S.rowCount(store, "outcome_value") == 0)
    }

    @Test(arguments: S.Kind.allCases)
    func intervalQueriesReturnOutcomesWhoseEventOverlaps(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))  // 08:00-09:00 daily
        try await store.addOutcomes([S.outcome(task, 8, id: "jan9"), S.outcome(task, 9, id: "jan10"), S.outcome(task, 10, id: "jan11")])

        func ids(_ from: String, _ to: String) async throws -> [String] {
            try await store.fetchOutcomes(query: OCKOutcomeQuery(dateInterval: S.interval(from, to))).map(\.id).sorted()
        }
        #expect(try await ids("2025-01-10", "2025-01-11") == ["jan10"])
        #expect(try await ids("2025-01-10 08:30", "2025-01-10 08:45") == ["jan10"], "inside the event")
        #expect(try await ids("2025-01-10 09:30", "2025-01-11 08:00") == [], "the Jan 11 event starts at the end")
        #expect(try await ids("2025-01-09", "2025-01-12") == ["jan10", "jan11", "jan9"])
    }

    // MARK: The task data-loss guard

    @Test(arguments: S.Kind.allCases)
    func aTaskUpdateMayNotHideARecordedOutcome(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("pills"))
        try await store.addOutcome(S.outcome(v1, 9, id: "jan10"))  // event Jan 10 08:00

        var change = v1
        change.title = "Two pills"
        for effective in ["2025-01-10 08:00", "2025-01-10", "2025-01-02"] {
            change.effectiveDate = S.date(effective)
            await S.expectError(.updateFailed, mentioning: ["pills", "occurrence 9"]) {
                try await store.updateTask(change)
            }
        }
        #expect(try await S.rowCount(store, "task") == 1)

        change.effectiveDate = S.date("2025-01-10 08:00").addingTimeInterval(1)
        let v2 = try await store.updateTask(change)
        #expect(try await S.events(store, on: "2025-01-10").map { $0.outcome?.id } == ["jan10"])
        #expect(try await S.events(store, on: "2025-01-10").map(\.task.uuid) == [v1.uuid])

        // The guard looks at outcomes of every version of the task, not just the newest.
        try await store.addOutcome(S.outcome(v2, 12, id: "jan13"))
        var third = v2
        third.effectiveDate = S.date("2025-01-12")
        await S.expectError(.updateFailed, mentioning: ["pills", "occurrence 12"]) {
            try await store.updateTask(third)
        }
        third.effectiveDate = S.date("2025-01-05")
        await S.expectError(.updateFailed, mentioning: ["pills"]) {
            try await store.updateTask(third)
        }
        // Once the outcome is deleted the time is free again.
        let jan13 = try await store.fetchOutcome(withID: "jan13")
        try await store.deleteOutcome(jan13)
        third.effectiveDate = S.date("2025-01-12")
        let v3 = try await store.updateTask(third)
        #expect(v3.previousVersionUUIDs == [v2.uuid])
    }
}
