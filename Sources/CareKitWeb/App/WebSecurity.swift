import CareKitHTTP
import Foundation

/// The web app's protections, built from CareKitHTTP's: an access token when it listens beyond
/// this machine, a same-site cookie CSRF token on every state-changing request, a Host check
/// against DNS rebinding, and strict response headers.
struct WebSecurity: Sendable {
    static let csrfCookie = "carekit_csrf"
    static let authCookie = "carekit_auth"
    static let csrfField = "csrf"
    /// The CSRF token of each browser, in its cookie and in every form.
    static let csrf = HTTPCSRFProtection(cookieName: csrfCookie, fieldName: csrfField)
    /// Headers for every response: no caching of health data, no framing, no foreign scripts.
    static let headers = HTTPSecurityHeaders.pages

    /// The secret a browser must present (nil on loopback without `--token`).
    let accessToken: String?
    /// The names requests may be addressed to.
    let hosts: HTTPHostPolicy

    /// Whether the server listens on a loopback address only.
    var isLoopback: Bool { hosts.isLoopback }

    /// Checks that an access token is hard to guess (see ``HTTPAccessToken/validate(_:name:)``).
    static func validateToken(_ token: String) throws(HTTPSetupError) {
        try HTTPAccessToken.validate(token, name: "The access token (--token)")
    }

    /// Whether the request carries the access token, in the cookie or as a bearer token (or no
    /// token is required).
    func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let accessToken else { return true }
        if let cookie = request.cookies[Self.authCookie], HTTPAccessToken.equals(cookie, accessToken) { return true }
        if let bearer = request.bearerToken, HTTPAccessToken.equals(bearer, accessToken) { return true }
        return false
    }

    /// Whether `?token=` carries the access token (the link printed at start-up).
    func tokenInQuery(_ request: HTTPRequest) -> Bool {
        guard let accessToken, let token = request.queryValue("token") else { return false }
        return HTTPAccessToken.equals(token, accessToken)
    }
}
