import CareKitHTTP
import CareKitSyncServer
import CareKitSyncTestSupport
import Foundation
import Testing

/// What reaches the audit trail without a clinician (docs/deploy.md, "The audit trail"):
/// requests refused for their token, FHIR reads by a device token, each with the client's
/// address as the server parsed it; and the Host policy on every route.
@Suite("Sync server: refused requests and FHIR reads are audited; every route checks Host")
struct RequestAuditTests {
    typealias T = SyncFixtures

    /// A server on loopback that believes 127.0.0.1 as a proxy, with Ada and her token, and a
    /// route mounted beside the protocol's (as `carekit sync-server` mounts the dashboard).
    static func start() throws -> (SyncHTTPServer, SyncService, token: String, port: Int) {
        let service = try T.makeService()
        let token = try service.addPatient(name: "Ada").token
        let server = SyncHTTPServer(
            service: service, port: 0, trustedProxies: try HTTPTrustedProxies("127.0.0.1"),
            mounting: { router in router.add("GET", "/mounted") { _, _ in .text("mounted\n") } }, clock: { T.date(10) }, log: { _ in })
        let port = try server.start()
        return (server, service, token, port)
    }

    @Test("1,298 probes with wrong tokens leave 1,298 lines, each with the parsed address, never the forged one")
    func refusedProbesAreAudited() async throws {
        let (server, service, _, port) = try Self.start()
        defer { server.stop() }
        let before = try service.storage.auditEntries(after: 0, limit: 10_000).count
        let pull = #"{"knowledgeVector":{"processes":[]}}"#
        var refused = 0
        for probe in 0..<1_298 {
            let headers: [String: String]
            switch probe % 3 {
            case 0: headers = ["Authorization": "Bearer guess-\(probe)", "X-Forwarded-For": "<b>forged</b> 10.9.9.9"]
            case 1: headers = ["Authorization": "Bearer guess-\(probe)", "X-Forwarded-For": "198.51.100.7"]
            default: headers = [:]
            }
            let path = probe % 2 == 0 ? "/sync/v1/pull" : "/fhir/R4/Patient"
            let response = try await rawExchange(path.hasPrefix("/sync") ? "POST" : "GET", path, port: port, headers: headers, body: path.hasPrefix("/sync") ? pull : "")
            if response.hasPrefix("HTTP/1.1 401") { refused += 1 }
        }
        #expect(refused == 1_298)
        let lines = try service.storage.auditEntries(after: 0, limit: 10_000).dropFirst(before)
        #expect(lines.count == 1_298)
        #expect(lines.allSatisfy { $0.clinicianEmail == "client without a valid device token" && $0.patient == nil })
        #expect(Set(lines.map(\.address)) == ["127.0.0.1", "198.51.100.7"], "a header that is no IP literal is never taken")
        #expect(!lines.contains { $0.action.contains("guess-") }, "a guessed token never reaches the trail")
        #expect(lines.contains { $0.action.hasPrefix("refused POST /sync/v1/pull: ") })
        #expect(lines.contains { $0.action.hasPrefix("refused FHIR GET /fhir/R4/Patient: ") })
        #expect(try service.verifyAudit().firstBroken == nil, "the chain holds across all of them")
    }

    @Test("A FHIR read by a device token is audited with the patient, the query and the address")
    func fhirReadsAreAudited() async throws {
        let (server, service, token, port) = try Self.start()
        defer { server.stop() }
        let response = try await rawExchange(
            "GET", "/fhir/R4/Observation?code=8867-4&_count=5", port: port, headers: ["Authorization": "Bearer \(token)", "X-Forwarded-For": "192.0.2.44"])
        #expect(response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(200))")
        let ada = try #require(try service.storage.patients().first { $0.name == "Ada" })
        let line = try #require(try service.storage.auditEntries(after: 0, limit: 100).last)
        #expect(line.action == "FHIR read GET /fhir/R4/Observation?code=8867-4&_count=5")
        #expect(line.clinicianEmail == "device token of Ada" && line.patient == ada.id && line.address == "192.0.2.44")
        // The capability statement needs no token and names no patient: nothing to audit.
        let count = try service.storage.auditEntries(after: 0, limit: 100).count
        #expect(try await rawExchange("GET", "/fhir/R4/metadata", port: port).hasPrefix("HTTP/1.1 200"))
        #expect(try service.storage.auditEntries(after: 0, limit: 100).count == count)
    }

    @Test("/sync, /fhir and mounted routes refuse a Host that is not this server's (421), so FHIR links never echo it")
    func hostIsCheckedOnEveryRoute() async throws {
        let (server, _, token, port) = try Self.start()
        defer { server.stop() }
        let evil = ["Host": "evil.example", "Authorization": "Bearer \(token)"]
        for (method, path) in [("POST", "/sync/v1/pull"), ("GET", "/fhir/R4/metadata"), ("GET", "/fhir/R4/Patient"), ("GET", "/mounted")] {
            let response = try await rawExchange(method, path, port: port, headers: evil, body: "{}")
            #expect(response.hasPrefix("HTTP/1.1 421"), "\(path): \(response.prefix(120))")
            #expect(!response.contains("evil.example"), "\(path)")
        }
        let fine = try await rawExchange("GET", "/fhir/R4/Patient", port: port, headers: ["Host": "localhost:\(port)", "Authorization": "Bearer \(token)"])
        #expect(fine.hasPrefix("HTTP/1.1 200") && fine.contains("http://localhost:\(port)/fhir/R4/"))
        #expect(try await rawExchange("GET", "/mounted", port: port).hasSuffix("\r\n\r\nmounted\n"), "a mounted route answers")
    }
}
