import Foundation
import Synchronization

/// A clock the tests move by hand.
package final class SyncTestClock: Sendable {
    private let current: Mutex<Date>
    package init(_ date: Date) { current = Mutex(date) }
    package var now: Date { current.withLock { $0 } }
    package func set(_ date: Date) { current.withLock { $0 = date } }
    package func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
    package var function: @Sendable () -> Date { { [self] in now } }
}
