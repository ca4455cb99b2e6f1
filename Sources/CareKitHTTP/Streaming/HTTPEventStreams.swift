import Foundation
import Synchronization

/// Server-sent event streams with caps and a lifetime: at most ``limit`` are open at once and
/// ``limitPerClient`` from one client address (more get 503 with `Retry-After`, so streams
/// cannot take every connection, and one client cannot take every stream), and each ends after
/// ``lifetime`` (the browser's EventSource reconnects by itself, telling the last event id it
/// saw). The server notices within a second when a client closes its stream, and frees its place.
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
    /// Streams open at once from one client address, at most (``limit`` unless told).
    public let limitPerClient: Int
    /// How long a stream lasts.
    public let lifetime: Duration
    /// How long a browser waits before reconnecting (sent as `retry:` first).
    public let retry: Duration
    private let open = Mutex<(all: Int, byClient: [String: Int])>((0, [:]))

    public init(limit: Int, limitPerClient: Int? = nil, lifetime: Duration, retry: Duration = .seconds(2)) {
        self.limit = limit
        self.limitPerClient = max(1, min(limit, limitPerClient ?? limit))
        self.lifetime = lifetime
        self.retry = retry
    }

    /// The streams open now.
    public var count: Int { open.withLock { $0.all } }

    /// A `text/event-stream` response whose events `prepare`'s producer sends, or 503 (before
    /// `prepare` runs) when ``limit`` streams are open, or ``limitPerClient`` from `client` (the
    /// request's address; nil counts only against the whole). An error `prepare` throws frees
    /// the place and is rethrown.
    public func stream(bufferingNewest size: Int = 8, client: String? = nil, prepare: () async throws -> Producer) async throws -> HTTPResponse {
        if let refusal = take(client) {
            var busy = HTTPResponse.text(refusal, status: 503)
            busy.setHeader("Retry-After", "30")
            return busy
        }
        let produce: Producer
        do {
            produce = try await prepare()
        } catch {
            free(client)
            throw error
        }
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(max(1, size)))
        let work = _Locked<Task<Void, Never>?>(nil)
        continuation.onTermination = { [self] _ in
            work.value?.cancel()
            free(client)
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

    /// Counts a stream in, or says why it cannot be.
    private func take(_ client: String?) -> String? {
        open.withLock { open in
            guard open.all < limit else { return "\(limit) event streams are open, the most this server keeps; try again in a moment.\n" }
            if let client {
                guard open.byClient[client, default: 0] < limitPerClient else {
                    return "\(limitPerClient) event streams are open from this address, the most one client may keep; close a tab or try again in a moment.\n"
                }
                open.byClient[client, default: 0] += 1
            }
            open.all += 1
            return nil
        }
    }

    private func free(_ client: String?) {
        open.withLock { open in
            open.all = max(0, open.all - 1)
            guard let client, let count = open.byClient[client] else { return }
            open.byClient[client] = count > 1 ? count - 1 : nil
        }
    }
}
