import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitHTTP

/// The server under clients that stall, drip or flood: a slow client costs a socket, not a
/// thread, and cannot keep it.
@Suite("HTTP server: hostile clients")
struct HostileClientTests {
    typealias T = HTTPTestSupport

    /// A page, and a stream of events that stays open.
    static func handler(streams: HTTPEventStreams) -> HTTPHandler {
        { request in
            guard request.path == "/events" else { return .html("<p>Hello</p>") }
            return (try? await streams.stream(client: request.clientAddress) { { _ in try? await Task.sleep(for: .seconds(3600)) } }) ?? .text("no stream\n", status: 500)
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

    @Test("A request body earns time by its bytes, not by how long the client takes: 50 KB/s for 3 s is in time, 20 B/s is not")
    func aBodyEarnsTimeByItsBytes() {
        let deadline = Duration.seconds(1)
        func overdue(after waited: Duration, bytes: Int) -> Bool {
            _ConnectionWatch.isOverdue(waited: waited, bodyBytes: bytes, deadline: deadline, minimumBodyRate: 4_096)
        }
        // A 150 KB push at 50 KB/s: every moment of it has earned more than it has waited.
        for second in 1...3 {
            #expect(!overdue(after: .seconds(second), bytes: 50_000 * second), "a body at 50 KB/s was cut off after \(second) s")
        }
        // The headers alone get the deadline, and not a moment more.
        #expect(!overdue(after: .milliseconds(999), bytes: 0))
        #expect(overdue(after: .milliseconds(1_001), bytes: 0))
        // Two bytes every 100 ms earn 10 ms a second: cut off soon after the deadline.
        #expect(!overdue(after: .seconds(1), bytes: 20))
        #expect(overdue(after: .milliseconds(1_100), bytes: 22))
        // A rate of 0 is taken as 1 byte a second, never a division by zero.
        #expect(!_ConnectionWatch.isOverdue(waited: .seconds(2), bodyBytes: 2, deadline: deadline, minimumBodyRate: 0))
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

    @Test("A client that closes its event stream frees its place within seconds, long before the next keep-alive")
    func aClosedEventStreamIsNoticedAtOnce() async throws {
        let streams = HTTPEventStreams(limit: 2, lifetime: .seconds(3600))
        var limits = HTTPServer.Limits()
        limits.keepAliveInterval = .seconds(3600)
        let (server, port) = try T.running(limits: limits, handler: Self.handler(streams: streams))
        defer { server.stop() }
        for round in 0..<3 {
            var clients: [RawClient] = []
            for _ in 0..<2 {
                let client = try RawClient(port: port)
                client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
                #expect(await client.receive { $0.contains("retry: 2000") }.text.hasPrefix("HTTP/1.1 200"), "round \(round)")
                clients.append(client)
            }
            #expect(streams.count == 2)
            // A tab closed, a laptop lid shut: the connection goes, no keep-alive is due for an hour.
            let started = ContinuousClock.now
            clients.forEach { $0.close() }
            #expect(await eventually(seconds: 10) { streams.count == 0 }, "round \(round): the places stayed taken")
            #expect(ContinuousClock.now - started < .seconds(5), "round \(round): noticed after \(ContinuousClock.now - started)")
        }
    }

    @Test("One address cannot take every event stream: its own cap answers 503 while another client still gets one")
    func eventStreamsAreCappedPerClient() async throws {
        let streams = HTTPEventStreams(limit: 6, limitPerClient: 3, lifetime: .seconds(3600))
        let (server, port) = try T.running(handler: Self.handler(streams: streams))
        defer { server.stop() }
        func open(from source: String) async throws -> (RawClient, String) {
            let client = try RawClient(port: port, from: source)
            client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let text = await client.receive { $0.contains("retry: 2000") || $0.contains("\r\n\r\n") && $0.hasPrefix("HTTP/1.1 503") }.text
            return (client, text)
        }
        var held: [RawClient] = []
        for _ in 0..<3 {
            let (client, text) = try await open(from: "127.0.0.1")
            #expect(text.hasPrefix("HTTP/1.1 200"))
            held.append(client)
        }
        let (_, refused) = try await open(from: "127.0.0.1")
        #expect(refused.hasPrefix("HTTP/1.1 503"), "a fourth stream from one address: \(refused.prefix(40))")
        #expect(refused.contains("Retry-After: 30"))
        let (other, served) = try await open(from: "127.0.0.2")
        #expect(served.hasPrefix("HTTP/1.1 200"), "another client was refused: \(served.prefix(40))")
        #expect(streams.count == 4)
        held.removeFirst().close()
        #expect(await eventually(seconds: 10) { streams.count == 3 })
        let (again, text) = try await open(from: "127.0.0.1")
        #expect(text.hasPrefix("HTTP/1.1 200"), "the address's place came back when one of its streams closed")
        withExtendedLifetime((held, other, again)) {}
    }
}
