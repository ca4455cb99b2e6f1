import Foundation
import Synchronization

/// SQL text that depends only on an entity type, built once per type and purpose instead of on
/// every call (joining ~25 column names costs more than the SQLite work of a cached statement).
enum _SQLText {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let purpose: String
    }
    private static let cache = Mutex<[Key: String]>([:])

    static func memo(_ type: Any.Type, _ purpose: StaticString, _ make: () -> String) -> String {
        let key = Key(type: ObjectIdentifier(type), purpose: purpose.description)
        if let known = cache.withLock({ $0[key] }) { return known }
        let text = make()
        cache.withLock { $0[key] = text }
        return text
    }
}
