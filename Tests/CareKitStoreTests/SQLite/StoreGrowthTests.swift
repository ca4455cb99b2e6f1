import Foundation
import Testing

@testable import CareKitStore

/// The store's batch operations cost in proportion to their input. Work is counted in SQLite
/// virtual-machine steps (rows visited, index probes, values written), which is the same on a
/// busy machine as on a quiet one, so doubling the input may at most triple the count.
@Suite("Batch operations grow linearly")
struct StoreGrowthTests {
    typealias S = StoreTestSupport

    /// Days of history at the three sizes: each doubles the one before.
    static let sizes = [24, 48, 96]
    static let taskCount = 4

    /// A store with `taskCount` daily tasks and one outcome for every event of `days` days.
    static func history(days: Int) async throws -> OCKStore {
        let store = OCKStore(name: "history", type: .inMemory, clock: { S.date("2025-06-01 12:00") })
        var outcomes: [OCKOutcome] = []
        for number in 0..<taskCount {
            let task = try await store.addTask(S.dailyTask("task\(number)", hour: 8 + number))
            for day in 0..<days {
                outcomes.append(S.outcome(task, day, [OCKOutcomeValue(Double(day), units: "mg", kind: nil, createdDate: S.date("2025-01-01"))]))
            }
        }
        _ = try await store.addOutcomes(outcomes)
        return store
    }

    /// A store with `taskCount` daily tasks, each changed twice (its time moves at a third and
    /// at two thirds of the history, mid-morning), and one outcome for every event of `days`
    /// days, recorded against the version that owns it.
    static func versionedHistory(days: Int) async throws -> OCKStore {
        let store = OCKStore(name: "versioned", type: .inMemory, clock: { S.date("2025-06-01 12:00") })
        for number in 0..<taskCount {
            var version = try await store.addTask(S.dailyTask("task\(number)", hour: 8 + number))
            for change in 1...2 {
                let effective = S.date("2025-01-01 10:30").addingTimeInterval(Double(days * change / 3) * 86_400)
                var next = version
                next.schedule = OCKSchedule.dailyAtTime(hour: 7 + number + change, minutes: 15, start: effective, end: nil, text: nil, calendar: S.calendar)
                next.effectiveDate = effective
                version = try await store.updateTask(next)
            }
        }
        let whole = DateInterval(start: S.date("2025-01-01"), end: S.date("2025-01-01").addingTimeInterval(Double(days) * 86_400))
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: whole))
        _ = try await store.addOutcomes(events.map { S.outcome($0.task, $0.scheduleEvent.occurrence) })
        return store
    }

    /// The steps `operation` takes on a store of each size (made fresh for each size).
    static func steps(
        of history: (Int) async throws -> OCKStore = { try await history(days: $0) }, _ operation: (OCKStore, Int) async throws -> Void
    ) async throws -> [Int64] {
        var counts: [Int64] = []
        for days in sizes {
            let store = try await history(days)
            let before = await store.sqliteSteps()
            try await operation(store, days)
            counts.append(await store.sqliteSteps() - before)
        }
        return counts
    }

    static func expectLinear(_ counts: [Int64], _ name: String) {
        #expect(counts.allSatisfy { $0 > 0 }, "\(name): SQLite did no work (\(counts))")
        for (small, large) in zip(counts, counts.dropFirst()) {
            let ratio = Double(large) / Double(max(small, 1))
            #expect(ratio <= 3, "\(name): doubling the history took \(String(format: "%.1f", ratio))× the SQLite steps (\(counts) at \(sizes) days)")
        }
    }

    @Test("A first synchronization into an empty device: merging and electing each occurrence's outcome")
    func merge() async throws {
        var counts: [Int64] = []
        for days in Self.sizes {
            let server = SimulatedServer()
            let phone = OCKStore(name: "phone", type: .inMemory, remote: SimulatedRemote(server: server), clock: { S.date("2025-06-01 12:00") })
            let source = try await Self.history(days: days)
            _ = try await phone.importVersions(try await source.exportVersions())
            try await phone.synchronize()
            let device = OCKStore(name: "device", type: .inMemory, remote: SimulatedRemote(server: server), clock: { S.date("2025-06-01 12:00") })
            let before = await device.sqliteSteps()
            try await device.synchronize()
            counts.append(await device.sqliteSteps() - before)
            #expect(try await device.exportVersions().count == Self.taskCount * (days + 1))
        }
        Self.expectLinear(counts, "merge")
    }

    @Test("One outcome from device to device costs the same, however long the history")
    func oneOutcome() async throws {
        var counts: [Int64] = []
        for days in Self.sizes {
            let server = SimulatedServer()
            let clock = { @Sendable in S.date("2025-06-01 12:00") }
            let phone = OCKStore(name: "phone", type: .inMemory, remote: SimulatedRemote(server: server), clock: clock)
            let tablet = OCKStore(name: "tablet", type: .inMemory, remote: SimulatedRemote(server: server), clock: clock)
            _ = try await phone.importVersions(try await Self.history(days: days).exportVersions())
            try await phone.synchronize()
            try await tablet.synchronize()
            try await tablet.synchronize()  // the first synchronization of an instance looks at every id
            let task = try #require(try await phone.fetchTasks(query: OCKTaskQuery(id: "task0")).first)
            try await phone.addOutcome(S.outcome(task, days, [OCKOutcomeValue(1.0, units: "mg", kind: nil, createdDate: S.date("2025-01-01"))]))
            try await phone.synchronize()
            let before = await tablet.sqliteSteps()
            try await tablet.synchronize()
            counts.append(await tablet.sqliteSteps() - before)
            #expect(try await tablet.fetchOutcomes(query: OCKOutcomeQuery()).count == Self.taskCount * days + 1)
        }
        #expect(counts.allSatisfy { $0 > 0 })
        for (small, large) in zip(counts, counts.dropFirst()) {
            #expect(Double(large) / Double(small) <= 1.5, "a synchronization of one outcome grew with the history: \(counts) SQLite steps at \(Self.sizes) days")
        }
    }

    @Test("Importing an export into an empty store")
    func importing() async throws {
        var counts: [Int64] = []
        for days in Self.sizes {
            let versions = try await Self.history(days: days).exportVersions()
            let target = OCKStore(name: "target", type: .inMemory, clock: { S.date("2025-06-01 12:00") })
            let before = await target.sqliteSteps()
            let summary = try await target.importVersions(versions)
            counts.append(await target.sqliteSteps() - before)
            #expect(summary.addedCount == versions.count)
        }
        Self.expectLinear(counts, "import")
    }

    @Test("Exporting every version, events and adherence over the whole history")
    func reading() async throws {
        func whole(_ days: Int) -> DateInterval {
            DateInterval(start: S.date("2025-01-01"), end: S.date("2025-01-01").addingTimeInterval(Double(days) * 86_400))
        }
        Self.expectLinear(try await Self.steps { store, _ in _ = try await store.exportVersions() }, "export")
        Self.expectLinear(
            try await Self.steps { store, days in _ = try await store.fetchEvents(query: OCKEventQuery(dateInterval: whole(days))) }, "fetchEvents")
        Self.expectLinear(
            try await Self.steps { store, days in
                _ = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: [], dateInterval: whole(days), calendar: S.calendar))
            }, "fetchAdherence")
    }

    @Test("Adherence and events over a history of tasks with three versions each")
    func readingVersions() async throws {
        func query(_ days: Int) -> OCKAdherenceQuery {
            let start = S.date("2025-01-01")
            return OCKAdherenceQuery(taskIDs: [], dateInterval: DateInterval(start: start, end: start.addingTimeInterval(Double(days) * 86_400)), calendar: S.calendar)
        }
        let history = { (days: Int) in try await Self.versionedHistory(days: days) }
        let adherence = try await Self.steps(of: history) { store, days in
            let counts = try await store.fetchAdherenceCounts(query: query(days))
            #expect(counts.allSatisfy { $0.completed == $0.events }, "every event is done")
            #expect(counts.map(\.events).reduce(0, +) >= Self.taskCount * days, "every task has an event every day")
        }
        Self.expectLinear(adherence, "fetchAdherence (versions)")
        let completions = try await Self.steps(of: history) { store, days in
            _ = try await store.fetchAnyEventCompletions(query: query(days).eventQuery(from: query(days).dates()[0]))
        }
        Self.expectLinear(completions, "fetchAnyEventCompletions (versions)")
        Self.expectLinear(
            try await Self.steps(of: history) { store, days in _ = try await store.fetchEvents(query: query(days).eventQuery(from: S.date("2025-01-01"))) },
            "fetchEvents (versions)")
        // Counting reads each outcome's occurrence once and no other outcome: no more SQLite
        // work than the completions, which also look for strays.
        for (counted, completed) in zip(adherence, completions) {
            #expect(counted <= completed, "fetchAdherenceCounts took \(adherence) SQLite steps, fetchAnyEventCompletions \(completions)")
        }
    }
}
