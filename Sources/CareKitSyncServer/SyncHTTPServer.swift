import CareKitHTTP
import CareKitRemote
import Foundation

/// `carekit sync-server` over HTTP: the sync protocol's two operations, its OpenAPI document
/// and a health check, with the limits of a JSON API (bodies up to 32 MiB, every refusal a
/// JSON problem with a reason).
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
    ///     API's absolute URLs say https, the dashboard's cookies are `Secure`, and the client's
    ///     address is the last of `X-Forwarded-For`).
    ///   - calendar: where days begin on the dashboard (`/team`).
    public init(
        service: SyncService, host: String = "127.0.0.1", port: UInt16 = 8443, tls: HTTPServer.TLS? = nil,
        behindProxy: Bool = false, limits: HTTPServer.Limits = HTTPServer.Limits(), calendar: Calendar = .current,
        teamPolicy: SyncTeamDashboard.Policy = SyncTeamDashboard.Policy(), clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void = SyncHTTPServer.logToStandardError
    ) {
        self.service = service
        var router = HTTPRouter(errorResponse: Self.refusal)
        SyncTeamDashboard(
            service: service, calendar: calendar, secure: tls != nil || behindProxy, behindProxy: behindProxy, host: host,
            policy: teamPolicy, clock: clock, log: log
        ).addRoutes(to: &router)
        SyncFHIRAPI(service: service, scheme: tls != nil || behindProxy ? "https" : "http", clock: clock, log: log).addRoutes(to: &router)
        router.add("POST", "/sync/v1/pull") { request, _ in
            Self.reply(Self.logged(service.pull(authorization: request.header("authorization"), body: request.body), request, log))
        }
        router.add("POST", "/sync/v1/push") { request, _ in
            Self.reply(Self.logged(service.push(authorization: request.header("authorization"), body: request.body), request, log))
        }
        router.add("GET", "/sync/v1/openapi.json") { _, _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .data(Data(SyncOpenAPI.document.utf8)))
        }
        router.add("GET", "/healthz") { _, _ in .text("ok\n") }
        let routes = router
        server = HTTPServer(
            host: host, port: port, maximumBodySize: Self.maximumBodySize, limits: limits,
            headers: HTTPSecurityHeaders.api, tls: tls, errorResponse: Self.refusal
        ) { request in
            // Every route waits on its storage (a PostgreSQL round trip, a commit on disk):
            // on threads of a storage executor, never on Swift's concurrency pool.
            let executor = request.path.hasPrefix("/sync/v1/") ? _StorageExecutor.devices : _StorageExecutor.dashboard
            return await withTaskExecutorPreference(executor) { await routes.handle(request) }
        }
    }

    /// Starts listening; returns the port.
    @discardableResult
    public func start() throws(HTTPError) -> Int {
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
    /// whoever runs the server sees it; refusals of bad requests are the client's to read.
    static func logged(_ reply: SyncService.Reply, _ request: HTTPRequest, _ log: @Sendable (String) -> Void) -> SyncService.Reply {
        if reply.status >= 500 {
            let reason = (try? JSONDecoder().decode(OCKSyncProblem.self, from: reply.body).reason) ?? "no reason"
            log("carekit sync-server: \(request.method) \(request.path) answered \(reply.status): \(reason)")
        }
        return reply
    }

    static func reply(_ reply: SyncService.Reply) -> HTTPResponse {
        HTTPResponse(status: reply.status, headers: [("Content-Type", "application/json")] + reply.headers, body: .data(reply.body))
    }

    /// The server's own refusals (404, 405, 413, …) in the protocol's form: `{"reason": …}`.
    static func refusal(_ error: HTTPError) -> HTTPResponse {
        var reply = SyncService.problem(error.status == 0 ? 500 : error.status, error.message)
        reply.headers += error.headers
        return Self.reply(reply)
    }
}
