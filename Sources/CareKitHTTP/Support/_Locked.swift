import Synchronization

/// A value behind a lock, in a class so that escaping closures and several owners can share it.
package final class _Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    package init(_ value: Value) {
        storage = Mutex(value)
    }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock { try body(&$0) }
    }

    /// The value now.
    package var value: Value {
        storage.withLock { $0 }
    }

    /// Replaces the value.
    package func set(_ value: Value) {
        storage.withLock { $0 = value }
    }
}
