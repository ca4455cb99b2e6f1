/// Protection of state-changing forms against other sites: a random token in a
/// `SameSite=Strict`, HTTP-only cookie, repeated in a field of every form (checked in constant
/// time), and an `Origin` header, when there is one, that must be exactly this server's.
public struct HTTPCSRFProtection: Sendable, Hashable {
    /// The cookie that holds the browser's token.
    public var cookieName: String
    /// The form field that repeats it.
    public var fieldName: String

    public init(cookieName: String, fieldName: String = "csrf") {
        self.cookieName = cookieName
        self.fieldName = fieldName
    }

    /// The browser's token (64 hex digits), or a new one with the `Set-Cookie` value that gives it.
    public func token(for request: HTTPRequest) -> (token: String, setCookie: String?) {
        if let token = request.cookies[cookieName], token.utf8.count == 64, token.utf8.allSatisfy({ URLEncoding.hexValue($0) != nil }) { return (token, nil) }
        let token = HTTPAccessToken.random()
        return (token, "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
    }

    /// Whether a state-changing request is same-origin and carries the token of its cookie.
    public func verify(_ request: HTTPRequest, form: HTTPForm) -> Bool {
        guard Self.isSameOrigin(request), let cookie = request.cookies[cookieName], !cookie.isEmpty, let field = form[fieldName] else { return false }
        return HTTPAccessToken.equals(cookie, field)
    }

    /// Whether an `Origin` header, if any, is exactly this server's origin (`http://` or
    /// `https://` and the Host header); `null` (sandboxed or privacy-preserving senders) leaves
    /// the decision to the token.
    public static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.header("origin")?.lowercased(), origin != "null" else { return true }
        guard let host = request.header("host")?.lowercased() else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }
}
