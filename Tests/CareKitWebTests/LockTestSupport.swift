import CareKitHTTP
import CareKitStore
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import CareKitWeb

/// A clock for the passcode lock that moves only when a test moves it.
final class TestLockClock: Sendable {
    private let now = Mutex(ContinuousClock.now)

    func callAsFunction() -> ContinuousClock.Instant { now.withLock { $0 } }

    func advance(_ duration: Duration) { now.withLock { $0 += duration } }
}

/// A demo app whose passcode was set on its Passcode page by one browser (which stays
/// unlocked), with the lock's clock in the test's hands and the cheapest Argon2id.
struct LockedApp {
    typealias W = WebTestSupport

    let store: OCKStore
    let server: CareKitWebServer
    let clock: TestLockClock
    /// The cookies of the browser that set the passcode (unlocked).
    var unlocked: [String: String]
    /// The cookies of another browser (never unlocked; the same CSRF token as the test forms).
    let stranger: [String: String] = ["carekit_csrf": WebTestSupport.csrf]

    static let passcode = "2718"

    static func make(minutes: Int = 5, configure: (inout CareKitWebServer.Configuration) -> Void = { _ in }) async throws -> LockedApp {
        let clock = TestLockClock()
        let (store, server) = try await W.makeServer {
            $0.lockClock = { clock() }
            $0.passcodeLimits = .minimum
            configure(&$0)
        }
        // In token mode the browser that sets the passcode came with the token.
        var cookies = ["carekit_csrf": W.csrf]
        if let token = server.configuration.accessToken { cookies["carekit_auth"] = token }
        let response = await server.handle(
            W.post("/settings/passcode", [("action", "save"), ("passcode", passcode), ("repeat", passcode), ("minutes", String(minutes))], cookies: cookies))
        #expect(response.status == 303, "\(response.bodyText ?? "")")
        let token = try #require(unlockCookie(in: response))
        cookies["carekit_unlock"] = token
        return LockedApp(store: store, server: server, clock: clock, unlocked: cookies)
    }

    /// The value of the unlock cookie a response sets, or nil (none, or one that removes it).
    static func unlockCookie(in response: HTTPResponse) -> String? {
        for (name, value) in response.headers where name == "Set-Cookie" && value.hasPrefix("carekit_unlock=") {
            let token = String(value.dropFirst("carekit_unlock=".count).prefix { $0 != ";" })
            return token.isEmpty ? nil : token
        }
        return nil
    }

    /// Unlocks a browser with `passcode`; its cookies.
    func unlock(cookies: [String: String], passcode: String = LockedApp.passcode) async throws -> [String: String] {
        let response = await server.handle(W.post("/unlock", [("passcode", passcode), ("return", "/care-card")], cookies: cookies))
        #expect(response.status == 303)
        let token = try #require(Self.unlockCookie(in: response))
        var unlocked = cookies
        unlocked["carekit_unlock"] = token
        return unlocked
    }

    /// The live-update stream of a browser, once it has started.
    func liveStream(cookies: [String: String]) async throws -> ChunkRecorder {
        let live = await server.handle(W.get("/live/changes", cookies: cookies))
        guard case .stream(let stream) = live.body else { throw HTTPError(status: live.status, message: "not a stream") }
        let chunks = ChunkRecorder(stream)
        #expect(await eventually { chunks.value.contains("retry:") })
        return chunks
    }

    /// Whether a response is the lock's refusal: the unlock form, marked locked, nothing kept.
    static func isLockPage(_ response: HTTPResponse) -> Bool {
        response.header("X-CareKit-Lock") == "locked" && (response.bodyText ?? "").contains("action=\"/unlock\"")
            && response.header("Cache-Control") == "no-store"
    }

    /// What a page says to a reader: its text without tags.
    static func visibleText(_ html: String) -> String {
        html.replacing(/<[^>]*>/, with: " ")
    }

    /// Words of the demo's care plan and patient that a locked app must not show.
    static let privateWords = ["Cardio", "Limber Up", "Target Practice", "Pulse", "Temperature", "Hershel", "Greene", "Zombie Apocalypse", "Ada", "Lovelace", "Zombie Training"]
}
