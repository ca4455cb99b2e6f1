import CareKit
import CareKitHTTP
import CareKitStore
import Foundation

extension CareKitWebServer {

    /// GET /live/changes?since=N : server-sent events, one `changed` event (its id and data the
    /// store's generation) after every change of the store (writes here, from the CLI or
    /// another process), page-independent, so one connection serves every open tab of a
    /// browser. `since` is the generation the page was rendered at (after a reconnect, the id
    /// of the last event received): a page that is already stale is told at once. With a
    /// passcode, the stream of an unlocked browser (`session`) ends when that browser locks;
    /// without one, when the app gets one.
    func storeChangeEvents(_ request: HTTPRequest, session: [UInt8]?) async throws -> HTTPResponse {
        let since = Int(request.header("last-event-id") ?? "") ?? Int(request.queryValue("since") ?? "") ?? -1
        let feed = changeFeed
        let lock = appLock
        return try await liveStreams.stream(bufferingNewest: 4, client: request.clientAddress) {
            return { events in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await Self.announceChanges(of: feed, since: since, to: events) }
                    group.addTask { await lock.waitUntilLocked(session) }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
    }

    /// A tab's page (or the script's fragment of it) with the store's generation it shows, as
    /// `X-CareKit-Generation` (a full page also carries it as `data-ck-generation`): the script
    /// fetches no page again for a `changed` event of a generation it shows already, such as
    /// the one that announces a tap the tab made and has refreshed for.
    static func page(_ response: HTTPResponse, generation: Int) -> HTTPResponse {
        var response = response
        response.setHeader("X-CareKit-Generation", String(generation))
        return response
    }

    /// Sends a `changed` event after every change of the store from `since` on, until cancelled.
    private static func announceChanges(of feed: _ChangeFeed, since: Int, to events: HTTPEventStreams.Sender) async {
        var changes = feed.changes().makeAsyncIterator()
        var seen = since
        repeat {
            let generation = feed.generation
            if generation > seen {
                seen = generation
                events.send(HTTPServerSentEvent(name: "changed", id: String(generation), data: String(generation)))
            }
            guard await changes.next() != nil else { return }
            // Let a burst of writes settle into one event.
            try? await Task.sleep(nanoseconds: 40_000_000)
        } while !Task.isCancelled
    }
}
