import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

/// Merging is idempotent, commutative and associative: three replicas that write at random and
/// synchronize in random orders, through a network that reorders, repeats, cuts and drops,
/// end with the same store.
@Suite("Synchronization is a CRDT")
struct SynchronizationCRDTTests {
    typealias S = StoreTestSupport

    static let window = S.interval("2025-01-01", "2025-01-15")

    struct Replica {
        let store: OCKStore
        let remote: SimulatedRemote
        let name: String
    }

    @Test("Three replicas, random writes and random synchronizations, converge to byte-identical stores", arguments: 0..<8)
    func randomHistoriesConverge(seed: Int) async throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let server = SimulatedServer()
        let replicas = (0..<3).map { index -> Replica in
            let remote = SimulatedRemote(server: server, seed: UInt64(seed * 10 + index))
            // Each replica's clock is hours apart from the others'.
            let now = S.date("2025-01-08 12:00").addingTimeInterval(Double(index) * 3 * 3600)
            return Replica(store: OCKStore(name: "replica\(index)", type: .inMemory, remote: remote, clock: { now }), remote: remote, name: "replica\(index)")
        }
        let taskIDs = ["pills", "walk", "water", "stretch"]
        var log: [String] = []

        for step in 0..<70 {
            let replica = replicas[Int.random(in: 0..<3, using: &rng)]
            let store = replica.store
            let roll = Int.random(in: 0..<100, using: &rng)
            do {
                switch roll {
                case 0..<12:
                    let id = taskIDs.randomElement(using: &rng)!
                    try await store.addTask(S.dailyTask(id, hour: Int.random(in: 6...20, using: &rng), title: "\(id) by \(replica.name)"))
                    log.append("\(step) \(replica.name) add task \(id)")
                case 12..<22:
                    guard var task = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: Self.window)).randomElement(using: &rng) else { continue }
                    task.title = "\(task.id) v\(step) by \(replica.name)"
                    task.effectiveDate = S.date("2025-01-01").addingTimeInterval(Double(Int.random(in: 1...14, using: &rng)) * 86_400)
                    try await store.updateTask(task)
                    log.append("\(step) \(replica.name) update task \(task.id)")
                case 22..<26:
                    guard var task = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: Self.window)).randomElement(using: &rng) else { continue }
                    task.effectiveDate = S.date("2025-01-10")
                    try await store.deleteTask(task)
                    log.append("\(step) \(replica.name) delete task \(task.id)")
                case 26..<50:
                    let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: Self.window))
                    guard let event = events.randomElement(using: &rng) else { continue }
                    if let existing = event.outcome {
                        var changed = existing
                        changed.values = [OCKOutcomeValue(Double(step), units: "mg", kind: nil, createdDate: S.date("2025-01-02"))]
                        try await store.updateOutcome(changed)
                        log.append("\(step) \(replica.name) update outcome \(existing.id)")
                    } else {
                        var outcome = OCKOutcome(
                            taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence,
                            values: [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: S.date("2025-01-02"))])
                        outcome.id = "\(replica.name)-\(step)"
                        outcome.effectiveDate = event.scheduleEvent.start
                        outcome.createdDate = S.date("2025-01-01").addingTimeInterval(Double(Int.random(in: 0..<1000, using: &rng)) * 60)
                        try await store.addOutcome(outcome)
                        log.append("\(step) \(replica.name) add outcome \(outcome.id)")
                    }
                case 50..<56:
                    guard let outcome = try await store.fetchOutcomes(query: OCKOutcomeQuery(dateInterval: Self.window)).randomElement(using: &rng) else { continue }
                    try await store.deleteOutcome(outcome)
                    log.append("\(step) \(replica.name) delete outcome \(outcome.id)")
                default:
                    var faults = SimulatedRemote.Faults()
                    faults.shuffle = Bool.random(using: &rng)
                    faults.duplicate = Bool.random(using: &rng)
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0: faults.failPull = true
                    case 1: faults.failPush = true
                    case 2: faults.failPullAfterDelivering = true
                    case 3: faults.truncateTo = Int.random(in: 1...3, using: &rng)
                    default: break
                    }
                    replica.remote.faults = faults
                    try await store.synchronize()
                    log.append("\(step) \(replica.name) sync \(faults)")
                }
            } catch let error as OCKStoreError {
                // A local rule refused the write, or the network failed: both are part of life.
                log.append("\(step) \(replica.name) refused: \(error.reason.prefix(80))")
            }
        }

        // The network heals; everyone synchronizes until a whole round changes nothing.
        for replica in replicas { replica.remote.faults = .init() }
        var rounds = 0
        var quiet = false
        while !quiet && rounds < 8 {
            rounds += 1
            quiet = true
            for replica in replicas {
                let summary = try await replica.store.synchronize()
                if summary.pushed > 0 || summary.merged.values.reduce(0, +) > 0 || summary.resolvedConflicts > 0 || summary.waiting > 0 { quiet = false }
            }
        }
        let context = Comment(rawValue: "seed \(seed):\n" + log.joined(separator: "\n"))
        #expect(quiet, Comment(rawValue: "still changing after \(rounds) rounds; " + context.rawValue))

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let exports = try await replicas.asyncMap { try encoder.encode(try await $0.store.exportVersions()) }
        #expect(exports[0] == exports[1], context)
        #expect(exports[1] == exports[2], context)

        let events = try await replicas.asyncMap { replica in
            try await replica.store.fetchEvents(query: OCKEventQuery(dateInterval: Self.window)).map { event in
                "\(event.task.id)@\(event.task.uuid)#\(event.scheduleEvent.occurrence)=\(event.outcome.map { "\($0.id)\($0.values.map(\.description))" } ?? "-")"
            }
        }
        #expect(events[0] == events[1], context)
        #expect(events[1] == events[2], context)
        // Every version any replica wrote reached the server once, and every replica.
        #expect(server.versionCount == server.entityDeliveries)
        #expect(try await replicas[0].store.exportVersions().count == server.versionCount)
        // No id is left with concurrent versions.
        for replica in replicas {
            #expect(try await replica.store.read { try OCKStore.conflicts(connection: $0, cache: _VersionCache()) }.isEmpty)
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
