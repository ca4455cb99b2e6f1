import Foundation
import Synchronization
import Testing

@testable import CareKitSyncServer

/// The audit trail's appends of the same moment go in one transaction (``_GroupCommit``); each
/// caller still learns whether its own lines were written.
@Suite("Sync server: appends of the same moment joined")
struct GroupCommitTests {
    struct Refused: Error {}

    /// A write that records what it was given, refuses any batch holding "bad", and holds its
    /// first call until `release` is signalled.
    final class Recorder: @unchecked Sendable {
        let writes = Mutex<[[String]]>([])
        let release = DispatchSemaphore(value: 0)
        let firstStarted = DispatchSemaphore(value: 0)
        private let calls = Atomic<Int>(0)

        func write(_ items: [String]) throws {
            if calls.add(1, ordering: .relaxed).oldValue == 0 {
                firstStarted.signal()
                release.wait()
            }
            if items.contains("bad") { throw Refused() }
            writes.withLock { $0.append(items) }
        }
    }

    /// Runs each of `items` as its own caller on its own thread, once the first is being written;
    /// returns each caller's outcome.
    static func submitWhileFirstIsWritten(_ group: _GroupCommit<String>, _ recorder: Recorder, first: String, then items: [String]) -> [String: Bool] {
        let outcomes = Mutex<[String: Bool]>([:])
        let done = DispatchGroup()
        func submit(_ item: String) {
            done.enter()
            Thread {
                let ok = (try? group.submit([item], write: recorder.write)) != nil
                outcomes.withLock { $0[item] = ok }
                done.leave()
            }.start()
        }
        submit(first)
        recorder.firstStarted.wait()
        for item in items { submit(item) }
        // Every later caller is queued behind the write under way before it ends.
        while group.queuedCount < items.count { usleep(1_000) }
        recorder.release.signal()
        done.wait()
        return outcomes.withLock { $0 }
    }

    @Test("Callers that arrive while a write is under way are written together in the next one, each returning once its items are written")
    func joined() {
        let group = _GroupCommit<String>()
        let recorder = Recorder()
        let later = (1...7).map { "line \($0)" }
        let outcomes = Self.submitWhileFirstIsWritten(group, recorder, first: "line 0", then: later)
        #expect(outcomes.count == 8 && outcomes.values.allSatisfy { $0 })
        let writes = recorder.writes.withLock { $0 }
        #expect(writes.count == 2, "two transactions for eight callers")
        #expect(writes.first == ["line 0"])
        #expect(Set(writes.last ?? []) == Set(later), "the seven that waited, in one write")
        #expect(group.writeCount == 2)
    }

    @Test("When a joined write fails, each caller's items are written on their own: only the caller whose items fail is told so")
    func failureStaysWithItsCaller() {
        let group = _GroupCommit<String>()
        let recorder = Recorder()
        let outcomes = Self.submitWhileFirstIsWritten(group, recorder, first: "first", then: ["before", "bad", "after"])
        #expect(outcomes == ["first": true, "before": true, "bad": false, "after": true])
        let written = recorder.writes.withLock { $0.flatMap { $0 } }
        #expect(written.sorted() == ["after", "before", "first"], "each good line once; the refused one not at all")
    }
}
