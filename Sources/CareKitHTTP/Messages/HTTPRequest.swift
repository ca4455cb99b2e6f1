import Foundation

/// An HTTP request as the app sees it: decoded, size-limited, immutable.
public struct HTTPRequest: Sendable {
    /// The method, upper case ("GET", "POST").
    public var method: String
    /// The path without the query string, as it was sent: still percent-encoded
    /// (`/tasks/vitamin%2Bc`), so that a `/` or `+` inside a segment is told from one between
    /// segments. ``pathSegments()`` decodes it.
    public var path: String
    /// The query parameters in order, decoded.
    public var query: [(name: String, value: String)]
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// Cookies by name.
    public var cookies: [String: String]
    /// The request body (at most the server's limit).
    public var body: Data
    /// The address of the client's end of the connection (`192.0.2.7`, `::1`), when known;
    /// behind a proxy, the proxy's.
    public var clientAddress: String?

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:], cookies: [String: String] = [:], body: Data = Data(),
        clientAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
        self.clientAddress = clientAddress
    }

    /// The first query parameter with this name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A header value, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The segments of the path, each percent-decoded (`/tasks/a%2Fb` is `["tasks", "a/b"]`);
    /// empty segments are left out. A malformed escape or bytes that are not UTF-8 are a 400.
    public func pathSegments() throws(HTTPError) -> [String] {
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            segments.append(try URLEncoding.decodePathSegment(String(segment)))
        }
        return segments
    }

    /// The path and the query, as a link to this same address (the query encoded again).
    /// - Parameter names: query parameters to leave out.
    public func pathWithQuery(dropping names: Set<String> = []) -> String {
        let kept = query.filter { !names.contains($0.name) }
        return path + (kept.isEmpty ? "" : "?" + URLEncoding.query(kept.map { ($0.name, $0.value) }))
    }

    /// The media type of the body, lower-cased and without parameters (`application/json`), or nil.
    public var contentType: String? {
        guard let value = header("content-type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type?.isEmpty == false ? type : nil
    }

    /// The token of an `Authorization: Bearer <token>` header (RFC 6750; the scheme in any case), or nil.
    public var bearerToken: String? {
        guard let value = header("authorization") else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The bearer token, or a 401 with the challenge (`WWW-Authenticate: Bearer realm=…`) that
    /// tells a client to present one. A server that must not read a body from a stranger checks
    /// it in its `screen`, on the request's head.
    public func requireBearerToken(realm: String) throws(HTTPError) -> String {
        guard let token = bearerToken else {
            throw HTTPError.unauthorized("This request needs a token: send it as Authorization: Bearer <token>.", realm: realm)
        }
        return token
    }

    /// The body decoded as `application/x-www-form-urlencoded`.
    public func form() throws(HTTPError) -> HTTPForm {
        let type = contentType ?? "application/x-www-form-urlencoded"
        guard type == "application/x-www-form-urlencoded" else {
            throw HTTPError(status: 415, message: "Forms must be sent as application/x-www-form-urlencoded, not \(type).")
        }
        guard let text = String(data: body, encoding: .utf8) else {
            throw HTTPError(status: 400, message: "The form is not valid UTF-8 text.")
        }
        return HTTPForm(fields: try URLEncoding.decodePairs(text))
    }
}
