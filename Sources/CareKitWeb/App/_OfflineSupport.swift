import CareKitHTTP
import CareKitUI
import Foundation
import Synchronization

/// What makes the app installable and usable without a connection: the web app manifest, the
/// service worker, and the ledger that keeps a tap sent twice (queued offline, then replayed)
/// from being recorded twice.
enum _OfflineSupport {
    /// The manifest (`/manifest.webmanifest`): the app's name and tint, standalone, the icon;
    /// its description, language and direction those of the request.
    static func manifest(title: String, tint: OCKColor?, iconPath: String) -> HTTPResponse {
        struct Manifest: Encodable {
            struct Icon: Encodable {
                var src: String
                var sizes = "any"
                var type = "image/svg+xml"
                var purpose = "any"
            }
            var name: String
            var shortName: String
            var description: String
            var lang: String
            var dir: String
            var startURL = "/"
            var scope = "/"
            var display = "standalone"
            var themeColor: String
            var backgroundColor = "#ffffff"
            var icons: [Icon]

            enum CodingKeys: String, CodingKey {
                case name, scope, display, icons, description, lang, dir
                case shortName = "short_name", startURL = "start_url", themeColor = "theme_color", backgroundColor = "background_color"
            }
        }
        let manifest = Manifest(
            name: title, shortName: String(title.prefix(12)),
            description: loc("Your care plan: what to do today, your symptoms and how the week went."),
            lang: OCKLocalization.language.code, dir: OCKLocalization.language.direction, themeColor: tint?.cssValue ?? "#0a84ff",
            icons: [.init(src: iconPath)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(manifest)) ?? Data("{}".utf8)
        var response = HTTPResponse.data(body, contentType: "application/manifest+json")
        response.setHeader("Cache-Control", "no-cache")
        return response
    }

    /// The service worker (`/sw.js`, the file `Resources/sw.js`): pages and assets are fetched
    /// from the network and kept; without a network the kept copy answers, so today's page opens
    /// offline. Live streams, the calendar feed, settings, reports, the lock's pages and the
    /// script's own fragment requests are never kept. While the app has a passcode (its answers carry
    /// `X-CareKit-Lock`), nothing is kept, and what was kept before is deleted at the first
    /// such answer: no page can be opened offline past the lock.
    static let serviceWorker = String(embeddedResource: PackageResources.sw_js)

    static func serviceWorkerResponse() -> HTTPResponse {
        var response = HTTPResponse.text(serviceWorker, contentType: "text/javascript; charset=utf-8")
        response.setHeader("Cache-Control", "no-cache")
        response.setHeader("Service-Worker-Allowed", "/")
        return response
    }

    /// A form's `request_id` (the script gives every tap one), or nil without one; a 400 for
    /// one that is not 8 to 64 letters, digits and dashes.
    static func requestID(_ form: HTTPForm) throws(HTTPError) -> String? {
        guard let id = form["request_id"], !id.isEmpty else { return nil }
        guard (8...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw HTTPError(status: 400, message: loc("'{id}' is not a request id (8 to 64 letters, digits and dashes).", ["id": String(id.prefix(64))]))
        }
        return id
    }

    /// When a queued tap was made (`tapped_at`, milliseconds since 1970, from the script), if
    /// it is a moment of the last seven days and not after `now`; otherwise `now`.
    static func tapDate(_ form: HTTPForm, now: Date) -> Date {
        guard let text = form["tapped_at"], let milliseconds = Double(text), milliseconds.isFinite else { return now }
        let date = Date(timeIntervalSince1970: milliseconds / 1_000)
        return date <= now && date >= now.addingTimeInterval(-7 * 86_400) ? date : now
    }
}

/// The request ids of the taps this server applied (the most recent 4,096): a tap replayed
/// after its answer was lost is answered as done and not applied again. Kept in memory: a
/// replay across a restart of the server is not recognised.
final class _RequestLedger: Sendable {
    private struct State {
        var order: [String] = []
        var ids: Set<String> = []
    }
    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// Claims an id for one request; false when another request claimed it already.
    func claim(_ id: String) -> Bool {
        state.withLock { state in
            guard state.ids.insert(id).inserted else { return false }
            state.order.append(id)
            if state.order.count > capacity {
                let dropped = state.order.removeFirst()
                state.ids.remove(dropped)
            }
            return true
        }
    }

    /// Gives an id back after its request failed, so that it can be sent again.
    func release(_ id: String) {
        state.withLock { state in
            state.ids.remove(id)
            state.order.removeAll { $0 == id }
        }
    }
}
