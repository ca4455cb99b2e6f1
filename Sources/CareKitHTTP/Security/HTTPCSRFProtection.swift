/// Protection of state-changing forms against other sites: a random token in a
/// `SameSite=Strict`, HTTP-only cookie, repeated in a field of every form (checked in constant
/// time), and an `Origin` header, when there is one, that must be exactly this server's: its
/// scheme and its Host. `Origin: null` (a sandboxed frame, a `data:` page, a redirect from
/// elsewhere) is refused, as is the other scheme on the same host.
public struct HTTPCSRFProtection: Sendable, Hashable {
    /// The cookie that holds the browser's token.
    public var cookieName: String
    /// The form field that repeats it.
    public var fieldName: String
    /// How browsers reach the server: `https` behind TLS or a proxy that speaks it, else `http`.
    public var scheme: String

    public init(cookieName: String, fieldName: String = "csrf", scheme: String = "http") {
        self.cookieName = cookieName
        self.fieldName = fieldName
        self.scheme = scheme.lowercased()
    }

    /// The browser's token (64 hex digits), or a new one with the `Set-Cookie` value that gives it.
    public func token(for request: HTTPRequest) -> (token: String, setCookie: String?) {
        if let token = request.cookies[cookieName], token.utf8.count == 64, token.utf8.allSatisfy({ URLEncoding.hexValue($0) != nil }) { return (token, nil) }
        let token = HTTPAccessToken.random()
        return (token, "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
    }

    /// Whether a state-changing request is same-origin and carries the token of its cookie.
    public func verify(_ request: HTTPRequest, form: HTTPForm) -> Bool {
        guard isSameOrigin(request), let cookie = request.cookies[cookieName], !cookie.isEmpty, let field = form[fieldName] else { return false }
        return HTTPAccessToken.equals(cookie, field)
    }

    /// Whether an `Origin` header, if any, is exactly this server's origin (``scheme``, `://`
    /// and the Host header). A request without one (an older browser, a same-origin GET form)
    /// is left to the token.
    public func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.header("origin")?.lowercased() else { return true }
        guard let host = request.header("host")?.lowercased() else { return false }
        return origin == scheme + "://" + host
    }
}
