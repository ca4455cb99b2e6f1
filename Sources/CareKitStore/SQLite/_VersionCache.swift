import Foundation
import Synchronization

/// Decoded versions keyed by table and row, and the schedule events of task versions. A
/// version's content never changes once written (only its `next` links, which are read fresh
/// every time), and rows are never reused (AUTOINCREMENT), so entries never go stale.
final class _VersionCache: Sendable {
    private struct Key: Hashable, Sendable {
        let table: String
        let row: Int64
    }
    private let storage = Mutex<[Key: any Sendable]>([:])
    private let capacity = 20_000

    func value<Entity: Sendable>(_ type: Entity.Type, table: String, row: Int64) -> Entity? {
        storage.withLock { $0[Key(table: table, row: row)] as? Entity }
    }

    func store<Entity: Sendable>(_ value: Entity, table: String, row: Int64) {
        storage.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[Key(table: table, row: row)] = value
        }
    }

    /// How many decoded versions are kept (for tests).
    var count: Int { storage.withLock { $0.count } }

    func removeAll() {
        storage.withLock { $0.removeAll() }
        occurrences.withLock { $0.removeAll() }
        lookbacks.withLock { $0.removeAll() }
    }

    private let lookbacks = Mutex<[Int64: TimeInterval]>([:])

    /// How far before an interval an event of the task version in `row` can start and still
    /// overlap it, made by `make` from the version's schedule the first time (nil: no such
    /// version, not kept).
    func lookback(row: Int64, make: () throws -> TimeInterval?) rethrows -> TimeInterval? {
        if let found = lookbacks.withLock({ $0[row] }) { return found }
        guard let lookback = try make() else { return nil }
        lookbacks.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[row] = lookback
        }
        return lookback
    }

    /// Which events: those of the task version in `row` from `from` (inclusive) to `to`,
    /// starting at or after `ownedFrom` (the start of the time the version owns).
    private struct Occurrences: Hashable, Sendable {
        let row: Int64
        let ownedFrom: Double, from: Double, to: Double
    }
    private let occurrences = Mutex<[Occurrences: [OCKScheduleEvent]]>([:])
    private let occurrencesCapacity = 2_048

    /// The schedule events of the task version in `row` made by `make`, which computes them
    /// from the version's schedule (so the same row gives the same events): computed once per
    /// span, a page read again finds them here (a span with many events is not kept).
    func scheduleEvents(row: Int64, ownedFrom: Date, from: Date, to: Date, make: () -> [OCKScheduleEvent]) -> [OCKScheduleEvent] {
        let key = Occurrences(
            row: row, ownedFrom: ownedFrom.timeIntervalSinceReferenceDate, from: from.timeIntervalSinceReferenceDate, to: to.timeIntervalSinceReferenceDate)
        if let found = occurrences.withLock({ $0[key] }) { return found }
        let events = make()
        guard events.count <= 64 else { return events }
        occurrences.withLock { cache in
            if cache.count >= occurrencesCapacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = events
        }
        return events
    }
}
