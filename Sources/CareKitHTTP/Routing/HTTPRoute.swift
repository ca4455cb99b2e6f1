/// One row of a route table (``HTTPRouteTable``): the methods a route answers, its path pattern,
/// and the two ways between a route's value and its path, side by side so they cannot drift
/// apart: `read` makes the value from the pattern's parameters when a request comes, `write`
/// gives them back when a page links to the route.
///
/// ```swift
/// enum Route: Hashable, Sendable { case home, patient(String) }
/// let rows: [HTTPRoute<Route>] = [
///     HTTPRoute(["GET"], "/", .home),
///     HTTPRoute(["GET", "POST"], "/patients/{id}", Route.patient) { if case .patient(let id) = $0 { id } else { nil } },
/// ]
/// ```
public struct HTTPRoute<Route: Sendable>: Sendable {
    /// The methods the route answers, in the order an `Allow` header lists them.
    public let methods: [String]
    /// The path's shape; its parameters are `read`'s and `write`'s values, in order.
    public let pattern: HTTPPathPattern
    private let read: @Sendable ([String]) throws(HTTPError) -> Route?
    private let write: @Sendable (Route) -> [String]?

    /// A row from its two directions: `read` takes the pattern's parameter values (decoded, in
    /// the pattern's order) and gives the route, nil when they name none (the path is then not
    /// this row's) or throws a 400 for a value that is malformed; `write` gives a route's
    /// parameter values, nil for a route of another row.
    public init(
        _ methods: [String], _ pattern: HTTPPathPattern, read: @escaping @Sendable ([String]) throws(HTTPError) -> Route?,
        write: @escaping @Sendable (Route) -> [String]?
    ) {
        self.methods = methods.map { $0.uppercased() }
        self.pattern = pattern
        self.read = read
        self.write = write
    }

    /// The route of the values a path gave the pattern's parameters, or nil.
    public func route(_ values: [String]) throws(HTTPError) -> Route? {
        guard values.count == pattern.parameterNames.count else { return nil }
        return try read(values)
    }

    /// The route of a match of the pattern, or nil.
    public func route(_ parameters: HTTPPathParameters) throws(HTTPError) -> Route? {
        try route(pattern.parameterNames.map { parameters[$0] ?? "" })
    }

    /// The path of `route` (each value percent-encoded), or nil when it is another row's.
    public func path(of route: Route) -> String? {
        write(route).map(pattern.path)
    }
}

extension HTTPRoute where Route: Equatable {
    /// A route without parameters: `HTTPRoute(["GET"], "/welcome", .welcome)`.
    public init(_ methods: [String], _ pattern: HTTPPathPattern, _ route: Route) {
        self.init(methods, pattern, read: { _ in route }, write: { $0 == route ? [] : nil })
    }
}

extension HTTPRoute {
    /// A route with one parameter: how it is made from the value (`Route.task`, or a closure that
    /// checks the value: nil for one the route does not have, a thrown 400 for a malformed one)
    /// and how the value is taken back (`{ if case .task(let id) = $0 { id } else { nil } }`).
    public init(
        _ methods: [String], _ pattern: HTTPPathPattern, _ make: @escaping @Sendable (String) throws(HTTPError) -> Route?,
        _ take: @escaping @Sendable (Route) -> String?
    ) {
        self.init(methods, pattern, read: { values throws(HTTPError) in try make(values[0]) }, write: { take($0).map { [$0] } })
    }

    /// A route with two parameters, in the pattern's order.
    public init(
        _ methods: [String], _ pattern: HTTPPathPattern, _ make: @escaping @Sendable (String, String) throws(HTTPError) -> Route?,
        _ take: @escaping @Sendable (Route) -> (String, String)?
    ) {
        self.init(methods, pattern, read: { values throws(HTTPError) in try make(values[0], values[1]) }, write: { take($0).map { [$0.0, $0.1] } })
    }
}
