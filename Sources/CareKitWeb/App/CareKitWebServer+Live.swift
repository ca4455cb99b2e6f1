import CareKit
import CareKitStore
import CareKitUI
import Foundation
import Synchronization

extension CareKitWebServer {

    /// GET /live?page=/care-card?date=… : server-sent events. The page is built once, its
    /// controllers follow the store, and each time its content changes the new `<main>` is
    /// sent as a `refresh` event (its id the page's version). Closing the tab ends the stream
    /// and stops the controllers.
    func liveUpdates(_ request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
        try await liveStream(bufferingNewest: 8) { [self] () async throws -> LiveProducer in
            let target = WebSecurity.safeReturnPath(request.queryValue("page"), fallback: "/")
            let pathPart = String(target.split(separator: "?", maxSplits: 1).first ?? "/")
            let queryPart = target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            let tabPath = pathPart.split(separator: "/").first.map(String.init) ?? ""
            guard let tab = application.tabs.first(where: { $0.path == tabPath }) else {
                throw HTTPError(status: 404, message: "Live updates are available for the app's tabs only.")
            }
            var pageRequest = request
            pageRequest.path = pathPart
            pageRequest.query = try URLEncoding.decodePairs(queryPart)
            // Rendered with the page cache's placeholder token, like served pages, so versions compare.
            let placeholder = pageCache.placeholderToken
            let context = try pageContext(pageRequest, tab: tab, csrf: placeholder, returnPath: target, live: true)
            let page = try await tab.makePage(context)
            // The version of the page the browser shows (after a reconnect, of the last refresh
            // it received); a first refresh is sent only if it is stale.
            let shown = request.header("last-event-id") ?? request.queryValue("v") ?? ""
            return { [self] continuation in
                defer { page.stop() }
                var last = shown
                while !Task.isCancelled {
                    // Subscribe first, then render: no change can fall in between.
                    guard let updates = page.updates?() else { return }
                    let html = HTMLNode.fragment(self.mainContent(page)).render(.compact)
                    let version = Self.version(of: html)
                    if version != last {
                        last = version
                        continuation.yield(Self.serverSentEvent(name: "refresh", id: version, data: html.replacingOccurrences(of: placeholder, with: csrf)))
                    }
                    var iterator = updates.makeAsyncIterator()
                    guard await iterator.next() != nil else { return }
                    // Let a burst of writes settle into one refresh.
                    try? await Task.sleep(nanoseconds: 60_000_000)
                }
            }
        }
    }

    /// What a live stream sends; it returns (or is cancelled) when the stream ends.
    typealias LiveProducer = @Sendable (AsyncStream<String>.Continuation) async -> Void

    /// A live-update stream: a `retry` line, then what the producer sends, until it returns,
    /// the browser goes away or the configured lifetime passes (then the browser reconnects).
    /// Refused with 503 before `prepare` runs when the configured number of streams is open.
    func liveStream(bufferingNewest size: Int, prepare: () async throws -> LiveProducer) async throws -> HTTPResponse {
        guard liveStreams.take() else {
            var busy = HTTPResponse.text("\(liveStreams.limit) live-update streams are open, the most this server keeps; this page will try again.\n", status: 503)
            busy.setHeader("Retry-After", "30")
            return busy
        }
        let produce: LiveProducer
        do {
            produce = try await prepare()
        } catch {
            liveStreams.free()
            throw error
        }
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(size))
        let work = _Once<Task<Void, Never>>()
        let slots = liveStreams
        continuation.onTermination = { _ in
            work.value?.cancel()
            slots.free()
        }
        continuation.yield("retry: 2000\n\n")
        let lifetime = configuration.liveStreamLifetime
        work.set(Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await produce(continuation) }
                group.addTask { try? await Task.sleep(for: lifetime) }
                await group.next()
                group.cancelAll()
            }
            continuation.finish()
        })
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no"), ("Cache-Control", "no-store")],
                            body: .stream(stream))
    }

    /// A short fingerprint of a page's content (FNV-1a, 64 bits, hex).
    static func version(of html: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in html.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    /// GET /live/changes?since=N : server-sent events, one `changed` event (its id and data the
    /// store's generation) after every change of the store (writes here, from the CLI or
    /// another process), page-independent, so one connection serves every open tab of a
    /// browser. `since` is the generation the page was rendered at (after a reconnect, the id
    /// of the last event received): a page that is already stale is told at once.
    func storeChangeEvents(_ request: HTTPRequest) async throws -> HTTPResponse {
        let since = Int(request.header("last-event-id") ?? "") ?? Int(request.queryValue("since") ?? "") ?? -1
        let feed = changeFeed
        return try await liveStream(bufferingNewest: 4) {
            return { continuation in
                var seen = since
                while !Task.isCancelled {
                    let signals = feed.subscribe()
                    let generation = feed.generation
                    if generation > seen {
                        seen = generation
                        continuation.yield(Self.serverSentEvent(name: "changed", id: String(generation), data: String(generation)))
                    }
                    var iterator = signals.makeAsyncIterator()
                    guard await iterator.next() != nil else { return }
                    try? await Task.sleep(nanoseconds: 40_000_000)
                }
            }
        }
    }

    /// One server-sent event. Every line of the data gets its own `data:` prefix, and a line
    /// ends wherever a browser's EventSource ends one (CR, LF or CR LF), so stored text with line
    /// breaks cannot start a field or an event of its own.
    /// The id (which the browser sends back as `Last-Event-ID` when it reconnects) is left out
    /// if it has a line break.
    static func serverSentEvent(name: String, id: String? = nil, data: String) -> String {
        var text = id.map { $0.unicodeScalars.contains { $0 == "\r" || $0 == "\n" } ? "" : "id: \($0)\n" } ?? ""
        text += "event: \(name)\ndata: "
        var afterCarriageReturn = false
        for scalar in data.unicodeScalars {
            switch scalar {
            case "\r": text += "\ndata: "
            case "\n" where !afterCarriageReturn: text += "\ndata: "
            case "\n": break
            default: text.unicodeScalars.append(scalar)
            }
            afterCarriageReturn = scalar == "\r"
        }
        return text + "\n\n"
    }
}

/// Counts the live-update streams, so that at most `limit` are open.
final class _LiveStreamSlots: Sendable {
    let limit: Int
    private let open = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place; false when all are taken.
    func take() -> Bool {
        open.withLock { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    /// Gives a place back.
    func free() {
        open.withLock { $0 = max(0, $0 - 1) }
    }

    var count: Int { open.withLock { $0 } }
}
