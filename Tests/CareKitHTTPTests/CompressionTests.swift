import CareKitHTTP
import CareKitTestSupport
import Foundation
import Testing

/// gzip for text responses and ETags with `If-None-Match`, checked by an independent reader
/// (the system's `gzip -d`).
@Suite("HTTP compression and ETags")
struct CompressionTests {
    static let page = String(repeating: "<li class=\"ock-event\">Take 500 mg with food — 08:00</li>\n", count: 200)

    static func request(_ headers: [String: String]) -> HTTPRequest {
        HTTPRequest(method: "GET", path: "/care-card", headers: headers)
    }

    /// What `gzip -dc` reads from `data`.
    static func gunzip(_ data: Data) async throws -> Data {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("body.gz")
        try data.write(to: file)
        return try await Subprocess.run("/bin/gzip", ["-dc", file.path]).data
    }

    @Test("A page for a client that accepts gzip is gzip that gzip -d reads back byte for byte, and says Vary")
    func pagesAreCompressed() async throws {
        let response = HTTPResponse.html(Self.page).compressed(for: Self.request(["accept-encoding": "gzip, deflate, br"]))
        guard case .data(let body) = response.body else { Issue.record("not a whole body"); return }
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(response.header("Vary") == "Accept-Encoding")
        #expect(body.count * 10 < Self.page.utf8.count, "\(body.count) bytes for \(Self.page.utf8.count)")
        #expect(try await Self.gunzip(body) == Data(Self.page.utf8))
    }

    @Test(
        "Nothing is compressed for a client that does not accept gzip, for small bodies, images, streams or bodies already encoded",
        arguments: ["", "identity", "gzip;q=0", "br", "*;q=0", "gzip; q=0.000"])
    func leftAsTheyAre(acceptEncoding: String) {
        let headers = acceptEncoding.isEmpty ? [:] : ["accept-encoding": acceptEncoding]
        #expect(HTTPResponse.html(Self.page).compressed(for: Self.request(headers)).header("Content-Encoding") == nil, "\(acceptEncoding)")
    }

    @Test("Small bodies, images and streams stay as they are; `*` and x-gzip count as gzip")
    func otherBodies() {
        let gzip = Self.request(["accept-encoding": "gzip"])
        #expect(HTTPResponse.html("<p>short</p>").compressed(for: gzip).header("Content-Encoding") == nil)
        #expect(HTTPResponse.data(Data(repeating: 7, count: 5_000), contentType: "image/png").compressed(for: gzip).header("Content-Encoding") == nil)
        let stream = HTTPResponse(headers: [("Content-Type", "text/event-stream")], body: .stream(AsyncStream { $0.finish() }))
        #expect(stream.compressed(for: gzip).header("Content-Encoding") == nil)
        for header in ["*", "x-gzip", "GZIP;q=0.5"] {
            #expect(HTTPResponse.html(Self.page).compressed(for: Self.request(["accept-encoding": header])).header("Content-Encoding") == "gzip", "\(header)")
        }
    }

    @Test("An ETag the client holds is a 304 without a body; another tag or none is the whole response; gzip makes the tag weak")
    func etags() {
        let response = HTTPResponse.text("body { color: black }", contentType: "text/css")
        let fresh = response.withETag("abc", for: Self.request([:]))
        #expect(fresh.status == 200 && fresh.header("ETag") == "\"abc\"")
        for condition in ["\"abc\"", "W/\"abc\"", "\"x\", \"abc\"", "*"] {
            let cached = response.withETag("abc", for: Self.request(["if-none-match": condition]))
            #expect(cached.status == 304, "\(condition)")
            if case .data(let body) = cached.body { #expect(body.isEmpty) }
            #expect(cached.header("ETag") == "\"abc\"")
        }
        #expect(response.withETag("abc", for: Self.request(["if-none-match": "\"abd\""])).status == 200)
        let big = HTTPResponse.text(Self.page, contentType: "text/javascript").withETag("t1", for: Self.request([:]))
        #expect(big.compressed(for: Self.request(["accept-encoding": "gzip"])).header("ETag") == "W/\"t1\"")
    }
}
