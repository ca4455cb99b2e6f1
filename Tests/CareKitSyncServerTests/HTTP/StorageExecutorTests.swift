import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncTestSupport
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

/// A device's request that waited past the deadline for a storage thread is answered 503 at
/// once, with nothing read or stored, so that a server behind its load answers in bounded time
/// instead of queueing without end; the dashboard and the health check are never turned away.
@Suite("Sync server: the devices' queue has a deadline")
struct DevicesQueueDeadlineTests {
    typealias T = SyncFixtures

    @Test("Past the deadline a push is told to come back (503, Retry-After) and stores nothing; within it, it is stored")
    func pastTheDeadline() async throws {
        let service = try T.makeService()
        let (ada, token) = try service.addPatient(name: "Ada")
        let device = UUID()
        let push = OCKSyncPushRequest(
            revisions: [OCKRevisionRecord(entities: [.task(T.dailyTask("pills"))], knowledgeVector: .init([device: 1]))], deviceKnowledge: .init([device: 1]))
        let body = String(decoding: try JSONEncoder().encode(push), as: UTF8.self)
        // A deadline already past when the request arrives: every device's request is late.
        let late = SyncHTTPServer(service: service, port: 0, queueDeadline: .nanoseconds(-1), log: { _ in })
        let latePort = try late.start()
        defer { late.stop() }
        let refused = try await rawExchange("POST", "/sync/v1/push", port: latePort, headers: ["Authorization": "Bearer \(token)"], body: body)
        #expect(try service.storage.lastPush(patient: ada.id) == nil)
        #expect(refused.hasPrefix("HTTP/1.1 503") && refused.lowercased().contains("retry-after: 5"), "\(refused.prefix(300))")
        #expect(refused.contains("nothing was stored"))
        let health = try await rawExchange("GET", "/healthz", port: latePort)
        #expect(health.hasPrefix("HTTP/1.1 200"), "not a device's request: never turned away")

        let server = SyncHTTPServer(service: service, port: 0, log: { _ in })
        let port = try server.start()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let phone = OCKStore(name: "phone", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: token), clock: { T.date(2) })
        _ = try await phone.addTask(T.dailyTask("walk"))
        try await phone.synchronize()
        #expect(try service.storage.lastPush(patient: ada.id) != nil, "within the deadline the push is stored")
    }
}
