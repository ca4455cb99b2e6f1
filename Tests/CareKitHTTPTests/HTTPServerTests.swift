import CareKitHTTP
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server on a real socket: what a handler sees of a request, what the server refuses by
/// itself, and how it stops.
@Suite("HTTP server")
struct HTTPServerTests {
    typealias T = HTTPTestSupport

    /// Answers with what it was asked: the decoded segments and query, one per line.
    static let echo: HTTPHandler = { request in
        let segments = (try? request.pathSegments()) ?? ["(malformed)"]
        let lines = ["path " + request.path] + segments.map { "segment " + $0 } + request.query.map { "query \($0.name)=\($0.value)" }
        return .text(lines.joined(separator: "\n") + "\n")
    }

    @Test func aSegmentKeepsItsSlashesAndPlusesAndTheQueryIsDecodedOnce() async throws {
        let (server, port) = try T.running(handler: Self.echo)
        defer { server.stop() }
        let response = try await RawClient.get("/tasks/vitamin%2Bc/a%2Fb%25?q=a+b%2Bc&e=%C3%A9", port: port).response
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.contains("path /tasks/vitamin%2Bc/a%2Fb%25\n"), "the handler sees the path as sent")
        #expect(response.contains("segment tasks\nsegment vitamin+c\nsegment a/b%\n"), "a task id with + or / is one segment: \(response)")
        #expect(response.contains("query q=a b+c\n"))
        #expect(response.contains("query e=é\n"))
    }

    @Test(arguments: ["/x?q=%ZZ", "/x?q=%FF%FE", "/x?%E2%82=1"])
    func aMalformedQueryIsRefusedBeforeTheHandler(_ target: String) async throws {
        let handled = Atomic(0)
        let (server, port) = try T.running { _ in
            handled.add(1, ordering: .relaxed); return .text("ok\n")
        }
        defer { server.stop() }
        let response = try await RawClient.get(target, port: port).response
        #expect(response.hasPrefix("HTTP/1.1 400"), "\(target): \(response.prefix(40))")
        #expect(response.contains("%-escape") || response.contains("UTF-8"))
        #expect(handled.load(ordering: .relaxed) == 0)
    }

    @Test func aBodyOverTheLimitIsRefusedWhetherAnnouncedOrNot() async throws {
        let received = Atomic(0)
        let (server, port) = try T.running(maximumBodySize: 1024, headers: [("X-Frame-Options", "DENY")]) { request in
            received.add(1, ordering: .relaxed)
            return .text("\(request.body.count)\n")
        }
        defer { server.stop() }
        // Announced by a client that waits to be asked for it: refused at once, before the 50 MB are sent.
        let announced = try await T.exchange(
            "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50000000\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
            port: port, seconds: 5)
        #expect(announced.hasPrefix("HTTP/1.1 413"), "\(announced.prefix(40))")
        #expect(announced.contains("X-Frame-Options: DENY"), "the server's own refusals carry its headers")
        // Announced by a client that sends it at once: refused at once too, the connection closed.
        let sent = try await T.exchange(
            "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999999999\r\n\r\n" + String(repeating: "a", count: 4096), port: port, seconds: 5)
        #expect(sent.hasPrefix("HTTP/1.1 413") && sent.contains("Connection: close"), "\(sent.prefix(40))")
        #expect(received.load(ordering: .relaxed) == 0, "the handler never saw a body over the limit")
        let small = try await T.exchange("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello", port: port)
        #expect(small.hasPrefix("HTTP/1.1 200") && small.hasSuffix("\r\n\r\n5\n"), "\(small)")
    }

    @Test func aJSONServerRefusesInJSON() async throws {
        let (server, port) = try T.running(maximumBodySize: 16, errorResponse: HTTPResponse.problem) { _ in .text("ok\n") }
        defer { server.stop() }
        let response = try await T.exchange("POST /sync/push HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 17\r\nConnection: close\r\n\r\n{\"revisions\": []}", port: port, seconds: 5)
        #expect(response.hasPrefix("HTTP/1.1 413"))
        #expect(response.contains("Content-Type: application/problem+json"))
        #expect(response.contains("\"detail\":\"The request body is larger than 16 bytes.\""))
    }

    @Test func aScreenRefusesOnTheHeadBeforeTheBodyIsRead() async throws {
        let handled = Atomic(0)
        let screen: HTTPScreen = { request in request.bearerToken == "let-me-in" ? nil : .text(HTTPError.unauthorized("A token is needed.", realm: "test")) }
        let (server, port) = try T.running(screen: screen) { _ in
            handled.add(1, ordering: .relaxed); return .text("ok\n")
        }
        defer { server.stop() }
        // A 60 kB upload announced, never sent: the answer must not wait for it.
        let client = try RawClient(port: port)
        client.send("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 60000\r\n\r\n")
        let refused = await client.receive(seconds: 5) { $0.contains("needed.") }.text
        #expect(refused.hasPrefix("HTTP/1.1 401"))
        #expect(refused.contains("WWW-Authenticate: Bearer realm=\"test\""))
        let admitted = try await RawClient.get("/x", port: port, headers: ["Authorization": "Bearer let-me-in"]).response
        #expect(admitted.hasPrefix("HTTP/1.1 200"))
        #expect(handled.load(ordering: .relaxed) == 1)
    }

    @Test func stoppingWaitsForTheRequestsInProgress() async throws {
        let finished = Atomic(false)
        let (server, port) = try T.running { _ in
            try? await Task.sleep(for: .milliseconds(300))
            finished.store(true, ordering: .relaxed)
            return .text("done\n")
        }
        let client = try RawClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try await Task.sleep(for: .milliseconds(100))
        // stop() blocks until the handler is done: call it off Swift's cooperative threads.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                server.stop()
                continuation.resume()
            }
        }
        let done = finished.load(ordering: .relaxed)
        #expect(done, "stop() returned while a request (and its writes) was in progress")
        client.close()
    }

    @Test func listeningFailuresSayWhatToDo() async throws {
        let (first, port) = try T.running { _ in .text("ok\n") }
        defer { first.stop() }
        let second = HTTPServer(port: UInt16(port)) { _ in .text("ok\n") }
        let taken = #expect(throws: HTTPSetupError.self) { try second.start() }
        #expect(taken?.message == "Another program is already using port \(port) on 127.0.0.1. Stop it, or choose another port (0 picks a free one).")
        let foreign = HTTPServer(host: "192.0.2.1", port: 0) { _ in .text("ok\n") }
        let elsewhere = #expect(throws: HTTPSetupError.self) { try foreign.start() }
        #expect(elsewhere?.message.hasPrefix("192.0.2.1 is not an address of this machine.") == true, "\(elsewhere?.message ?? "")")
        let name = HTTPServer(host: "example.com", port: 0) { _ in .text("ok\n") }
        #expect(throws: HTTPSetupError.self) { try name.start() }
    }

    @Test(
        "A body framed any way but Content-Length is refused from its head at once, never waited for",
        arguments: [
            ("Transfer-Encoding : chunked\r\n", "400", "5\r\nhello\r\n0\r\n\r\n", true),
            ("Transfer-Encoding: xchunked\r\n", "501", "5\r\nhello\r\n0\r\n\r\n", true),
            ("Transfer-Encoding: chunked\r\n", "411", "ffffffffffffffff\r\nhello", true),
            ("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", "400", "hello", true),
            // libmicrohttpd refuses these itself, before the server sees the head: its own
            // fixed page (no header of ours; nothing of the request in it), and the connection closed.
            ("Content-Length: 5, 5\r\n", "400", "hello", false),
            ("Content-Length: -1\r\n", "400", "hello", false),
            ("Content-Length: 99999999999999999999999\r\n", "413", "hello", false)
        ])
    func oddFramingIsRefusedAtOnce(headers: String, status: String, body: String, ours: Bool) async throws {
        let handled = Atomic(0)
        let (server, port) = try T.running(maximumBodySize: 1024, headers: [("X-Frame-Options", "DENY")]) { _ in
            handled.add(1, ordering: .relaxed); return .text("ok\n")
        }
        defer { server.stop() }
        let started = ContinuousClock.now
        let client = try RawClient(port: port)
        client.send("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n" + body)
        let (text, closed) = await client.receive(seconds: 8)
        #expect(text.hasPrefix("HTTP/1.1 \(status)"), "\(headers.debugDescription): \(text.prefix(60).debugDescription)")
        if ours {
            #expect(text.contains("X-Frame-Options: DENY"), "the refusal carries the server's headers")
        } else {
            #expect(!text.contains("hello") && !text.contains("Content-Length: 9"), "nothing of the request is echoed")
        }
        #expect(closed, "the connection is closed, so the unread body is never taken for a request")
        #expect(ContinuousClock.now - started < .seconds(3), "answered after \(ContinuousClock.now - started)")
        #expect(handled.load(ordering: .relaxed) == 0)
    }
}
