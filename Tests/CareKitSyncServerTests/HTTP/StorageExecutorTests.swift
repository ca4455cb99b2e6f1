import Foundation
import Testing

@testable import CareKitSyncServer

/// The sync server's handlers block on their storage; the threads they run on must let as many
/// of them wait at once as the storage has connections, or pushes queue behind each other's
/// round trips while the database sits idle.
@Suite("Storage executors: requests that block wait side by side")
struct StorageExecutorTests {
    /// Counts arrivals; each arrival then blocks its thread until `expected` have arrived.
    final class Rendezvous: @unchecked Sendable {
        private let condition = NSCondition()
        private var arrived = 0
        let expected: Int

        init(expected: Int) { self.expected = expected }

        /// Whether all `expected` arrived within `seconds` (each one blocking its thread, as a
        /// libpq call does).
        func arriveAndWait(seconds: TimeInterval) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: seconds)
            while arrived < expected {
                if !condition.wait(until: deadline) { return arrived >= expected }
            }
            return true
        }
    }

    /// Runs `count` jobs on `executor` that each block until all of them are running.
    static func allBlockAtOnce(_ count: Int, on executor: _StorageExecutor) async -> Int {
        let rendezvous = Rendezvous(expected: count)
        return await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask(executorPreference: executor) { rendezvous.arriveAndWait(seconds: 30) }
            }
            var met = 0
            for await together in group where together { met += 1 }
            return met
        }
    }

    @Test("Eight pushes blocked on the database at once (the storage's eight connections) all run; none waits for another to finish")
    func devicesWaitOnEveryConnectionAtOnce() async {
        #expect(await Self.allBlockAtOnce(8, on: _StorageExecutor.devices) == 8)
    }

    @Test("Four dashboard requests blocked at once all run")
    func dashboardRequestsWaitSideBySide() async {
        #expect(await Self.allBlockAtOnce(4, on: _StorageExecutor.dashboard) == 4)
    }
}
