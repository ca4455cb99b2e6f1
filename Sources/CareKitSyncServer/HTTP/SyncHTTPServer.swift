import CareKitHTTP
import Foundation

/// `carekit sync-server` over HTTP: the sync protocol's two operations, its OpenAPI document,
/// the FHIR read API and a health check, with the limits of a JSON API (bodies up to 32 MiB,
/// every refusal a JSON problem with a reason). A composer mounts more routes (`carekit
/// sync-server` mounts the care team's dashboard, CareKitTeam) without this server knowing them;
/// they get the same Host check and run on the same storage threads.
public final class SyncHTTPServer: Sendable {
    /// The largest request body: a push of 5,000 versions with long notes fits.
    public static let maximumBodySize = 32 << 20

    public let service: SyncService
    private let server: HTTPServer

    /// - Parameters:
    ///   - host: the address to listen on (127.0.0.1 keeps the server to this machine).
    ///   - tls: a certificate and key to serve HTTPS; without one, beyond this machine, only
    ///     behind a proxy that speaks HTTPS.
    ///   - behindProxy: clients reach the server through a proxy that speaks HTTPS (the FHIR
    ///     API's absolute URLs say https; a mounted dashboard is told so by its composer, to
    ///     make its cookies `Secure`).
    ///   - trustedProxies: the proxies whose `X-Forwarded-For` names the client (the audit
    ///     trail); every other peer is known by its connection's address.
    ///   - hostPolicy: the names requests may be addressed to, on every route (the sync
    ///     protocol, FHIR, the mounted routes); by default that of a server listening on `host`.
    ///   - routes: adds the routes a composer mounts beside the protocol's (the care team's
    ///     dashboard); the server's own routes are added after them, so none is replaced.
    public init(
        service: SyncService, host: String = "127.0.0.1", port: UInt16 = 8443, tls: HTTPServer.TLS? = nil,
        behindProxy: Bool = false, trustedProxies: HTTPTrustedProxies = .none, hostPolicy: HTTPHostPolicy? = nil,
        limits: HTTPServer.Limits = HTTPServer.Limits(), mounting routes: (inout HTTPRouter) -> Void = { _ in },
        clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void = SyncHTTPServer.logToStandardError
    ) {
        self.service = service
        let names = hostPolicy ?? (try? HTTPHostPolicy(listeningOn: host))
        var router = HTTPRouter(errorResponse: Self.refusal)
        routes(&router)
        SyncFHIRAPI(service: service, scheme: tls != nil || behindProxy ? "https" : "http", trustedProxies: trustedProxies, clock: clock, log: log)
            .addRoutes(to: &router)
        router.add("POST", "/sync/v1/pull") { request, _ in
            let reply = service.pull(authorization: request.header("authorization"), body: request.body)
            return Self.reply(Self.logged(reply, request, service: service, trustedProxies: trustedProxies, log))
        }
        router.add("POST", "/sync/v1/push") { request, _ in
            let reply = service.push(authorization: request.header("authorization"), body: request.body)
            return Self.reply(Self.logged(reply, request, service: service, trustedProxies: trustedProxies, log))
        }
        router.add("GET", "/sync/v1/openapi.json") { _, _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .data(Data(SyncOpenAPI.document.utf8)))
        }
        router.add("GET", "/healthz") { _, _ in .text("ok\n") }
        let table = router
        server = HTTPServer(
            host: host, port: port, maximumBodySize: Self.maximumBodySize, limits: limits,
            headers: HTTPSecurityHeaders.api, tls: tls, errorResponse: Self.refusal
        ) { request in
            // Every route waits on its storage (a PostgreSQL round trip, a commit on disk):
            // on threads of a storage executor, never on Swift's concurrency pool.
            if let names, !names.allows(request) {
                return Self.refusal(HTTPError(status: 421, message: "This server does not answer to that name; use the address it was set up with."))
            }
            let executor = request.path.hasPrefix("/sync/v1/") ? _StorageExecutor.devices : _StorageExecutor.dashboard
            return await withTaskExecutorPreference(executor) { await table.handle(request) }
        }
    }

    /// Starts listening; returns the port.
    @discardableResult
    public func start() throws(HTTPSetupError) -> Int {
        try server.start()
        return server.port
    }

    /// Stops after the requests in progress finish (a push in progress lands or does not).
    public func stop() { server.stop() }

    public var port: Int { server.port }

    /// Writes a line to standard error.
    public static let logToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A failure of the server's own (5xx: its storage is down) is logged with its reason, so
    /// whoever runs the server sees it; a request refused for its token is audited; other
    /// refusals of bad requests are the client's to read.
    static func logged(
        _ reply: SyncService.Reply, _ request: HTTPRequest, service: SyncService, trustedProxies: HTTPTrustedProxies, _ log: @Sendable (String) -> Void
    ) -> SyncService.Reply {
        if reply.status >= 500 {
            log("carekit sync-server: \(request.method) \(request.path) answered \(reply.status): \(SyncService.reason(of: reply))")
        } else if reply.status == 401 {
            service.auditRequest(
                request, patient: nil, "refused \(request.method) \(request.path): \(SyncService.reason(of: reply))",
                address: trustedProxies.clientAddress(of: request), log: log)
        }
        return reply
    }

    static func reply(_ reply: SyncService.Reply) -> HTTPResponse {
        HTTPResponse(status: reply.status, headers: [("Content-Type", "application/json")] + reply.headers, body: .data(reply.body))
    }

    /// The server's own refusals (404, 405, 413, …) in the protocol's form: `{"reason": …}`.
    static func refusal(_ error: HTTPError) -> HTTPResponse {
        var reply = SyncService.problem(error.status, error.message)
        reply.headers += error.headers
        return Self.reply(reply)
    }
}
