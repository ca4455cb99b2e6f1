import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

/// A device that synchronizes every few seconds with nothing new must cost nothing: no
/// durable write to its store (no clock tick, no acknowledgment, no knowledge rewritten), no
/// push, no change announced to the pages that listen. Something new is still written.
@Suite("Idle synchronization")
struct IdleSynchronizationTests {
    typealias S = StoreTestSupport

    /// A store file of its own with a remote on `server`, and a probe on its file.
    static func device(_ server: SimulatedServer, _ name: String) throws -> (OCKStore, SQLiteWriteProbe) {
        let clock = S.date("2025-01-02 12:00")
        let store = OCKStore(name: name, type: .onDisk, remote: SimulatedRemote(server: server), directory: S.temporaryDirectory(), clock: { clock })
        let path = try #require(store.url?.path)
        try store.ensureOpen()
        return (store, try SQLiteWriteProbe(path: path))
    }

    /// Two devices that exchanged a task and an outcome both ways and settled.
    static func settledPair() async throws -> (server: SimulatedServer, phone: (OCKStore, SQLiteWriteProbe), tablet: (OCKStore, SQLiteWriteProbe), task: OCKTask) {
        let server = SimulatedServer()
        let phone = try device(server, "phone")
        let tablet = try device(server, "tablet")
        let task = try await phone.0.addTask(S.dailyTask("pills"))
        try await phone.0.addOutcome(S.outcome(task, 0, id: "jan1"))
        try await phone.0.synchronize()
        try await tablet.0.synchronize()
        try await tablet.0.addOutcome(S.outcome(task, 1, id: "jan2"))
        for _ in 0..<2 {
            try await tablet.0.synchronize()
            try await phone.0.synchronize()
        }
        return (server, phone, tablet, task)
    }

    @Test("Synchronizations with nothing new write nothing to the store, push nothing and announce no change, even while another connection holds the write lock")
    func idleSynchronizationWritesNothing() async throws {
        let (server, phone, tablet, _) = try await Self.settledPair()
        for (store, probe) in [phone, tablet] {
            let listening = StreamRecorder(store.storeChanges())
            defer { listening.cancel() }
            let announced = store.changeCount
            let pushes = server.pushCount
            let before = try probe.fingerprint()
            // A write would wait for this lock, then fail after SQLite's busy timeout.
            try probe.holdWriteLock()
            for _ in 0..<5 {
                let summary = try await store.synchronize()
                #expect(summary == OCKSynchronizationSummary())
            }
            try probe.releaseWriteLock()
            #expect(try probe.fingerprint() == before, "an idle synchronization wrote to \(probe.path)")
            #expect(server.pushCount == pushes, "nothing to push, so no push")
            // The file watcher looks twice a second: give it the time to (wrongly) notice.
            try await Task.sleep(for: .milliseconds(1_200))
            #expect(store.changeCount == announced && listening.count == 0)
        }
    }

    @Test("A synchronization with nothing to settle commits twice on the device: the merge with what to push, then the acknowledgment")
    func oneCommitBeforeThePush() async throws {
        let (_, phone, tablet, task) = try await Self.settledPair()
        try await tablet.0.addOutcome(S.outcome(task, 2, id: "jan3"))
        // Sending: the pull brings nothing; the clock tick and what to push are one commit.
        let sending = tablet.1.commitsInLog()
        #expect(try await tablet.0.synchronize().pushed == 1)
        #expect(tablet.1.commitsInLog() - sending == 2)
        // Receiving: the merge, the tick and what to push (nothing) are one commit.
        let receiving = phone.1.commitsInLog()
        #expect(try await phone.0.synchronize().merged == [.outcome: 1])
        #expect(phone.1.commitsInLog() - receiving == 2)
        #expect(try await phone.0.fetchOutcomes(query: OCKOutcomeQuery(id: "jan3")).count == 1)
    }

    @Test("Only the remote's acknowledgment is committed without a flush; every other write, before and after it, flushes")
    func onlyTheAcknowledgmentIsUnflushed() async throws {
        let (_, _, tablet, task) = try await Self.settledPair()
        let database = try tablet.0.database()
        // SQLite's values: 1 is NORMAL (a commit not flushed; a checkpoint still is), 2 is FULL.
        #expect(try await database.writeUnflushed(.update) { try $0.scalarInt("PRAGMA synchronous") } == 1)
        #expect(try await database.write(.update) { try $0.scalarInt("PRAGMA synchronous") } == 2)
        // A failed unflushed write sets the writer back too, and lands nothing.
        await #expect(throws: OCKStoreError.self) {
            try await database.writeUnflushed(.update) { connection in
                try connection.execute("INSERT INTO meta (key, value) VALUES ('probe', 'x')")
                throw OCKStoreError.updateFailed(reason: "refused on purpose")
            }
        }
        #expect(try await database.write(.update) { try $0.scalarInt("PRAGMA synchronous") } == 2)
        #expect(try await database.write(.update) { try $0.scalarInt("SELECT count(*) FROM meta WHERE key = 'probe'") } == 0)
        // A synchronization that pushes leaves the writer flushing.
        try await tablet.0.addOutcome(S.outcome(task, 2, id: "jan3"))
        #expect(try await tablet.0.synchronize().pushed == 1)
        #expect(try await database.write(.update) { try $0.scalarInt("PRAGMA synchronous") } == 2)
    }

    @Test("A synchronization that brings or sends something still writes it, and the device is idle again after it")
    func somethingNewIsWritten() async throws {
        let (server, phone, tablet, task) = try await Self.settledPair()
        // The tablet records a reading: its push writes (its clock, its acknowledgment).
        let tabletBefore = try tablet.1.fingerprint()
        try await tablet.0.addOutcome(S.outcome(task, 2, id: "jan3"))
        let written = try tablet.1.fingerprint()
        #expect(written != tabletBefore)
        #expect(try await tablet.0.synchronize().pushed == 1)
        #expect(try tablet.1.fingerprint() != written, "the push ticks the clock and keeps what was acknowledged")

        // The phone pulls it: the merge is written and announced.
        let phoneBefore = try phone.1.fingerprint()
        let announced = phone.0.changeCount
        let summary = try await phone.0.synchronize()
        #expect(summary.merged == [.outcome: 1])
        #expect(try phone.1.fingerprint() != phoneBefore)
        #expect(phone.0.changeCount > announced)
        #expect(try await phone.0.fetchOutcomes(query: OCKOutcomeQuery(id: "jan3")).count == 1)

        // Idle again, and a reading recorded after idle synchronizations is still pushed: the
        // remote never knows the clock the next write is stamped with.
        let settled = try phone.1.fingerprint()
        try await phone.0.synchronize()
        #expect(try phone.1.fingerprint() == settled)
        let held = server.versionCount
        try await phone.0.addOutcome(S.outcome(task, 3, id: "jan4"))
        #expect(try await phone.0.synchronize().pushed == 1)
        #expect(server.versionCount == held + 1)
        #expect(try await tablet.0.synchronize().merged == [.outcome: 1])
    }
}
