import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM, caught from the first use on: a signal that arrives before anyone
/// waits (right after "is running" was printed) is remembered, not fatal.
final class TerminationSignals: Sendable {
    static let shared = TerminationSignals()

    private struct State {
        var received = false
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }
    private let state = Mutex(State())
    /// Kept alive for the life of the process; never touched after `init`.
    private struct Sources: @unchecked Sendable { var list: [any DispatchSourceSignal] = [] }
    private let sources: Sources

    private init() {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "carekit.signals")
        var made = Sources()
        let deliveries = Mutex<TerminationSignals?>(nil)
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { deliveries.withLock { $0 }?.deliver() }
            source.resume()
            made.list.append(source)
        }
        sources = made
        deliveries.withLock { $0 = self }
    }

    /// Starts catching the signals (idempotent); call it before telling anyone the server runs.
    static func install() { _ = shared }

    /// Returns once a signal has come (at once if one came before), or when the task is cancelled.
    func wait() async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.received || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Whether a signal has come.
    var received: Bool { state.withLock { $0.received } }

    private func deliver() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.received = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Runs `work`, or gives up on it when Ctrl-C (SIGINT) or SIGTERM comes first: then
    /// ``CommandInterrupted`` is thrown at once, saying `whatHappened`, and `work` is cancelled
    /// and left behind (the process is about to end; SQLite keeps each transaction whole, so
    /// one cut short leaves nothing half-written).
    static func interruptible<T: Sendable>(_ whatHappened: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        install()
        let outcome = _Once<T>()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            outcome.set(continuation)
            let worker = Task {
                let result: Result<T, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                outcome.take()?.resume(with: result)
            }
            let watcher = Task {
                await shared.wait()
                guard shared.received, let waiting = outcome.take() else { return }
                worker.cancel()
                waiting.resume(throwing: CommandInterrupted(description: whatHappened))
            }
            // The watcher is not needed once the work is done.
            Task {
                _ = await worker.result
                watcher.cancel()
            }
        }
    }
}

/// A continuation resumed once, by whichever comes first.
private final class _Once<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)
    func set(_ value: CheckedContinuation<T, any Error>) { continuation.withLock { $0 = value } }
    func take() -> CheckedContinuation<T, any Error>? { continuation.withLock { $0.take() } }
}

/// A command stopped by Ctrl-C or SIGTERM (exit status 130), with what that left behind.
struct CommandInterrupted: Error, CustomStringConvertible {
    var description: String
}
