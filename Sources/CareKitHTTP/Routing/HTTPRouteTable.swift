/// Every address of an app, one row each (``HTTPRoute``): a typed route value is written as a
/// path by its row (the pages link and post with it) and read back from a request by the same
/// row, so an address is spelled once and building and matching cannot disagree. An app
/// answers by switching over its route type, so a route without a handler does not compile.
///
/// ```swift
/// enum Route: Hashable, Sendable { case home, patient(String) }
/// let table = HTTPRouteTable<Route>([
///     HTTPRoute(["GET"], "/", .home),
///     HTTPRoute(["GET"], "/patients/{id}", Route.patient) { if case .patient(let id) = $0 { id } else { nil } },
/// ])
/// table.path(of: .patient("a/b"))                      // "/patients/a%2Fb"
/// try table.route(method: "GET", path: "/patients/a%2Fb")  // .patient("a/b")
/// ```
///
/// Of two rows that both read a path, the one with a literal segment first wins
/// (`/patients/new` over `/patients/{id}`); then the method decides: a path the table has for
/// other methods only is a 405 with those methods. A method is answered only where a row lists
/// it (`HEAD` too).
public struct HTTPRouteTable<Route: Sendable>: Sendable {
    /// The rows, in the order they were given.
    public let rows: [HTTPRoute<Route>]

    public init(_ rows: [HTTPRoute<Route>]) {
        self.rows = rows
    }

    /// What a request's method and path are in the table.
    public enum Match: Sendable {
        /// The route, and the row that read it.
        case found(Route, HTTPRoute<Route>)
        /// No row reads the path (a 404).
        case notFound
        /// Rows read the path, for these methods only (a 405 with `Allow`).
        case otherMethods([String])
    }

    /// The row that writes `route`.
    /// - Complexity: O(*n*) in the number of rows.
    public func row(of route: Route) -> HTTPRoute<Route>? {
        rows.first { $0.path(of: route) != nil }
    }

    /// The path of `route`, each value percent-encoded; nil when no row writes it.
    /// - Complexity: O(*n*) in the number of rows.
    public func path(of route: Route) -> String? {
        for row in rows {
            if let path = row.path(of: route) { return path }
        }
        return nil
    }

    /// Reads a request's method and path (as sent, still percent-encoded); a 400 for a segment
    /// that does not decode or a value a row finds malformed.
    public func match(method: String, path: String) throws(HTTPError) -> Match {
        try match(method: method, segments: HTTPRequest(method: method, path: path).pathSegments())
    }

    /// Reads a request's method and its path's decoded segments.
    public func match(method: String, segments: [String]) throws(HTTPError) -> Match {
        var found: [(route: Route, row: HTTPRoute<Route>)] = []
        for row in rows {
            guard let parameters = row.pattern.match(segments: segments), let route = try row.route(parameters) else { continue }
            found.removeAll { row.pattern.isMoreSpecific(than: $0.row.pattern) }
            guard !found.contains(where: { $0.row.pattern.isMoreSpecific(than: row.pattern) }) else { continue }
            found.append((route, row))
        }
        guard !found.isEmpty else { return .notFound }
        let method = method.uppercased()
        if let chosen = found.first(where: { $0.row.methods.contains(method) }) { return .found(chosen.route, chosen.row) }
        var allowed: [String] = []
        for method in found.flatMap(\.row.methods) where !allowed.contains(method) { allowed.append(method) }
        return .otherMethods(allowed)
    }

    /// The route of a request's method and path, or the refusal in English: 404, or 405 with
    /// `Allow`. An app that words its refusals itself reads ``match(method:path:)``.
    public func route(method: String, path: String) throws(HTTPError) -> Route {
        switch try match(method: method, path: path) {
        case .found(let route, _): return route
        case .notFound: throw HTTPError(status: 404, message: "There is nothing at \(path).")
        case .otherMethods(let allowed):
            throw HTTPError(status: 405, message: "\(method) is not allowed at \(path).", headers: [("Allow", allowed.joined(separator: ", "))])
        }
    }

    /// How `samples` (at least one route of each row) fare when each is written as a path and
    /// read back with each of its row's methods: one sentence per route that comes back as
    /// another, or that no row writes, and per row without a sample. Empty when building and
    /// matching agree. The apps' tests run it over every row.
    public func roundTripProblems(_ samples: [Route]) -> [String] where Route: Equatable {
        var problems: [String] = []
        var sampled = Set<Int>()
        for sample in samples {
            guard let index = rows.firstIndex(where: { $0.path(of: sample) != nil }), let path = rows[index].path(of: sample) else {
                problems.append("no row writes \(sample)")
                continue
            }
            sampled.insert(index)
            for method in rows[index].methods {
                switch Result(catching: { () throws(HTTPError) in try match(method: method, path: path) }) {
                case .success(.found(let read, let row)) where read == sample && row.pattern == rows[index].pattern: continue
                case .success(.found(let read, let row)): problems.append("\(method) \(path) (\(sample)) reads back as \(read), by \(row.pattern)")
                case .success(.notFound): problems.append("\(method) \(path) (\(sample)) is not found")
                case .success(.otherMethods(let allowed)): problems.append("\(method) \(path) (\(sample)) is answered for \(allowed.joined(separator: ", ")) only")
                case .failure(let error): problems.append("\(method) \(path) (\(sample)) is refused: \(error.status) \(error.message)")
                }
            }
        }
        for (index, row) in rows.enumerated() where !sampled.contains(index) {
            problems.append("no sample of \(row.methods.joined(separator: "|")) \(row.pattern)")
        }
        return problems
    }
}

extension HTTPRouter {
    /// Adds every row of a table: each of its methods at its pattern, answered by `handler`
    /// with the row's route. A path whose values name no route (`/assets/nothing.css`) is
    /// answered by `unknown` (an app's own "not found" page), else a 404 like a path no
    /// pattern matches.
    public mutating func add<Route>(
        _ table: HTTPRouteTable<Route>, unknown: (@Sendable (HTTPRequest) async throws -> HTTPResponse)? = nil,
        _ handler: @escaping @Sendable (Route, HTTPRequest) async throws -> HTTPResponse
    ) {
        for row in table.rows {
            for method in row.methods {
                add(method, row.pattern) { request, parameters in
                    if let route = try row.route(parameters) { return try await handler(route, request) }
                    guard let unknown else { throw HTTPError(status: 404, message: "There is nothing at \(request.path).") }
                    return try await unknown(request)
                }
            }
        }
    }
}
