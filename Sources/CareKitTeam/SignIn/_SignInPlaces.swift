import Synchronization

/// Places for sign-ins being checked: at most `limit` at once (two hashing, the rest waiting
/// their turn on `ClinicianPassword`'s threads), so the memory and the wait of a flood stay
/// bounded; one more is told to come back (429 with Retry-After) instead of queueing without end.
final class _SignInPlaces: Sendable {
    let limit: Int
    private let taken = Mutex(0)

    init(limit: Int) { self.limit = max(1, limit) }

    /// Takes a place; false when every place is taken.
    func enter() -> Bool {
        taken.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives a place back.
    func leave() { taken.withLock { $0 = max(0, $0 - 1) } }

    /// The places taken now.
    var inUse: Int { taken.withLock { $0 } }
}
