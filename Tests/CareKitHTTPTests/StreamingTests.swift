import CareKitHTTP
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

/// Bodies too large to hold (a long history, page by page) and server-sent events.
@Suite("HTTP: streamed bodies and events")
struct StreamingTests {
    typealias T = HTTPTestSupport

    struct Cut: Error {}

    @Test func pagesArriveWholeAndInOrder() async throws {
        let (server, port) = try T.running { _ in
            HTTPResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: .chunks(
                    HTTPBodyChunks(from: 0) { page in
                        guard page < 2_000 else { return nil }
                        return (Data("\(page == 0 ? "[" : ",")\(page)".utf8) + (page == 1_999 ? Data("]".utf8) : Data()), page + 1)
                    }))
        }
        defer { server.stop() }
        let response = try await T.exchange("GET /pull HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
        let body = try #require(T.chunkedBody(response))
        #expect(body.complete)
        let numbers = try JSONSerialization.jsonObject(with: Data(body.body.utf8)) as? [Int]
        #expect(numbers == Array(0..<2_000))
    }

    @Test func aBodyThatFailsHalfWayIsCutOffNotEndedAsIfWhole() async throws {
        let (server, port) = try T.running { _ in
            HTTPResponse(
                body: .chunks(
                    HTTPBodyChunks(from: 0) { page in
                        guard page < 3 else { throw Cut() }
                        return (Data("page \(page)\n".utf8), page + 1)
                    }))
        }
        defer { server.stop() }
        let response = try await T.exchange("GET /pull HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
        let body = try #require(T.chunkedBody(response))
        #expect(body.body == "page 0\npage 1\npage 2\n")
        #expect(!body.complete, "a client must be able to tell a cut body from a whole one")
    }

    @Test func aClientThatDoesNotReadHoldsTheProducerBackAndLeavingStopsIt() async throws {
        let produced = Atomic(0)
        let piece = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        let (server, port) = try T.running { _ in
            HTTPResponse(
                body: .chunks(
                    HTTPBodyChunks {
                        // Up to 1 GiB, were it all made at once.
                        guard produced.add(1, ordering: .relaxed).newValue <= 16_384 else { return nil }
                        return piece
                    }))
        }
        defer { server.stop() }
        let client = try RawClient(port: port)
        client.send("GET /pull HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Read the head, then stop reading.
        #expect(await client.receive { $0.contains("\r\n\r\n") }.text.hasPrefix("HTTP/1.1 200"))
        try await Task.sleep(for: .seconds(1))
        let whileStalled = produced.load(ordering: .relaxed) * piece.count
        #expect(whileStalled < 48 << 20, "\(whileStalled >> 20) MiB made for a client that read nothing")
        client.close()
        try await Task.sleep(for: .milliseconds(500))
        let afterLeaving = produced.load(ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(500))
        #expect(produced.load(ordering: .relaxed) == afterLeaving, "the producer kept working for a client that left")
        #expect(afterLeaving < 16_384)
    }

    @Test(arguments: ["\n\nevent: x\ndata: y", "\r\n\r\nevent: x\r\ndata: y", "\r\revent: x\rdata: y", "\revent: x\n\ndata: y\r\n"])
    func lineBreaksInTheDataCannotAddEvents(_ payload: String) {
        let event = HTTPServerSentEvent(name: "refresh", id: "7", data: "Stretch" + payload)
        let events = ServerSentEvents.parse(event.text)
        #expect(events.map(\.name) == ["refresh"], "data with \(payload.debugDescription) made events of its own")
        #expect(events.first?.data.hasPrefix("Stretch") == true)
        #expect(events.first?.data.contains("event: x") == true, "the text arrives, as data")
        let forged = HTTPServerSentEvent(name: "refresh\ndata: x", id: "1\n\nevent: y", data: "z")
        #expect(ServerSentEvents.parse(forged.text).map(\.name) == ["message"], "a name or id with a line break is left out")
    }

    @Test func eventStreamsAreCappedAndEachEndsAfterItsLifetime() async throws {
        let streams = HTTPEventStreams(limit: 2, lifetime: .seconds(1))
        var open: [ChunkRecorder] = []
        for index in 0..<2 {
            let response = try await streams.stream {
                { sender in sender.send(HTTPServerSentEvent(name: "hello", data: "\(index)")) }
            }
            guard case .stream(let stream) = response.body else { Issue.record("not a stream"); return }
            open.append(ChunkRecorder(stream))
        }
        let prepared = Atomic(0)
        let refused = try await streams.stream {
            prepared.add(1, ordering: .relaxed); return { _ in }
        }
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "30")
        #expect(prepared.load(ordering: .relaxed) == 0, "nothing was prepared for a refused stream")
        let recorded = open
        #expect(await eventually { recorded.allSatisfy(\.finished) })
        #expect(recorded.allSatisfy { $0.value.hasPrefix("retry: 2000\n\n") })
        #expect(ServerSentEvents.parse(recorded[1].value).map(\.data) == ["1"])
        #expect(await eventually { streams.count == 0 }, "places are given back")
        let error = await #expect(throws: HTTPError.self) { try await streams.stream { throw HTTPError(status: 404, message: "No such page.") } }
        #expect(error?.status == 404)
        #expect(streams.count == 0, "a stream that failed to prepare gives its place back")
    }
}
