import CareKitHTTP
import CareKitTestSupport
import Foundation
import Testing

/// The server under clients that stall, drip or flood: a slow client costs a socket, not a
/// thread, and cannot keep it.
@Suite("HTTP server: hostile clients")
struct HostileClientTests {
    typealias T = HTTPTestSupport

    /// A page, and a stream of events that stays open.
    static func handler(streams: HTTPEventStreams) -> HTTPHandler {
        { request in
            guard request.path == "/events" else { return .html("<p>Hello</p>") }
            return (try? await streams.stream { { _ in try? await Task.sleep(for: .seconds(3600)) } }) ?? .text("no stream\n", status: 500)
        }
    }

    @Test func aRequestIsAnsweredWithinASecondWhileHundredsOfClientsStall() async throws {
        let streams = HTTPEventStreams(limit: 32, lifetime: .seconds(300))
        let (server, port) = try T.running(handler: Self.handler(streams: streams))
        defer { server.stop() }
        // 600 clients send half a request line and stall (a server with a thread per
        // connection and 512 of them let the next request wait until one timed out, 58 s);
        // 20 more keep event streams open.
        var stalled: [RawClient] = []
        for _ in 0..<600 {
            let client = try RawClient(port: port)
            client.send("GET / HT")
            stalled.append(client)
        }
        var open: [RawClient] = []
        for _ in 0..<20 {
            let client = try RawClient(port: port)
            client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(await client.receive { $0.contains("retry: 2000") }.text.hasPrefix("HTTP/1.1 200"))
            open.append(client)
        }
        for _ in 0..<3 {
            let (response, duration) = try await RawClient.get("/", port: port)
            #expect(response.hasPrefix("HTTP/1.1 200"))
            #expect(response.contains("Hello"))
            #expect(duration < .seconds(1), "a request took \(duration) with 600 stalled clients and 20 open streams")
        }
        withExtendedLifetime((stalled, open)) {}
    }

    @Test func aClientThatStallsOrDripsItsRequestIsCutOff() async throws {
        var limits = HTTPServer.Limits()
        limits.requestTimeout = .seconds(1)
        let (server, port) = try T.running(limits: limits) { _ in .text("ok\n") }
        defer { server.stop() }
        let stalling = try RawClient(port: port)
        stalling.send("GET / HT")
        // A byte now and then resets an idle timer; the request as a whole still has to arrive in time.
        let dripping = try RawClient(port: port)
        dripping.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        let drip = Task {
            for _ in 0..<100 {
                try? await Task.sleep(for: .milliseconds(200))
                guard dripping.send("X-Slow: 1\r\n") else { return }
            }
        }
        defer { drip.cancel() }
        #expect(await stalling.isClosedByServer())
        #expect(await dripping.isClosedByServer(), "a client dripping its headers kept its connection for 20 s")
        #expect(try await RawClient.get("/", port: port).response.hasPrefix("HTTP/1.1 200"))
    }

    @Test func oneClientCannotTakeMoreThanItsShare() async throws {
        var limits = HTTPServer.Limits()
        limits.maximumConnectionsPerClient = 4
        let (server, port) = try T.running(limits: limits) { _ in .text("ok\n") }
        defer { server.stop() }
        var held: [RawClient] = []
        for _ in 0..<4 {
            let client = try RawClient(port: port)
            client.send("GET / HT")
            held.append(client)
        }
        let fifth = try RawClient(port: port)
        fifth.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let refused = await fifth.receive()
        #expect(refused.closed && refused.text.isEmpty, "the fifth connection of one client was served: \(refused.text.prefix(40))")
        held.removeLast().close()
        #expect(await eventually { (try? await RawClient.get("/", port: port).response.hasPrefix("HTTP/1.1 200")) == true })
    }

    @Test func anEventStreamEndsCleanlyOverTheWireAndFreesItsPlace() async throws {
        let streams = HTTPEventStreams(limit: 4, lifetime: .milliseconds(500))
        let (server, port) = try T.running(handler: Self.handler(streams: streams))
        defer { server.stop() }
        let client = try RawClient(port: port)
        client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let text = await client.receive { $0.hasSuffix("\r\n0\r\n\r\n") }.text
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.contains("Content-Type: text/event-stream"))
        #expect(text.contains("retry: 2000"))
        #expect(text.hasSuffix("\r\n0\r\n\r\n"), "the chunked body ends properly, so EventSource reconnects")
        #expect(await eventually { streams.count == 0 })
    }
}
