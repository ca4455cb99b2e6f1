import CareKitHTTP
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

/// The care app's pages and assets over the wire: gzip when the browser accepts it, the
/// script and stylesheet revalidated with ETags.
@Suite("Web app: gzip and ETags")
struct CompressionWebTests {
    typealias W = WebTestSupport

    @Test("Pages are gzip for browsers that accept it and plain for others; both say the same page")
    func pages() async throws {
        let (_, server) = try await W.makeServer()
        var headers = ["host": "127.0.0.1:8080", "accept-encoding": "gzip, deflate"]
        let zipped = await server.handle(W.get("/care-card", headers: headers))
        headers["accept-encoding"] = nil
        let plain = await server.handle(W.get("/care-card", headers: headers))
        guard case .data(let zippedBody) = zipped.body, case .data(let plainBody) = plain.body else { Issue.record("bodies"); return }
        #expect(zipped.status == 200 && zipped.header("Content-Encoding") == "gzip")
        #expect(plain.header("Content-Encoding") == nil)
        #expect(zippedBody.count * 3 < plainBody.count, "\(zippedBody.count) vs \(plainBody.count)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try zippedBody.write(to: directory.file("page.gz"))
        #expect(try await Subprocess.run("/bin/gzip", ["-dc", directory.file("page.gz").path]).data == plainBody, "gzip -d reads the page back")
        #expect(zipped.header("Content-Security-Policy") != nil, "the security headers stay")
    }

    @Test("The script and the stylesheet carry ETags; a browser that has them gets 304 without a body")
    func assets() async throws {
        let (_, server) = try await W.makeServer()
        for path in [OCKWebRoute.asset(.script).path, OCKWebRoute.asset(.stylesheet).path, OCKWebRoute.asset(.icon).path] {
            let first = await server.handle(W.get(path))
            #expect(first.status == 200, "\(path)")
            let tag = try #require(first.header("ETag"), "\(path)")
            let again = await server.handle(W.get(path, headers: ["host": "127.0.0.1:8080", "if-none-match": tag]))
            #expect(again.status == 304, "\(path)")
            if case .data(let body) = again.body { #expect(body.isEmpty) }
        }
    }
}
