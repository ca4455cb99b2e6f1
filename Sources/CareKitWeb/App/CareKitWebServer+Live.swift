import CareKit
import CareKitStore
import CareKitUI
import Foundation

extension CareKitWebServer {

    /// GET /live?page=/care-card?date=… : server-sent events. The page is built once, its
    /// controllers follow the store, and each time its content changes the new `<main>` is
    /// sent as a `refresh` event. Closing the tab ends the stream and stops the controllers.
    func liveUpdates(_ request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
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
        // The version of the page the browser shows; a first refresh is sent only if it is stale.
        let shown = request.queryValue("v") ?? ""

        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.yield("retry: 2000\n\n")
        let worker = Task { [self] in
            var last = shown
            while !Task.isCancelled {
                // Subscribe first, then render: no change can fall in between.
                guard let updates = page.updates?() else { break }
                let html = HTMLNode.fragment(self.mainContent(page)).render(.compact)
                let version = Self.version(of: html)
                if version != last {
                    last = version
                    continuation.yield(Self.serverSentEvent(name: "refresh", data: html.replacingOccurrences(of: placeholder, with: csrf)))
                }
                var iterator = updates.makeAsyncIterator()
                guard await iterator.next() != nil else { break }
                // Let a burst of writes settle into one refresh.
                try? await Task.sleep(nanoseconds: 60_000_000)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            worker.cancel()
            page.stop()
        }
        var response = HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no")], body: .stream(stream))
        response.setHeader("Cache-Control", "no-store")
        return response
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

    /// GET /live/changes?since=N : server-sent events, one `changed` event after every change
    /// of the store (writes here, from the CLI or another process), page-independent, so one
    /// connection serves every open tab of a browser. `since` is the generation the page was
    /// rendered at: a page that is already stale is told at once.
    func storeChangeEvents(_ request: HTTPRequest) -> HTTPResponse {
        let since = Int(request.queryValue("since") ?? "") ?? -1
        let feed = changeFeed
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        continuation.yield("retry: 2000\n\n")
        let worker = Task {
            var seen = since
            while !Task.isCancelled {
                let signals = feed.subscribe()
                let generation = feed.generation
                if generation > seen {
                    seen = generation
                    continuation.yield(Self.serverSentEvent(name: "changed", data: String(generation)))
                }
                var iterator = signals.makeAsyncIterator()
                guard await iterator.next() != nil else { break }
                try? await Task.sleep(nanoseconds: 40_000_000)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in worker.cancel() }
        var response = HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8")], body: .stream(stream))
        response.setHeader("Cache-Control", "no-store")
        return response
    }

    /// One server-sent event. Every line of the data gets its own `data:` prefix, and a line
    /// ends wherever a browser's EventSource ends one (CR, LF or CR LF), so stored text with line
    /// breaks cannot start a field or an event of its own.
    static func serverSentEvent(name: String, data: String) -> String {
        var text = "event: \(name)\ndata: "
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
