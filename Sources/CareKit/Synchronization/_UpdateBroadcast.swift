import Foundation
import Synchronization

/// Wakes waiters and subscribers after each update of a view (a synchronized controller's, a
/// page's): the one broadcaster of view updates, as `OCKStoreChangeNotifier` is the one of
/// store changes (which the web app's live streams follow directly).
final class _UpdateBroadcast: Sendable {
    private let continuations = Mutex<[UUID: AsyncStream<Void>.Continuation]>([:])
    private let generation = Atomic<Int>(0)

    func signal() {
        generation.add(1, ordering: .relaxed)
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.yield() }
    }

    func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        continuations.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.continuations.withLock { $0.removeValue(forKey: key) } }
        return stream
    }

    /// Returns after the next signal (or at once if one came since the last wait began).
    func wait() async {
        let start = generation.load(ordering: .relaxed)
        let stream = self.stream()
        if generation.load(ordering: .relaxed) != start { return }
        for await _ in stream { return }
    }
}
