import CareKitHTTP
import Foundation
import Testing

@Suite("HTTP: hosts, tokens, CSRF and return paths")
struct SecurityTests {
    static func request(host: String?) -> HTTPRequest {
        HTTPRequest(method: "GET", path: "/", headers: host.map { ["host": $0] } ?? [:])
    }

    @Test func onLoopbackOnlyLoopbackNamesAndAllowedOnesAreServed() throws {
        let policy = try HTTPHostPolicy(listeningOn: "127.0.0.1", allowedHosts: ["CareKit.lan", "[::1]"])
        for host in ["127.0.0.1:8080", "127.9.9.9", "[::1]:8080", "::1", "localhost", "LOCALHOST:1", "carekit.lan:8080"] {
            #expect(policy.allows(Self.request(host: host)), "\(host)")
        }
        for host in ["127.0.0.1.evil.example", "evil.example", "10.0.0.5", "carekit.lan.evil.example", "127.0.0.1:80a", "[::1", "", "a b"] {
            #expect(!policy.allows(Self.request(host: host)), "\(host)")
        }
        #expect(policy.allows(Self.request(host: nil)), "HTTP/1.0 clients send no Host")
        #expect(throws: HTTPSetupError.self) { try HTTPHostPolicy(listeningOn: "127.0.0.1", allowedHosts: ["http://carekit.lan"]) }
    }

    @Test func beyondLoopbackAListOfNamesIsEnforcedButIPLiteralsPass() throws {
        #expect(try HTTPHostPolicy(listeningOn: "0.0.0.0").allows(Self.request(host: "anything.example")))
        let listed = try HTTPHostPolicy(listeningOn: "0.0.0.0", allowedHosts: ["carekit.lan"])
        #expect(listed.allows(Self.request(host: "10.0.0.5:8080")))
        #expect(!listed.allows(Self.request(host: "evil.example")))
        #expect(HTTPHostPolicy.isLoopback(host: "0:0:0:0:0:0:0:1") && !HTTPHostPolicy.isLoopback(host: "::ffff:127.0.0.1"))
    }

    @Test func tokensAreRandomStrongAndComparedWhole() throws {
        let tokens = Set((0..<100).map { _ in HTTPAccessToken.random() })
        #expect(tokens.count == 100)
        #expect(tokens.allSatisfy { $0.utf8.count == 64 })
        for token in tokens { try HTTPAccessToken.validate(token) }
        let error = #expect(throws: HTTPSetupError.self) { try HTTPAccessToken.validate("aaaaaaaabbbbbbbbaaaaaaaa", name: "The device token") }
        #expect(error?.message.hasPrefix("The device token must be at least 16 characters long") == true)
        #expect(HTTPAccessToken.equals("abc", "abc") && !HTTPAccessToken.equals("abc", "abd") && !HTTPAccessToken.equals("abc", "abcd"))
    }

    @Test func aFormMustRepeatItsCookiesTokenAndComeFromHere() {
        let csrf = HTTPCSRFProtection(cookieName: "app_csrf")
        let fresh = csrf.token(for: HTTPRequest(method: "GET", path: "/"))
        #expect(fresh.setCookie?.hasPrefix("app_csrf=\(fresh.token); Path=/; HttpOnly; SameSite=Strict") == true)
        let kept = csrf.token(for: HTTPRequest(method: "GET", path: "/", cookies: ["app_csrf": fresh.token]))
        #expect(kept.token == fresh.token && kept.setCookie == nil)
        let fullwidth = String(repeating: "\u{FF10}", count: 21) + "a"
        #expect(csrf.token(for: HTTPRequest(method: "GET", path: "/", cookies: ["app_csrf": fullwidth])).setCookie != nil, "only ASCII hex is a token")

        func post(origin: String?, field: String?) -> Bool {
            var headers = ["host": "127.0.0.1:8080"]
            headers["origin"] = origin
            let request = HTTPRequest(method: "POST", path: "/", headers: headers, cookies: ["app_csrf": fresh.token])
            return csrf.verify(request, form: HTTPForm(fields: field.map { [("csrf", $0)] } ?? []))
        }
        #expect(post(origin: nil, field: fresh.token))
        #expect(post(origin: "http://127.0.0.1:8080", field: fresh.token))
        #expect(!post(origin: "null", field: fresh.token), "a sandboxed frame or data: page is not this server")
        #expect(!post(origin: "https://127.0.0.1:8080", field: fresh.token), "the other scheme is another origin")
        #expect(!post(origin: "https://evil.example", field: fresh.token))
        let secure = HTTPCSRFProtection(cookieName: "app_csrf", scheme: "https")
        let overTLS = HTTPRequest(method: "POST", path: "/", headers: ["host": "care.example", "origin": "https://care.example"], cookies: ["app_csrf": fresh.token])
        #expect(secure.verify(overTLS, form: HTTPForm(fields: [("csrf", fresh.token)])))
        #expect(!csrf.verify(overTLS, form: HTTPForm(fields: [("csrf", fresh.token)])), "a server on plain HTTP takes no https origin")
        #expect(!post(origin: nil, field: "wrong"))
        #expect(!post(origin: nil, field: nil))
    }

    @Test(arguments: [
        "/\t/evil.example", "/%09/evil.example", "/\n/evil.example", "/\r/evil.example", "/\u{0B}/evil.example", "/\u{00}/evil.example",
        "/\\evil.example", "\\/evil.example", "//evil.example", "/ /evil.example", "https://evil.example", "javascript:alert(1)",
        "/care-card\u{2028}", "/%zz", "", "care-card", "/\u{FF0F}evil.example", "/%2F/evil.example", "/%5Cevil.example"
    ])
    func aReturnAddressMustBeAPathOfThisServer(_ target: String) {
        #expect(HTTPReturnPath.safe(target, fallback: "/") == "/", "\(target.debugDescription)")
    }

    @Test func ordinaryReturnPathsAreKept() {
        for path in ["/care-card?date=2026-11-26", "/tasks/doxylamine%20am?return=%2Fcare-card", "/", "/insights?task=pulse&from=2026-10-28"] {
            #expect(HTTPReturnPath.safe(path, fallback: "/x") == path)
        }
        #expect(HTTPReturnPath.safe(nil, fallback: "/x") == "/x")
    }
}
