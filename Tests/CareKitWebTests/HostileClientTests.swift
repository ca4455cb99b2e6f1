import CareKit
import CareKitStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import CareKitWeb

/// The real server under clients that stall, drip, flood or skip the token.
@Suite("Web app: hostile clients")
struct HostileClientTests {
    typealias W = WebTestSupport
    typealias Chunks = LiveAndSocketTests.Chunks

    /// A listening ZombieKit server.
    static func running(_ configure: (inout CareKitWebServer.Configuration) -> Void = { _ in }) async throws -> (OCKStore, CareKitWebServer, Int) {
        let (store, server) = try await W.makeServer { configuration in
            configuration.port = 0
            configure(&configuration)
        }
        let port = try server.start()
        return (store, server, port)
    }

    @Test func aPageAnswersWithinASecondWhileHundredsOfClientsStall() async throws {
        let (_, server, port) = try await Self.running()
        defer { server.stop() }
        // 600 clients send half a request line and stall (the old server took 512 and let
        // the next request wait until one timed out, 58 s); 20 more keep live streams open.
        var stalled: [RawClient] = []
        for _ in 0..<600 {
            let client = try RawClient(port: port)
            client.send("GET /care-card HT")
            stalled.append(client)
        }
        var streams: [RawClient] = []
        for _ in 0..<20 {
            let client = try RawClient(port: port)
            client.send("GET /live/changes?since=0 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(await client.receive { $0.contains("retry: 2000") }.text.hasPrefix("HTTP/1.1 200"))
            streams.append(client)
        }
        for _ in 0..<3 {
            let (response, duration) = try await RawClient.get("/care-card", port: port)
            #expect(response.hasPrefix("HTTP/1.1 200"))
            #expect(response.contains("Zombie Training"))
            #expect(duration < .seconds(1), "a page took \(duration) with 600 stalled clients and 20 live streams")
        }
        withExtendedLifetime((stalled, streams)) {}
    }

    @Test func aClientThatStallsOrDripsItsRequestIsCutOff() async throws {
        let (_, server, port) = try await Self.running { $0.limits.requestTimeout = .seconds(1) }
        defer { server.stop() }
        let stalling = try RawClient(port: port)
        stalling.send("GET /care-card HT")
        // A byte now and then resets an idle timer; the request as a whole still has to arrive in time.
        let dripping = try RawClient(port: port)
        dripping.send("GET /care-card HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        let drip = Task {
            for _ in 0..<100 {
                try? await Task.sleep(for: .milliseconds(200))
                guard dripping.send("X-Slow: 1\r\n") else { return }
            }
        }
        defer { drip.cancel() }
        #expect(await stalling.isClosedByServer())
        #expect(await dripping.isClosedByServer(), "a client dripping its headers kept its connection for 20 s")
        #expect(try await RawClient.get("/care-card", port: port).response.hasPrefix("HTTP/1.1 200"))
    }

    @Test func oneClientCannotTakeMoreThanItsShare() async throws {
        let (_, server, port) = try await Self.running { $0.limits.maximumConnectionsPerClient = 4 }
        defer { server.stop() }
        var held: [RawClient] = []
        for _ in 0..<4 {
            let client = try RawClient(port: port)
            client.send("GET /care-card HT")
            held.append(client)
        }
        let fifth = try RawClient(port: port)
        fifth.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let refused = await fifth.receive()
        #expect(refused.closed && refused.text.isEmpty, "the fifth connection of one client was served: \(refused.text.prefix(40))")
        held.removeLast().close()
        #expect(await eventually { (try? await RawClient.get("/healthz", port: port).response.hasPrefix("HTTP/1.1 200")) == true })
    }

    @Test func liveStreamsAreCappedAndEachEndsAfterItsLifetime() async throws {
        let (_, server) = try await W.makeServer { $0.maximumLiveStreams = 2; $0.liveStreamLifetime = .seconds(1) }
        var open: [Chunks] = []
        for path in ["/live/changes?since=0", "/live?page=" + URLEncoding.encode("/care-card")] {
            let live = await server.handle(W.get(path))
            guard case .stream(let stream) = live.body else { Issue.record("not a stream"); return }
            open.append(Chunks(stream))
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
        let firstChunks = Chunks(firstStream)
        defer { firstChunks.cancel() }
        let cardio = try await W.todaysEvent(store, task: "cardio")
        try await store.setCompleted(true, for: cardio.anyEvent, now: W.now)
        #expect(await eventually { W.serverSentEvents(firstChunks.value).contains { $0.name == "changed" && $0.data == String(store.changeCount) } })
        let seen = store.changeCount
        #expect(firstChunks.value.contains("id: \(seen)\n"), "each change carries its generation as the event id")

        // The stream ended; the browser reconnects to the same address, saying what it saw last.
        var again = W.get("/live/changes?since=0")
        again.headers["last-event-id"] = String(seen)
        let second = await server.handle(again)
        guard case .stream(let secondStream) = second.body else { Issue.record("not a stream"); return }
        let secondChunks = Chunks(secondStream)
        defer { secondChunks.cancel() }
        let second2 = try await W.todaysEvent(store, task: "cardio", index: 1)
        try await store.setCompleted(true, for: second2.anyEvent, now: W.now)
        #expect(await eventually { W.serverSentEvents(secondChunks.value).contains { $0.name == "changed" } })
        #expect(W.serverSentEvents(secondChunks.value).filter { $0.name == "changed" }.map(\.data) == [String(store.changeCount)],
                "the change it had seen was not announced again")
    }

    @Test func aLiveStreamEndsCleanlyOverTheWire() async throws {
        let (_, server, port) = try await Self.running { $0.liveStreamLifetime = .milliseconds(500) }
        defer { server.stop() }
        let client = try RawClient(port: port)
        client.send("GET /live/changes?since=0 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let text = await client.receive { $0.hasSuffix("\r\n0\r\n\r\n") }.text
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.contains("retry: 2000"))
        #expect(text.hasSuffix("\r\n0\r\n\r\n"), "the chunked body ends properly, so EventSource reconnects")
        #expect(server.liveStreams.count == 0)
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
        let (_, server, port) = try await Self.running { $0.maximumBodySize = 1024; $0.maximumLiveStreams = 0 }
        defer { server.stop() }
        var tooLarge = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/events/x/complete")))
        tooLarge.httpMethod = "POST"
        tooLarge.httpBody = Data(repeating: UInt8(ascii: "a"), count: 200_000)
        tooLarge.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (_, large) = try await URLSession(configuration: .ephemeral).data(for: tooLarge)
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

    @Test func listeningFailuresSayWhatToDo() async throws {
        let (_, first, port) = try await Self.running()
        defer { first.stop() }
        let (_, second) = try await W.makeServer { $0.port = UInt16(port) }
        let taken = #expect(throws: HTTPError.self) { try second.start() }
        #expect(taken?.message == "Another program is already using port \(port) on 127.0.0.1. Stop it, or choose another port (0 picks a free one).")
        let (_, foreign) = try await W.makeServer { $0.host = "192.0.2.1"; $0.port = 0; $0.accessToken = "correct-horse-battery-staple-42" }
        let elsewhere = #expect(throws: HTTPError.self) { try foreign.start() }
        #expect(elsewhere?.message.hasPrefix("192.0.2.1 is not an address of this machine.") == true, "\(elsewhere?.message ?? "")")
    }
}
