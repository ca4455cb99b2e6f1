import Foundation
import Synchronization

/// Server-sent event streams with a cap and a lifetime: at most ``limit`` are open at once
/// (more get 503 with `Retry-After`, so streams cannot take every connection), and each ends
/// after ``lifetime`` (the browser's EventSource reconnects by itself, telling the last event
/// id it saw), so an abandoned stream frees its place.
public final class HTTPEventStreams: Sendable {
    /// Sends a producer's events down its stream.
    public struct Sender: Sendable {
        fileprivate let continuation: AsyncStream<String>.Continuation

        /// Queues an event (the oldest queued ones are dropped if the client lags far behind).
        public func send(_ event: HTTPServerSentEvent) {
            continuation.yield(event.text)
        }
    }

    /// Sends a stream's events; the stream ends when it returns, and it is cancelled when the
    /// client goes away or the lifetime ends.
    public typealias Producer = @Sendable (Sender) async -> Void

    /// Streams open at once, at most.
    public let limit: Int
    /// How long a stream lasts.
    public let lifetime: Duration
    /// How long a browser waits before reconnecting (sent as `retry:` first).
    public let retry: Duration
    private let open = Mutex(0)

    public init(limit: Int, lifetime: Duration, retry: Duration = .seconds(2)) {
        self.limit = limit
        self.lifetime = lifetime
        self.retry = retry
    }

    /// The streams open now.
    public var count: Int { open.withLock { $0 } }

    /// A `text/event-stream` response whose events `prepare`'s producer sends, or 503 (before
    /// `prepare` runs) when ``limit`` streams are open. An error `prepare` throws frees the place
    /// and is rethrown.
    public func stream(bufferingNewest size: Int = 8, prepare: () async throws -> Producer) async throws -> HTTPResponse {
        guard take() else {
            var busy = HTTPResponse.text("\(limit) event streams are open, the most this server keeps; try again in a moment.\n", status: 503)
            busy.setHeader("Retry-After", "30")
            return busy
        }
        let produce: Producer
        do {
            produce = try await prepare()
        } catch {
            free()
            throw error
        }
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(max(1, size)))
        let work = _Locked<Task<Void, Never>?>(nil)
        continuation.onTermination = { [self] _ in
            work.value?.cancel()
            free()
        }
        let milliseconds = retry.components.seconds * 1000 + retry.components.attoseconds / 1_000_000_000_000_000
        continuation.yield("retry: \(milliseconds)\n\n")
        let lifetime = self.lifetime
        let sender = Sender(continuation: continuation)
        work.set(
            Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await produce(sender) }
                    group.addTask { try? await Task.sleep(for: lifetime) }
                    await group.next()
                    group.cancelAll()
                }
                continuation.finish()
            })
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no"), ("Cache-Control", "no-store")],
            body: .stream(stream))
    }

    private func take() -> Bool {
        open.withLock { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    private func free() {
        open.withLock { $0 = max(0, $0 - 1) }
    }
}
