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
    /// Names besides the loopback ones that requests may be addressed to (lower case).
    var allowedHosts: Set<String> = []

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

    /// Checks that an access token is hard to guess and survives the link and the cookie that
    /// carry it: at least 16 characters, only letters, digits and `-._~`, at least 6 different.
    static func validateToken(_ token: String) throws(HTTPError) {
        let allowed = token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~".utf8).contains(byte)
        }
        guard token.utf8.count >= 16, allowed, Set(token.utf8).count >= 6 else {
            throw HTTPError(status: 0, message: """
                The access token (--token) must be at least 16 characters long, use only letters, digits and - . _ ~ \
                (it travels in a link and a cookie), and have at least 6 different characters: it is all that \
                stands between the network and your health data. Make one with: openssl rand -hex 32
                """)
        }
    }

    /// Compares secrets in time independent of where they differ.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Whether an address to listen on keeps the server on this machine: `localhost`, an IPv4
    /// address of the loopback network 127.0.0.0/8 (dotted quad) or the IPv6 loopback `::1` in
    /// any spelling. Names that only start like one (`127.0.0.1.example.com`) are not.
    static func isLoopback(host: String) -> Bool {
        host == "localhost" || IPAddress(host)?.isLoopback == true
    }

    /// Whether the Host header names this server, so that a page of another site whose name
    /// was pointed at this machine (DNS rebinding) gets nothing. On loopback: exactly a loopback
    /// IP literal, `localhost` or a configured name. Listening beyond this machine the token
    /// protects; a configured list, if any, is enforced there too, with IP literals allowed (a
    /// literal cannot be rebound).
    func hostIsAllowed(_ request: HTTPRequest) -> Bool {
        // HTTP/1.0 clients may send no Host; browsers always do.
        guard let header = request.header("host") else { return true }
        guard let name = Self.hostName(header) else { return false }
        if name == "localhost" || allowedHosts.contains(name) { return true }
        if let address = IPAddress(name) { return !isLoopback || address.isLoopback }
        return !isLoopback && allowedHosts.isEmpty
    }

    /// The lower-cased name in a Host header (`name`, `name:port`, `[v6]`, `[v6]:port`),
    /// without brackets and port; nil when the header is not of that shape.
    static func hostName(_ header: String) -> String? {
        let value = header.lowercased()
        let name: Substring
        var port: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = value[value.index(after: value.startIndex)..<close]
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                port = rest.dropFirst()
            }
            guard case .v6? = IPAddress(String(name)) else { return nil }
        } else if let colon = value.firstIndex(of: ":"), colon == value.lastIndex(of: ":") {
            name = value[..<colon]
            port = value[value.index(after: colon)...]
            guard isHostName(name) else { return nil }
        } else if value.contains(":") {
            // A bare IPv6 literal (`::1`), as some non-browser clients send it.
            name = Substring(value)
            guard case .v6? = IPAddress(value) else { return nil }
        } else {
            name = Substring(value)
            guard isHostName(name) else { return nil }
        }
        if let port {
            guard (1...5).contains(port.utf8.count), port.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        }
        return String(name)
    }

    /// A DNS name or IPv4 literal: letters, digits, `-` and `.`, not empty.
    static func isHostName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// The names a configuration allows, lower-cased; throws for one that is not a host name.
    static func allowedHostNames(_ names: [String]) throws(HTTPError) -> Set<String> {
        var result: Set<String> = []
        for name in names {
            let lowered = name.lowercased()
            let bare = lowered.hasPrefix("[") && lowered.hasSuffix("]") ? String(lowered.dropFirst().dropLast()) : lowered
            guard isHostName(Substring(bare)) || IPAddress(bare) != nil else {
                throw HTTPError(status: 0, message: "'\(name)' is not a host name: give a name such as carekit.lan or an IP address, without a scheme, port or path.")
            }
            result.insert(bare)
        }
        return result
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
    /// An `Origin` header must be exactly this server's origin (`http://` or `https://` and
    /// the Host header); `null` (sandboxed or privacy-preserving senders) leaves the token alone.
    func checkCSRF(_ request: HTTPRequest, form: HTTPForm) -> Bool {
        if let origin = request.header("origin")?.lowercased(), origin != "null" {
            guard let host = request.header("host")?.lowercased(), origin == "http://" + host || origin == "https://" + host else { return false }
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

    /// A local path to return to after a form, or the fallback (never another site). Only a
    /// path of this app qualifies: one `/` first (not `//` or `/\\`), then only the characters
    /// of a URL path and query (RFC 3986: letters, digits, `-._~!$&'()*+,;=:@/?` and `%` with
    /// two hex digits). Browsers drop tabs and line breaks from URLs and read `\\` as `/`, so
    /// anything else could turn `/\t/evil.example` into `//evil.example`; the same characters
    /// %-encoded are refused too, in case something decodes the path again.
    static func safeReturnPath(_ path: String?, fallback: String) -> String {
        guard let path else { return fallback }
        let bytes = Array(path.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = URLEncoding.hexValue(bytes[index + 1]), let low = URLEncoding.hexValue(bytes[index + 2]) else { return fallback }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                guard pathCharacters.contains(bytes[index]) else { return fallback }
                decoded.append(bytes[index])
                index += 1
            }
        }
        guard decoded.first == UInt8(ascii: "/"), bytes.first == UInt8(ascii: "/"),
              decoded.count < 2 || (decoded[1] != UInt8(ascii: "/") && decoded[1] != UInt8(ascii: "\\")),
              !decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return fallback }
        return path
    }

    /// The bytes a return path may hold besides `%XX`.
    private static let pathCharacters: Set<UInt8> = Set(
        Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
            + Array("-._~!$&'()*+,;=:@/?".utf8))
}
