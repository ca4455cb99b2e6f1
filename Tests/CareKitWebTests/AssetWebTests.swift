import CareKitHTTP
import CareKitUI
import Foundation
import Testing

@testable import CareKitWeb

/// The stylesheet, the script and the service worker are the files in
/// `Sources/CareKitWeb/Resources/`, embedded in the binary, served with the fingerprints of what
/// is served.
@Suite("Web app: assets")
struct AssetWebTests {
    typealias W = WebTestSupport

    /// A file of CareKitWeb's `Resources/` folder, as it is in the source tree.
    static func resource(_ name: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Sources/CareKitWeb/Resources/\(name)"), encoding: .utf8)
    }

    @Test("The script is app.js then keyboard.js, revalidated by its fingerprint")
    func theScriptIsItsFiles() async throws {
        let (_, server) = try await W.makeServer()
        let script = await server.handle(W.get("/assets/carekit.js"))
        #expect(try script.bodyText == Self.resource("app.js") + Self.resource("keyboard.js"))
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.header("Cache-Control") == "no-cache")
        let tag = try #require(script.header("ETag"))
        #expect(tag == "\"\(FNV1a.hex(of: try #require(script.bodyText)))\"")
        var again = W.get("/assets/carekit.js")
        again.headers["if-none-match"] = tag
        #expect(await server.handle(again).status == 304)
    }

    @Test("The stylesheet is CareKitUI's, then app.css, then the app's tint, at an address with its fingerprint")
    func theStylesheetIsItsFiles() async throws {
        let (_, server) = try await W.makeServer()
        let page = try #require(await server.handle(W.get("/care-card")).bodyText)
        let address = try #require(page.components(separatedBy: "href=\"/assets/carekit.css").dropFirst().first?.prefix { $0 != "\"" })
        let stylesheet = await server.handle(W.get("/assets/carekit.css" + address))
        let css = try #require(stylesheet.bodyText)
        let app = try Self.resource("app.css")
        #expect(css.hasPrefix(OCKStyleSheet.css + "\n" + app.dropLast()), "CareKitUI's stylesheet, then app.css")
        #expect(css.hasSuffix("\nbody.ock-page { --ock-tint: light-dark(#157f3d, #54a271); }"), "the demo's tint, made accessible")
        #expect(address == "?v=" + FNV1a.hex(of: css))
        #expect(stylesheet.header("ETag") == "\"\(FNV1a.hex(of: css))\"")
        #expect(stylesheet.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(OCKWebApplication.pageStyleSheet == String(app.dropLast()), "the care team's pages use the same rules")
    }

    @Test("The service worker is sw.js, never kept by the browser's cache")
    func theServiceWorkerIsItsFile() async throws {
        let (_, server) = try await W.makeServer()
        let worker = await server.handle(W.get("/sw.js"))
        #expect(try worker.bodyText.map { $0 + "\n" } == Self.resource("sw.js"))
        #expect(worker.header("Cache-Control") == "no-cache")
    }
}
