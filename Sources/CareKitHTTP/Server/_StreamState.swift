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

/// Where a streamed body comes from.
enum _StreamSource: Sendable {
    /// Server-sent events: chunks as the app sends them, a keep-alive comment when idle.
    case events(AsyncStream<String>)
    /// Chunks made on demand, while less than ``_StreamState/highWater`` bytes wait.
    case chunks(HTTPBodyChunks)
}

/// A streamed body. A task moves chunks from the app's source into a buffer that MHD's reader
/// drains; when the buffer is empty the reader suspends the connection (no thread waits), and
/// new data, a keep-alive comment (events only: every `keepAlive` with nothing to send), the
/// end or a failure resumes it. Chunks made on demand are asked for only while the buffer holds
/// less than ``highWater`` bytes, so a slow client holds the producer back.
final class _StreamState: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var finished = false
        /// The source failed: the connection is cut off once what is buffered has been sent.
        var failed = false
        var suspended = false
        /// The response is gone (so is, perhaps, the connection): never resume it again.
        var released = false
        /// The producer waiting for the buffer to drain below the high-water mark.
        var drained: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())
    private let connection: _Connection
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let registry: _StreamRegistry
    private static let keepAlive = Array(": keep-alive\n\n".utf8)
    /// How many bytes may wait to be sent before a chunk producer is held back.
    static let highWater = 64 * 1024

    init(source: _StreamSource, connection: _Connection, keepAlive interval: Duration, registry: _StreamRegistry) {
        self.connection = connection
        self.registry = registry
        switch source {
        case .events(let events):
            let pump = Task.detached { [weak self] in
                for await chunk in events {
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
        case .chunks(let chunks):
            let pump = Task.detached { [weak self] in
                do {
                    while !Task.isCancelled {
                        guard let self, await self.waitUntilDrained() else { return }
                        guard let data = try await chunks.next() else { break }
                        self.append(Array(data))
                    }
                    self?.finish()
                } catch {
                    self?.fail()
                }
            }
            tasks.withLock { $0 = [pump] }
        }
        registry.add(self)
    }

    private func append(_ bytes: [UInt8], onlyIfIdle: Bool = false) {
        state.withLock { state in
            guard !state.finished, !(onlyIfIdle && !state.bytes.isEmpty) else { return }
            state.bytes += bytes
            resumeIfSuspended(&state)
        }
    }

    /// Returns once fewer than ``highWater`` bytes wait; false when the response is over.
    private func waitUntilDrained() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard !state.finished, state.bytes.count >= Self.highWater else { return true }
                state.drained = continuation
                return false
            }
            if ready { continuation.resume() }
        }
        return state.withLock { !$0.finished }
    }

    /// Ends the stream once what is buffered has been sent.
    func finish() {
        end(failed: false)
    }

    /// Cuts the connection off once what is buffered has been sent: the body is incomplete.
    private func fail() {
        end(failed: true)
    }

    private func end(failed: Bool) {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if !state.finished { state.failed = failed }
            state.finished = true
            resumeIfSuspended(&state)
            defer { state.drained = nil }
            return state.drained
        }
        waiting?.resume()
    }

    private func resumeIfSuspended(_ state: inout State) {
        guard state.suspended, !state.released else { return }
        state.suspended = false
        MHD_resume_connection(connection.pointer)
    }

    /// MHD's reader, on the connection's thread: copies up to `capacity` bytes and returns
    /// how many; -1 at the end, -2 after a failure; 0 after suspending the connection until there is more.
    func read(into destination: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let (count, waiting) = state.withLock { state -> (Int, CheckedContinuation<Void, Never>?) in
            let count = min(capacity, state.bytes.count)
            if count > 0 {
                state.bytes.withUnsafeBufferPointer { source in
                    source.baseAddress.map { base in
                        base.withMemoryRebound(to: CChar.self, capacity: count) { destination.update(from: $0, count: count) }
                    }
                }
                state.bytes.removeFirst(count)
                guard state.bytes.count < Self.highWater, let waiting = state.drained else { return (count, nil) }
                state.drained = nil
                return (count, waiting)
            }
            if state.finished { return (state.failed ? -2 : -1, nil) }
            state.suspended = true
            MHD_suspend_connection(connection.pointer)
            return (0, nil)
        }
        waiting?.resume()
        return count
    }

    /// MHD is done with the response: stop the tasks (which ends the app's stream).
    func release() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released = true
            state.finished = true
            defer { state.drained = nil }
            return state.drained
        }
        waiting?.resume()
        tasks.withLock { tasks in tasks.forEach { $0.cancel() } }
        registry.remove(self)
    }
}
