import CMicroHTTPD
import Foundation
import Synchronization

/// The open streamed responses, so that stopping the server can end them.
final class _StreamRegistry: Sendable {
    private let state = Mutex<(closed: Bool, streams: [ObjectIdentifier: _StreamState])>((false, [:]))

    /// Keeps a stream until it is removed; once the server stops, a new stream ends at once.
    func add(_ stream: _StreamState) {
        let closed = state.withLock { state -> Bool in
            if !state.closed { state.streams[ObjectIdentifier(stream)] = stream }
            return state.closed
        }
        if closed { stream.finish() }
    }

    func remove(_ stream: _StreamState) { _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) } }

    /// Ends every stream, and every later one.
    func finishAll() {
        let streams = state.withLock { state -> [_StreamState] in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    var count: Int { state.withLock { $0.streams.count } }
}

/// A streamed body. A task moves chunks from the app's AsyncStream into a buffer that MHD's
/// reader drains; when the buffer is empty the reader suspends the connection (no thread
/// waits), and new data, a keep-alive comment (every `keepAlive` with nothing to send) or the
/// stream's end resumes it.
final class _StreamState: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var finished = false
        var suspended = false
        /// The response is gone (so is, perhaps, the connection): never resume it again.
        var released = false
    }
    private let state = Mutex(State())
    private let connection: _Connection
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let registry: _StreamRegistry
    private static let keepAlive = Array(": keep-alive\n\n".utf8)

    init(source: AsyncStream<String>, connection: _Connection, keepAlive interval: Duration, registry: _StreamRegistry) {
        self.connection = connection
        self.registry = registry
        let pump = Task.detached { [weak self] in
            for await chunk in source {
                guard let self else { return }
                self.append(Array(chunk.utf8))
            }
            self?.finish()
        }
        let beat = Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                self.append(Self.keepAlive, onlyIfIdle: true)
            }
        }
        tasks.withLock { $0 = [pump, beat] }
        registry.add(self)
    }

    private func append(_ bytes: [UInt8], onlyIfIdle: Bool = false) {
        state.withLock { state in
            guard !state.finished, !(onlyIfIdle && !state.bytes.isEmpty) else { return }
            state.bytes += bytes
            resumeIfSuspended(&state)
        }
    }

    /// Ends the stream once what is buffered has been sent.
    func finish() {
        state.withLock { state in
            state.finished = true
            resumeIfSuspended(&state)
        }
    }

    private func resumeIfSuspended(_ state: inout State) {
        guard state.suspended, !state.released else { return }
        state.suspended = false
        MHD_resume_connection(connection.pointer)
    }

    /// MHD's reader, on the connection's thread: copies up to `capacity` bytes and returns
    /// how many; -1 at the end; 0 after suspending the connection until there is more.
    func read(into destination: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            let count = min(capacity, state.bytes.count)
            if count > 0 {
                state.bytes.withUnsafeBufferPointer { source in
                    source.baseAddress.map { base in
                        base.withMemoryRebound(to: CChar.self, capacity: count) { destination.update(from: $0, count: count) }
                    }
                }
                state.bytes.removeFirst(count)
                return count
            }
            if state.finished { return -1 }
            state.suspended = true
            MHD_suspend_connection(connection.pointer)
            return 0
        }
    }

    /// MHD is done with the response: stop the tasks (which ends the app's stream).
    func release() {
        state.withLock { state in
            state.released = true
            state.finished = true
        }
        tasks.withLock { tasks in tasks.forEach { $0.cancel() } }
        registry.remove(self)
    }
}
