import Synchronization

/// Collects the chunks of a streamed response.
public final class ChunkRecorder: Sendable {
    private let text = Mutex("")
    private let ended = Mutex(false)
    private let task = Mutex<Task<Void, Never>?>(nil)
    public init(_ stream: AsyncStream<String>) {
        let handle = Task { [weak self] in
            for await chunk in stream {
                guard let self else { return }
                self.text.withLock { $0 += chunk }
            }
            self?.ended.withLock { $0 = true }
        }
        task.withLock { $0 = handle }
    }
    public var value: String { text.withLock { $0 } }
    /// Whether the stream has ended.
    public var finished: Bool { ended.withLock { $0 } }
    public func cancel() { task.withLock { $0?.cancel() } }
}
