import Foundation

/// Joins writes that arrive together into one transaction: the audit trail's appends, which
/// every page of the dashboard makes and which take one lock in turn (the chain orders them),
/// each with its own flushed commit. A caller that finds no write under way writes its items
/// and every item queued while it did not hold the lock yet; the others wait for that write and
/// return its outcome. When a joined write fails, each caller's items are written again on
/// their own, so one caller's failure is never another's.
///
/// Callers block a thread while they wait: use it where threads may block (the storages'
/// methods run on ``_StorageExecutor``'s threads or a caller's own). A `write` must not submit
/// to its own group, nor a caller submit while holding what `write` takes (the SQLite
/// storage's lock): it would wait for itself.
final class _GroupCommit<Item>: @unchecked Sendable {
    private struct Queued {
        var ticket: UInt64
        var items: [Item]
    }

    private let condition = NSCondition()
    // All below only under `condition`'s lock.
    private var queued: [Queued] = []
    private var outcomes: [UInt64: Result<Void, any Error>] = [:]
    private var writing = false
    private var nextTicket: UInt64 = 0
    private var writes = 0

    /// Writes `items` with `write`, together with whatever other callers submit meanwhile.
    /// `write` must be the same operation for every caller (one transaction for all it gets).
    func submit(_ items: [Item], write: ([Item]) throws -> Void) throws {
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        queued.append(Queued(ticket: ticket, items: items))
        while true {
            if let outcome = outcomes.removeValue(forKey: ticket) {
                condition.unlock()
                return try outcome.get()
            }
            guard writing else {
                writing = true
                let batch = queued
                queued = []
                writes += 1
                condition.unlock()
                let results = Self.write(batch, write)
                condition.lock()
                outcomes.merge(results) { _, new in new }
                writing = false
                condition.broadcast()
                continue
            }
            condition.wait()
        }
    }

    /// How many callers wait for the next write (for tests).
    var queuedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return queued.count
    }

    /// How many joined writes were made (for tests).
    var writeCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return writes
    }

    private static func write(_ batch: [Queued], _ write: ([Item]) throws -> Void) -> [UInt64: Result<Void, any Error>] {
        do {
            try write(batch.flatMap(\.items))
            return Dictionary(uniqueKeysWithValues: batch.map { ($0.ticket, .success(())) })
        } catch {
            guard batch.count > 1 else { return [batch[0].ticket: .failure(error)] }
            return Dictionary(
                uniqueKeysWithValues: batch.map { queued in
                    (queued.ticket, Result { try write(queued.items) })
                })
        }
    }
}
