import CareKitSyncServer
import CareKitSyncTestSupport
import Foundation
import Testing

@testable import CareKitTeam

/// The dashboard as `carekit sync-server` serves it: mounted on the sync server's HTTP server,
/// beside the protocol, behind the same Host check.
@Suite("The dashboard mounted on the sync server")
struct MountedDashboardTests {
    @Test("/team answers on the sync server's port beside /sync/v1; another Host is refused (421) and not echoed")
    func mountedOnTheSyncServer() async throws {
        let service = try SyncFixtures.makeService()
        let dashboard = SyncTeamDashboard(service: service, calendar: SyncFixtures.calendar, secure: false, clock: { SyncFixtures.date(2) }, log: { _ in })
        let server = SyncHTTPServer(service: service, port: 0, mounting: dashboard.addRoutes, clock: { SyncFixtures.date(2) }, log: { _ in })
        let port = try server.start()
        defer { server.stop() }
        let login = try await rawExchange("GET", "/team/login", port: port)
        #expect(login.hasPrefix("HTTP/1.1 200") && login.contains(#"action="/team/login""#), "\(login.prefix(200))")
        let elsewhere = try await rawExchange("GET", "/team/login", port: port, headers: ["Host": "evil.example"])
        #expect(elsewhere.hasPrefix("HTTP/1.1 421") && !elsewhere.contains("evil.example"), "\(elsewhere.prefix(200))")
        let pull = try await rawExchange("POST", "/sync/v1/pull", port: port, body: "{}")
        #expect(pull.hasPrefix("HTTP/1.1 401"), "the protocol's routes stay the server's: \(pull.prefix(200))")
    }
}
