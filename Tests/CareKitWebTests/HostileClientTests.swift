import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app on the real server under clients that skip the token, flood the live streams or
/// reconnect (the server's own defences are CareKitHTTPTests' HostileClientTests).
@Suite("Web app: hostile clients")
struct HostileClientTests {
    typealias W = WebTestSupport

    /// A listening ZombieKit server.
    static func running(_ configure: (inout CareKitWebServer.Configuration) -> Void = { _ in }) async throws -> (OCKStore, CareKitWebServer, Int) {
        let (store, server) = try await W.makeServer { configuration in
            configuration.port = 0
            configure(&configuration)
        }
        let port = try server.start()
        return (store, server, port)
    }

    @Test func liveStreamsAreCappedAndEachEndsAfterItsLifetime() async throws {
        let (_, server) = try await W.makeServer {
            $0.maximumLiveStreams = 2; $0.liveStreamLifetime = .seconds(1)
        }
        var open: [ChunkRecorder] = []
        for path in ["/live/changes?since=0", "/live/changes?since=0"] {
            let live = await server.handle(W.get(path))
            guard case .stream(let stream) = live.body else { Issue.record("not a stream"); return }
            open.append(ChunkRecorder(stream))
        }
        let streams = open
        let refused = await server.handle(W.get("/live/changes?since=0"))
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") != nil)
        #expect(refused.bodyText?.contains("try again") == true)
        #expect(await eventually { streams.allSatisfy(\.finished) }, "a stream outlived its lifetime")
        #expect(streams.allSatisfy { $0.value.hasPrefix("retry: 2000") }, "the browser is told when to reconnect")
        // Their places are free again.
        #expect(await eventually { await server.handle(W.get("/live/changes?since=0")).status == 200 })
    }

    @Test func aReconnectingBrowserIsToldOnlyOfChangesItHasNotSeen() async throws {
        let (store, server) = try await W.makeServer()
        let first = await server.handle(W.get("/live/changes?since=0"))
        guard case .stream(let firstStream) = first.body else { Issue.record("not a stream"); return }
        let firstChunks = ChunkRecorder(firstStream)
        defer { firstChunks.cancel() }
        let cardio = try await W.todaysEvent(store, task: "cardio")
        try await store.setCompleted(true, for: cardio.anyEvent, now: W.now)
        #expect(await eventually { ServerSentEvents.parse(firstChunks.value).contains { $0.name == "changed" && $0.data == String(store.changeCount) } })
        let seen = store.changeCount
        #expect(firstChunks.value.contains("id: \(seen)\n"), "each change carries its generation as the event id")

        // The stream ended; the browser reconnects to the same address, saying what it saw last.
        var again = W.get("/live/changes?since=0")
        again.headers["last-event-id"] = String(seen)
        let second = await server.handle(again)
        guard case .stream(let secondStream) = second.body else { Issue.record("not a stream"); return }
        let secondChunks = ChunkRecorder(secondStream)
        defer { secondChunks.cancel() }
        let second2 = try await W.todaysEvent(store, task: "cardio", index: 1)
        try await store.setCompleted(true, for: second2.anyEvent, now: W.now)
        #expect(await eventually { ServerSentEvents.parse(secondChunks.value).contains { $0.name == "changed" } })
        #expect(
            ServerSentEvents.parse(secondChunks.value).filter { $0.name == "changed" }.map(\.data) == [String(store.changeCount)],
            "the change it had seen was not announced again")
    }

    @Test func theTokenAndHostAreCheckedBeforeTheBodyIsRead() async throws {
        let token = "correct-horse-battery-staple-42"
        let (_, server, port) = try await Self.running { $0.accessToken = token }
        defer { server.stop() }
        for (host, status) in [("127.0.0.1:\(port)", "401"), ("evil.example", "421")] {
            // A 60 kB upload announced, never sent: the answer must not wait for it.
            let client = try RawClient(port: port)
            client.send("POST /events/x/complete HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n")
            let response = await client.receive(seconds: 5) { $0.contains("</html>") }.text
            #expect(response.hasPrefix("HTTP/1.1 \(status)"), "\(host): \(response.prefix(40))")
            #expect(response.contains("X-Frame-Options: DENY"))
        }
        let live = try await RawClient.get("/live/changes?since=0", port: port)
        #expect(live.response.hasPrefix("HTTP/1.1 401"))
        #expect(server.liveStreams.count == 0, "no stream was opened for a request without the token")
        let entry = try await RawClient.get("/care-card?token=\(token)", port: port)
        #expect(entry.response.hasPrefix("HTTP/1.1 303"), "the link with the token still lets the browser in")
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let (_, server, port) = try await Self.running {
            $0.maximumBodySize = 1024; $0.maximumLiveStreams = 0
        }
        defer { server.stop() }
        var tooLarge = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/events/x/complete")))
        tooLarge.httpMethod = "POST"
        tooLarge.httpBody = Data(repeating: UInt8(ascii: "a"), count: 200_000)
        tooLarge.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (_, large) = try await TestSession.shared.data(for: tooLarge)
        let refused = try #require(large as? HTTPURLResponse)
        #expect(refused.statusCode == 413)
        for (name, value) in WebSecurity.headers {
            #expect(refused.value(forHTTPHeaderField: name) == value, "413 without \(name)")
        }
        for (path, host, status) in [("/care-card", "evil.example", "421"), ("/live/changes", "127.0.0.1:\(port)", "503"), ("/nowhere", "127.0.0.1:\(port)", "404")] {
            let response = try await RawClient.get(path, port: port, headers: ["Host": host]).response
            #expect(response.hasPrefix("HTTP/1.1 \(status)"), "\(path): \(response.prefix(40))")
            for (name, value) in WebSecurity.headers {
                #expect(response.contains("\(name): \(value)\r\n"), "\(status) without \(name)")
            }
        }
    }
}
