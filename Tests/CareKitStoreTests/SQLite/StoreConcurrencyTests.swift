import Foundation
import Testing

@testable import CareKitStore

/// Many writers at once: on one store, and on two stores sharing one file (as two processes
/// would). Every acknowledged write lands exactly once.
@Suite("Concurrent writers")
struct StoreConcurrencyTests {
    typealias S = StoreTestSupport

    /// Adds outcome `i` for occurrence `i` from 50 concurrent tasks, spreading them over `stores`.
    static func addFiftyOutcomes(to stores: [OCKStore], task: OCKTask) async throws -> [String] {
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<50 {
                let store = stores[index % stores.count]
                group.addTask {
                    var outcome = S.outcome(task, index, id: "outcome-\(index)", values: [OCKOutcomeValue(index)])
                    outcome.groupIdentifier = "concurrent"
                    return try await store.addOutcome(outcome).id
                }
            }
            var ids: [String] = []
            for try await id in group { ids.append(id) }
            return ids
        }
    }

    static func expectFiftyOutcomes(in store: OCKStore, task: OCKTask, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let stored = try await store.fetchOutcomes(query: OCKOutcomeQuery())
        #expect(stored.count == 50, sourceLocation: sourceLocation)
        #expect(Set(stored.map(\.id)) == Set((0..<50).map { "outcome-\($0)" }), sourceLocation: sourceLocation)
        #expect(Set(stored.map(\.taskOccurrenceIndex)) == Set(0..<50), sourceLocation: sourceLocation)
        #expect(stored.allSatisfy { $0.values.first?.integerValue == $0.taskOccurrenceIndex }, sourceLocation: sourceLocation)
        // Every event of the 50 days carries its own outcome.
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-01", "2025-02-20")))
        #expect(events.count == 50, sourceLocation: sourceLocation)
        #expect(events.allSatisfy { $0.outcome?.taskOccurrenceIndex == $0.scheduleEvent.occurrence }, sourceLocation: sourceLocation)
    }

    @Test(arguments: S.Kind.allCases)
    func fiftyWritersOnOneStore(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))
        let ids = try await Self.addFiftyOutcomes(to: [store], task: task)
        #expect(ids.count == 50)
        #expect(Set(ids).count == 50)
        try await Self.expectFiftyOutcomes(in: store, task: task)
        #expect(try await S.rowCount(store, "outcome") == 50, "no duplicate rows")
    }

    @Test func fiftyWritersOnTwoStoresSharingAFile() async throws {
        let directory = S.temporaryDirectory()
        let clock = S.date("2025-06-01 12:00")
        let first = OCKStore(name: "shared", type: .onDisk, directory: directory, clock: { clock })
        let second = OCKStore(name: "shared", type: .onDisk, directory: directory, clock: { clock })
        let task = try await first.addTask(S.dailyTask("pills"))
        #expect(try await second.fetchTasks(query: OCKTaskQuery()).map(\.uuid) == [task.uuid], "a write by one is seen by the other")

        let ids = try await Self.addFiftyOutcomes(to: [first, second], task: task)
        #expect(Set(ids).count == 50)
        try await Self.expectFiftyOutcomes(in: first, task: task)
        try await Self.expectFiftyOutcomes(in: second, task: task)
    }

    /// Ten writers race for the same occurrence through two stores: exactly one wins.
    @Test func racingForOneOccurrenceLetsExactlyOneWin() async throws {
        let directory = S.temporaryDirectory()
        let clock = S.date("2025-06-01 12:00")
        let stores = (0..<2).map { _ in OCKStore(name: "race", type: .onDisk, directory: directory, clock: { clock }) }
        let task = try await stores[0].addTask(S.dailyTask("pills"))

        let results = await withTaskGroup(of: Result<String, OCKStoreError>.self) { group in
            for index in 0..<10 {
                let store = stores[index % 2]
                group.addTask {
                    do {
                        return .success(try await store.addOutcome(S.outcome(task, 7, id: "attempt-\(index)")).id)
                    } catch let error as OCKStoreError {
                        return .failure(error)
                    } catch {
                        return .failure(.invalidValue(reason: "unexpected \(error)"))
                    }
                }
            }
            var results: [Result<String, OCKStoreError>] = []
            for await result in group { results.append(result) }
            return results
        }
        let winners = results.compactMap { try? $0.get() }
        #expect(winners.count == 1)
        let failures = results.compactMap { result -> OCKStoreError? in
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(failures.count == 9)
        #expect(failures.allSatisfy { S.ErrorCase($0) == .invalidValue && $0.reason.contains("already has an outcome") }, "\(failures)")
        let stored = try await stores[1].fetchOutcomes(query: OCKOutcomeQuery())
        #expect(stored.map(\.id) == winners)
    }

    /// Readers never see half of a write: a batch is all there or not there at all.
    @Test(arguments: S.Kind.allCases)
    func readersSeeWholeBatchesOnly(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))
        let counts = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                for batch in 0..<10 {
                    let outcomes = (0..<5).map { S.outcome(task, batch * 5 + $0, id: "b\(batch)-\($0)") }
                    try await store.addOutcomes(outcomes)
                }
                return []
            }
            group.addTask {
                var seen: [Int] = []
                for _ in 0..<40 {
                    seen.append(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count)
                }
                return seen
            }
            var all: [Int] = []
            for try await counts in group { all += counts }
            return all
        }
        #expect(counts.allSatisfy { $0 % 5 == 0 }, "\(counts)")
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 50)
    }
}
