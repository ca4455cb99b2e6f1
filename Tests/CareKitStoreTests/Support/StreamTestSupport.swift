import Foundation
import Synchronization

@testable import CareKitStore

/// Collects a stream's emissions in the background so tests can wait for them with a bound.
final class StreamRecorder<Element: Sendable>: Sendable {
    private let received = Mutex<[Element]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
        let handle = Task { [weak self] in
            do {
                for try await element in sequence {
                    guard let self else { return }
                    self.received.withLock { $0.append(element) }
                }
            } catch {}
        }
        task.withLock { $0 = handle }
    }

    var values: [Element] { received.withLock { $0 } }
    var count: Int { received.withLock { $0.count } }

    /// Waits until at least `count` emissions arrived, or `seconds` passed; returns the count.
    /// The default is generous: other tests may keep the two cores busy for seconds, and a
    /// wait that succeeds returns at once.
    @discardableResult
    func wait(forCount count: Int, seconds: Double = 30) async -> Int {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while self.count < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return self.count
    }

    func cancel() {
        task.withLock { $0?.cancel() }
    }

    deinit { cancel() }
}
