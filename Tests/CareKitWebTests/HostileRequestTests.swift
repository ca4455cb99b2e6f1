import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

@testable import CareKitWeb

@Suite("Web app: hostile requests")
struct HostileRequestTests {
    typealias W = WebTestSupport

    // MARK: DNS rebinding

    @Test(arguments: [
        "127.0.0.1.evil.example", "127.0.0.1.evil.example:8080", "127.evil.example", "127.0.0.1:8080@evil.example",
        "localhost.evil.example", "[::1].evil.example", "evil.example", "127.0.0.256", "127.1:8080", "127.0.0.1:80a", ""
    ])
    func aForeignNameGetsNoHealthDataTokenOrWrite(_ host: String) async throws {
        let (store, server) = try await W.makeServer()
        let page = await server.handle(W.get("/care-card", headers: ["host": host], cookies: [:]))
        #expect(page.status == 421)
        let html = try #require(page.bodyText)
        #expect(!html.contains("Cardio"), "no health data for \(host)")
        #expect(!html.contains("name=\"csrf\""))
        #expect(!page.headers.contains { $0.name == "Set-Cookie" }, "no CSRF token for \(host)")

        let cardio = try await W.todaysEvent(store, task: "cardio")
        var headers = ["host": host, "content-type": "application/x-www-form-urlencoded"]
        headers["origin"] = "http://\(host)"
        let post = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")], headers: headers))
        #expect(post.status == 421)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty, "\(host) changed the store")
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.1:8080", "127.3.4.5:8080", "localhost", "localhost:8080", "LocalHost:8080", "[::1]:8080", "[::1]", "::1"])
    func theLoopbackNamesAreServed(_ host: String) async throws {
        let (_, server) = try await W.makeServer()
        #expect(await server.handle(W.get("/care-card", headers: ["host": host])).status == 200, "\(host)")
    }

    @Test func namesTheOperatorAllowsAreServedAndOnlyThose() async throws {
        let (_, server) = try await W.makeServer { $0.allowedHosts = ["CareKit.lan", "kitchen-tablet"] }
        for host in ["carekit.lan", "carekit.lan:8080", "CAREKIT.LAN:8080", "kitchen-tablet:80", "127.0.0.1:8080"] {
            #expect(await server.handle(W.get("/care-card", headers: ["host": host])).status == 200, "\(host)")
        }
        for host in ["evil.carekit.lan", "carekit.lan.evil.example", "kitchen-tablet.evil.example:8080"] {
            #expect(await server.handle(W.get("/care-card", headers: ["host": host])).status == 421, "\(host)")
        }
        let store = OCKStore(name: "hosts", type: .inMemory)
        for bad in ["carekit.lan:8080", "http://carekit.lan", "care kit", ""] {
            #expect(throws: HTTPSetupError.self, "\(bad)") {
                _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(allowedHosts: [bad]))
            }
        }
    }

    @Test func aNameBeforeAnAllowedHostIsNotTheBindAddress() async throws {
        let store = OCKStore(name: "bind", type: .inMemory)
        // Not an address: refused (it used to count as loopback because it starts with "127.").
        let error = #expect(throws: HTTPSetupError.self) {
            _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: "127.0.0.1.evil.example"))
        }
        #expect(error?.message.contains("not an IP address") == true)
        // The loopback network, in any spelling, needs no token; any other address does.
        for host in ["127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1", "localhost"] {
            #expect(throws: Never.self, "\(host)") { _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: host)) }
        }
        for host in ["0.0.0.0", "::", "10.0.0.5", "::ffff:127.0.0.1"] {
            #expect(throws: HTTPSetupError.self, "\(host)") { _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: host)) }
        }
    }

    @Test(arguments: [
        "http://127.0.0.1:8080.evil.example", "http://127.0.0.1:8081", "http://127.0.0.1", "https://evil.example/http://127.0.0.1:8080", "http://evil.example#127.0.0.1:8080",
        "ftp://127.0.0.1:8080", "http://127.0.0.1:8080/evil", "http://127.0.0.1:8080 ", "null", "https://127.0.0.1:8080"
    ])
    func anOriginThatIsNotExactlyThisServerIsRefused(_ origin: String) async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        var request = W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")])
        request.headers["origin"] = origin
        #expect(await server.handle(request).status == 403)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).isEmpty)
        request.headers["origin"] = "http://127.0.0.1:8080"
        #expect(await server.handle(request).status == 303, "the page's own origin is accepted")
    }

    // MARK: Errors in words

    struct Unexplained: Error {}

    @Test(
        arguments: [
            (CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: "/data/care.sqlite"]), "/data/care.sqlite: permission denied."),
            (
                CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/data/care.sqlite", NSUnderlyingErrorKey: POSIXError(.ENOENT)]),
                "/data/care.sqlite: No such file or directory."
            ),
            (POSIXError(.ENOSPC), "No space left on device."),
            (OCKStoreError.fetchFailed(reason: "Another program holds the store's lock."), "Another program holds the store's lock."),
            (Unexplained(), "An unexpected error (Unexplained) stopped this request")
        ] as [(any Error & Sendable, String)])
    func anErrorPageSaysWhatHappenedInWords(_ error: any Error & Sendable, _ words: String) async throws {
        let broken = OCKWebTab(path: "broken", title: "Broken") { _ in throw error }
        let (_, server) = try await W.makeServer(application: OCKWebApplication(title: "Test", tabs: [broken]))
        let response = await server.handle(W.get("/broken"))
        #expect(response.status >= 500)
        let html = try #require(response.bodyText)
        #expect(html.contains(HTMLEscaping.escapeText(words)), "\(html.components(separatedBy: "<p>").dropFirst().first ?? html)")
        for dump in ["NSCocoaErrorDomain", "Error Domain", "Code=", "UserInfo", "Failed to fetch", "error 1.)"] {
            #expect(!html.contains(dump), "\(dump)")
        }
    }

    // MARK: Pages fetched once

    @Test func thePageIconIsAnImageNotThePageAgain() async throws {
        let (_, server) = try await W.makeServer()
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        let link = try #require(html.components(separatedBy: "<link rel=\"icon\"").dropFirst().first?.prefix { $0 != ">" })
        let href = try #require(link.components(separatedBy: "href=\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(href.hasPrefix("/assets/"), "an icon link of \(href) makes the browser fetch a page a second time")
        let icon = await server.handle(W.get(String(href)))
        #expect(icon.status == 200)
        #expect(icon.header("Content-Type") == "image/svg+xml")
        #expect(icon.bodyText?.hasPrefix("<svg") == true)
        #expect(icon.header("Cache-Control")?.contains("immutable") == true, "fetched once, not with every page")
        let tint = try #require(server.application.tintColor?.lightCSSValue)
        #expect(icon.bodyText?.contains("fill=\"\(tint)\"") == true, "the icon wears the app's tint")
    }

    // MARK: Open redirects

    @Test(arguments: [
        "/\t/evil.example", "/%09/evil.example", "/\n/evil.example", "/\r/evil.example", "/\u{0B}/evil.example", "/\u{00}/evil.example",
        "/\\evil.example", "\\/evil.example", "//evil.example", "/ /evil.example", "https://evil.example", "javascript:alert(1)",
        "/care-card\u{2028}", "/%zz", "", "care-card", "/\u{FF0F}evil.example"
    ])
    func aReturnAddressMustBeAPathOfThisApp(_ target: String) async throws {
        let (store, server) = try await W.makeServer()
        let cardio = try await W.todaysEvent(store, task: "cardio")
        // The form decodes %09 once: the browser would have sent return=/%2509/evil.example.
        var request = W.post(W.eventPath(cardio.id) + "/complete", [])
        request.body = Data("completed=true&csrf=\(W.csrf)&return=\(URLEncoding.encode(target))".utf8)
        let response = await server.handle(request)
        #expect(response.status == 303)
        #expect(response.header("Location") == "/", "\(target.debugDescription)")
    }

    // MARK: Access tokens

    @Test(arguments: [
        String(repeating: " ", count: 16), String(repeating: "a", count: 40), "short-token-1", "aaaaaaaabbbbbbbbaaaaaaaa",
        "correct horse battery staple", "tab\tseparated-token-value", "semi;colon-token-value-1", "quote\"token-value-12345",
        "ünïcödé-token-value-12345", "abcabcabcabcabcabc"
    ])
    func aGuessableOrUnusableTokenIsRefusedWithTheRule(_ token: String) async throws {
        let store = OCKStore(name: "token", type: .inMemory)
        let error = #expect(throws: HTTPSetupError.self, "\(token.debugDescription)") {
            _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: "0.0.0.0", accessToken: token))
        }
        let message = try #require(error?.message)
        #expect(message.contains("16 characters") && message.contains("different"), "the message says the rule: \(message)")
        #expect(throws: HTTPSetupError.self) { try CareKitWebServer.validateAccessToken(token) }
    }

    @Test(arguments: ["correct-horse-battery-staple-42", "3f9a0c2e7b14d85a", HTTPAccessToken.random(), "Tr0ub4dor.and_3~more"])
    func aRandomLookingTokenIsAccepted(_ token: String) throws {
        try CareKitWebServer.validateAccessToken(token)
        let store = OCKStore(name: "token", type: .inMemory)
        _ = try CareKitWebServer(store: store, application: .standard(), configuration: .init(host: "0.0.0.0", accessToken: token))
    }
}
