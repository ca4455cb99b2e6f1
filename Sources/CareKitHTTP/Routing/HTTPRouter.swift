/// Sends each request to the handler of its method and path pattern. A path that no pattern
/// matches is a 404; one whose patterns take other methods a 405 with `Allow`. Handlers throw
/// ``HTTPError`` (or anything else: a 500) and the router answers with ``errorResponse``, a
/// problem document by default, so a JSON API answers bad requests in JSON.
///
/// ```swift
/// var router = HTTPRouter()
/// router.add("POST", "/sync/pull") { request, _ in
///     let patient = try tokens.patient(for: request)        // throws HTTPError.unauthorized
///     let knowledge = try request.decodeJSON(Knowledge.self) // 415 / 400 in words
///     return .json(try await revisions(for: patient, since: knowledge))
/// }
/// let server = HTTPServer(port: 0, maximumBodySize: 4 << 20, handler: router.handle)
/// ```
public struct HTTPRouter: Sendable {
    /// Answers a request whose path matched, with the pattern's parameters.
    public typealias Handler = @Sendable (HTTPRequest, HTTPPathParameters) async throws -> HTTPResponse

    private struct Route: Sendable {
        let method: String
        let pattern: HTTPPathPattern
        let handler: Handler
    }

    private var routes: [Route] = []
    /// Turns what a handler threw, or the router's own 404 and 405, into a response.
    public var errorResponse: @Sendable (HTTPError) -> HTTPResponse

    /// A router without routes.
    public init(errorResponse: @escaping @Sendable (HTTPError) -> HTTPResponse = HTTPResponse.problem) {
        self.errorResponse = errorResponse
    }

    /// Adds a route; `HEAD` is answered by `GET` routes too. A later route with the same
    /// method and pattern replaces an earlier one.
    public mutating func add(_ method: String, _ pattern: HTTPPathPattern, _ handler: @escaping Handler) {
        let method = method.uppercased()
        routes.removeAll { $0.method == method && $0.pattern == pattern }
        routes.append(Route(method: method, pattern: pattern, handler: handler))
    }

    /// The handler and parameters for a request; a 404 or 405 when there is none.
    public func match(_ request: HTTPRequest) throws(HTTPError) -> (handler: Handler, parameters: HTTPPathParameters) {
        let segments = try request.pathSegments()
        var found: [(route: Route, parameters: HTTPPathParameters)] = []
        for route in routes {
            if let parameters = route.pattern.match(segments: segments) { found.append((route, parameters)) }
        }
        guard !found.isEmpty else {
            throw HTTPError(status: 404, message: "There is nothing at \(request.path).")
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        var best: (route: Route, parameters: HTTPPathParameters)?
        for candidate in found where candidate.route.method == method {
            if let current = best, !candidate.route.pattern.isMoreSpecific(than: current.route.pattern) { continue }
            best = candidate
        }
        guard let best else {
            var allowed = Array(Set(found.map(\.route.method)))
            if allowed.contains("GET") { allowed.append("HEAD") }
            throw HTTPError(
                status: 405, message: "\(request.method) is not allowed at \(request.path).",
                headers: [("Allow", allowed.sorted().joined(separator: ", "))])
        }
        return (best.route.handler, best.parameters)
    }

    /// Answers a request: its route's response, or the error response for what went wrong.
    /// Use it as a server's handler.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let (handler, parameters) = try match(request)
            return try await handler(request, parameters)
        } catch let error as HTTPError {
            return errorResponse(error)
        } catch {
            // Not the error's text: it may say more about the server than a client should know.
            return errorResponse(HTTPError(status: 500, message: "The server could not answer this request (\(type(of: error)))."))
        }
    }
}
