import Foundation
import Synchronization

/// Lets a completion handler that a careless remote calls twice resume its continuation once.
final class _Once: Sendable {
    private let used = Atomic<Bool>(false)
    func claim() -> Bool { !used.exchange(true, ordering: .relaxed) }
}

/// One store's synchronization state: one synchronization at a time, at most one waiting to
/// start, and the handlers that follow it.
final class _SynchronizationState: Sendable {
    let gate = _AsyncLock()
    private struct State {
        var scheduled = false
        var fullConflictScan = true
        var progressHandler: (@Sendable (Double) -> Void)?
        var lastAutomaticError: OCKStoreError?
    }
    private let state = Mutex(State())

    var progressHandler: (@Sendable (Double) -> Void)? {
        get { state.withLock { $0.progressHandler } }
        set { state.withLock { $0.progressHandler = newValue } }
    }
    var lastAutomaticError: OCKStoreError? { state.withLock { $0.lastAutomaticError } }

    /// Marks a synchronization as waiting to start; false when one already is.
    func schedule() -> Bool {
        state.withLock { state in
            if state.scheduled { return false }
            state.scheduled = true
            return true
        }
    }

    /// The waiting synchronization starts: writes from now on ask for another one.
    func started() { state.withLock { $0.scheduled = false } }

    /// Whether this synchronization must look for conflicts among every id (the first of this
    /// instance, or the first after an import); the answer is given once.
    func takeFullConflictScan() -> Bool {
        state.withLock { state in
            defer { state.fullConflictScan = false }
            return state.fullConflictScan
        }
    }

    /// Versions arrived other than by a merge (an import): the next synchronization looks for
    /// conflicts among every id.
    func versionsImported() { state.withLock { $0.fullConflictScan = true } }

    func finishedAutomatic(_ error: OCKStoreError?) { state.withLock { $0.lastAutomaticError = error } }

    func report(_ progress: Double) { progressHandler?(progress) }
}

/// A lock for async code: waiters resume in order, no thread is blocked.
final class _AsyncLock: Sendable {
    private struct State {
        var locked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    func lock() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.locked {
                    state.waiters.append(continuation)
                    return false
                }
                state.locked = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.locked = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
