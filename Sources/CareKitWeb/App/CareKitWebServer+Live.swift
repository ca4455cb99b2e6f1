import CareKit
import CareKitHTTP
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
        try await liveStreams.stream(bufferingNewest: 8) { [self] () async throws -> HTTPEventStreams.Producer in
            let target = HTTPReturnPath.safe(request.queryValue("page"), fallback: "/")
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
            return { [self] events in
                defer { page.stop() }
                var last = shown
                while !Task.isCancelled {
                    // Subscribe first, then render: no change can fall in between.
                    guard let updates = page.updates?() else { return }
                    let html = HTMLNode.fragment(self.mainContent(page)).render(.compact)
                    let version = Self.version(of: html)
                    if version != last {
                        last = version
                        events.send(HTTPServerSentEvent(name: "refresh", id: version, data: html.replacingOccurrences(of: placeholder, with: csrf)))
                    }
                    var iterator = updates.makeAsyncIterator()
                    guard await iterator.next() != nil else { return }
                    // Let a burst of writes settle into one refresh.
                    try? await Task.sleep(nanoseconds: 60_000_000)
                }
            }
        }
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
        return try await liveStreams.stream(bufferingNewest: 4) {
            return { events in
                var seen = since
                while !Task.isCancelled {
                    let signals = feed.subscribe()
                    let generation = feed.generation
                    if generation > seen {
                        seen = generation
                        events.send(HTTPServerSentEvent(name: "changed", id: String(generation), data: String(generation)))
                    }
                    var iterator = signals.makeAsyncIterator()
                    guard await iterator.next() != nil else { return }
                    try? await Task.sleep(nanoseconds: 40_000_000)
                }
            }
        }
    }
}
