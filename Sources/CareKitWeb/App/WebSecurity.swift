import Foundation

/// The web app's protections: an access token when it listens beyond this machine, a
/// same-site cookie CSRF token on every state-changing request, a Host check against DNS
/// rebinding, and strict response headers.
struct WebSecurity: Sendable {
    static let csrfCookie = "carekit_csrf"
    static let authCookie = "carekit_auth"
    static let csrfField = "csrf"

    /// The secret a browser must present (nil on loopback without `--token`).
    let accessToken: String?
    /// Whether the server listens on a loopback address only.
    let isLoopback: Bool

    /// A random token: 32 bytes as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Compares secrets in time independent of where they differ.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    static func isLoopback(host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host.hasPrefix("127.") || host == "localhost"
    }

    /// Whether the Host header names this machine (refuses DNS-rebinding pages that point a
    /// foreign name at 127.0.0.1).
    func hostIsAllowed(_ request: HTTPRequest) -> Bool {
        guard isLoopback else { return true }
        guard let host = request.header("host") else { return true }
        let name: Substring
        if host.hasPrefix("[") {
            name = host.dropFirst().prefix { $0 != "]" }
        } else {
            name = host.split(separator: ":", maxSplits: 1).first ?? ""
        }
        return ["127.0.0.1", "localhost", "::1"].contains(String(name)) || name.hasPrefix("127.")
    }

    /// Whether the request carries the access token (or no token is required).
    func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let accessToken else { return true }
        if let cookie = request.cookies[Self.authCookie], Self.constantTimeEquals(cookie, accessToken) { return true }
        if let header = request.header("authorization"), header.hasPrefix("Bearer "),
           Self.constantTimeEquals(String(header.dropFirst(7)), accessToken) { return true }
        return false
    }

    /// Whether `?token=` carries the access token (the link printed at start-up).
    func tokenInQuery(_ request: HTTPRequest) -> Bool {
        guard let accessToken, let token = request.queryValue("token") else { return false }
        return Self.constantTimeEquals(token, accessToken)
    }

    /// Whether a state-changing request is same-origin and carries the CSRF token of its cookie.
    func checkCSRF(_ request: HTTPRequest, form: HTTPForm) -> Bool {
        if let origin = request.header("origin"), origin != "null" {
            let originHost = origin.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            guard originHost == request.header("host") else { return false }
        }
        guard let cookie = request.cookies[Self.csrfCookie], !cookie.isEmpty, let field = form[Self.csrfField] else { return false }
        return Self.constantTimeEquals(cookie, field)
    }

    /// Headers for every response: no caching of health data, no framing, no foreign scripts.
    static let headers: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    /// A local path to return to after a form, or the fallback (never another site).
    static func safeReturnPath(_ path: String?, fallback: String) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
              !path.contains(where: { $0.isNewline }) else { return fallback }
        return path
    }
}
