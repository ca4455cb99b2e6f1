import Foundation
import Testing

@testable import CareKitStore

/// Correcting and deleting a recorded value: each a new outcome version or a tombstone in one
/// transaction, never an overwrite, and refused when the entry changed since it was shown.
@Suite("Correcting recorded values")
struct StoreCorrectionTests {
    typealias S = StoreTestSupport

    static func loggedEvent(_ values: [Double]) async throws -> (OCKStore, OCKAnyEvent, Date) {
        let now = S.date("2025-06-01 12:00")
        let store = OCKStore(name: "corrections", type: .inMemory, clock: { now })
        let task = try await store.addTask(S.dailyTask("weight"))
        let event = try await StoreEventActionTests.firstEvent(store, task)
        let logged = values.map { OCKOutcomeValue($0, units: "kg", kind: "weight", createdDate: S.date("2025-06-01 08:00")) }
        let after = try await store.perform(.appendValues(logged), on: event, now: now, calendar: S.calendar)
        return (store, after, now)
    }

    @Test func aCorrectionIsANewVersionThatKeepsTheOldOne() async throws {
        let (store, event, now) = try await Self.loggedEvent([81.5, 80])
        let seen = try #require((event.outcome as? OCKOutcome)?.uuid)
        let corrected = OCKOutcomeValue(79.5, units: "kg", kind: "weight", createdDate: S.date("2025-06-01 08:00"))
        let after = try await store.correctOutcomeValue(at: 1, to: corrected, ifOutcomeVersion: seen, of: event, now: now, calendar: S.calendar)
        #expect(after.outcome?.values.compactMap(\.doubleValue) == [81.5, 79.5])
        let versions = try await store.fetchOutcomes(query: OCKOutcomeQuery())
        #expect(versions.count == 2, "the version corrected is kept")
        #expect(versions.contains { $0.uuid == seen && $0.values.compactMap(\.doubleValue) == [81.5, 80] })
        #expect(versions.contains { $0.previousVersionUUIDs == [seen] })
    }

    @Test func anEntryChangedMeanwhileIsNotOverwritten() async throws {
        let (store, event, now) = try await Self.loggedEvent([81.5])
        let seen = try #require((event.outcome as? OCKOutcome)?.uuid)
        // Someone else logs another value after the page was shown.
        try await store.perform(.appendValues([OCKOutcomeValue(82.0, units: "kg", kind: "weight", createdDate: now)]), on: event, now: now, calendar: S.calendar)
        let stale = OCKEventAction.ifOutcomeVersion(seen, .deleteValue(at: 0))
        _ = await S.expectError(.updateFailed, mentioning: ["changed since it was shown"]) {
            try await store.perform(stale, on: event, now: now, calendar: S.calendar)
        }
        let current = try await StoreEventActionTests.firstEvent(store, try #require(event.task as? OCKTask))
        #expect(current.outcome?.values.compactMap(\.doubleValue) == [81.5, 82.0], "nothing was changed")
    }

    @Test func deletingTheLastValueLeavesATombstoneAndTheHistory() async throws {
        let (store, event, now) = try await Self.loggedEvent([81.5])
        let seen = try #require((event.outcome as? OCKOutcome)?.uuid)
        let after = try await store.perform(.ifOutcomeVersion(seen, .deleteValue(at: 0)), on: event, now: now, calendar: S.calendar)
        #expect(after.outcome == nil)
        let live = try await store.fetchOutcomes(query: OCKOutcomeQuery(dateInterval: DateInterval(start: S.date("2025-06-01"), duration: 86_400)))
        #expect(live.isEmpty)
        let exported = try await store.exportVersions().compactMap { entity -> OCKOutcome? in
            if case .outcome(let outcome) = entity { return outcome } else { return nil }
        }
        #expect(exported.contains { $0.uuid == seen }, "the deleted entry stays in the history")
        #expect(exported.contains { $0.deletedDate != nil }, "a tombstone marks the deletion")
    }

    @Test func correctingAValueThatIsNotThereSaysSo() async throws {
        let (store, event, now) = try await Self.loggedEvent([81.5])
        let value = OCKOutcomeValue(80.0, units: "kg", kind: "weight", createdDate: now)
        _ = await S.expectError(.invalidValue, mentioning: ["no value number 4 to correct"]) {
            try await store.perform(.replaceValue(at: 3, with: value), on: event, now: now, calendar: S.calendar)
        }
    }
}
