import Foundation
import Synchronization

/// Decoded versions keyed by table and row. A version's content never changes once written
/// (only its `next` links, which are read fresh every time), and rows are never reused, so
/// entries never go stale.
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

    func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
