import CareKitHTTP
import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncServer
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sync server over a real socket: OCKHTTPRemote against SyncHTTPServer, HTTPS, limits.
@Suite("Sync server over HTTP")
struct SyncHTTPServerTests {
    typealias T = SyncFixtures

    static func running(tls: HTTPServer.TLS? = nil) throws -> (SyncHTTPServer, String, Int) {
        let service = try T.makeService()
        let token = try service.addPatient(name: "Ada").token
        let server = SyncHTTPServer(service: service, port: 0, tls: tls)
        return (server, token, try server.start())
    }

    @Test("Two devices converge through the server on a socket")
    func overLoopback() async throws {
        let (server, token, port) = try Self.running()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let phone = OCKStore(name: "phone", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: token, pageSize: 4), clock: { T.date(2) })
        let tablet = OCKStore(name: "tablet", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: token, pageSize: 4), clock: { T.date(2) })
        let task = try await phone.addTask(T.dailyTask("pills"))
        for day in 0..<9 { try await phone.addOutcome(T.outcome(task, day)) }
        try await phone.synchronize()
        try await tablet.synchronize()
        #expect(try await T.exported(tablet) == T.exported(phone))
        #expect(try await tablet.fetchOutcomes(query: OCKOutcomeQuery()).count == 9)
    }

    @Test("Refusals are JSON with a reason: an unknown path, a wrong method, a body over the limit")
    func refusals() async throws {
        let (server, token, port) = try Self.running()
        defer { server.stop() }
        let session = TestSession.shared
        func call(_ method: String, _ path: String, body: Data = Data()) async throws -> (Int, OCKSyncProblem?) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = method == "GET" ? nil : body
            let (data, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONDecoder().decode(OCKSyncProblem.self, from: data))
        }
        let missing = try await call("POST", "/sync/v1/nothing")
        #expect(missing.0 == 404 && missing.1 != nil)
        let method = try await call("GET", "/sync/v1/push")
        #expect(method.0 == 405 && method.1 != nil)
        let big = try await call("POST", "/sync/v1/push", body: Data(repeating: 0x20, count: SyncHTTPServer.maximumBodySize + 1))
        #expect(big.0 == 413 && big.1?.reason.contains("larger") == true)
        let document = try await session.data(from: URL(string: "http://127.0.0.1:\(port)/sync/v1/openapi.json")!)
        #expect((try JSONSerialization.jsonObject(with: document.0) as? [String: Any])?["openapi"] as? String == "3.1.0")
    }

    @Test("With a certificate it speaks HTTPS, and a client that trusts the certificate synchronizes")
    func https() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            Issue.record("openssl and curl are needed (scripts/install-deps --test installs them)")
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (certificate, key) = (directory.file("cert.pem").path, directory.file("key.pem").path)
        _ = try await Subprocess.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"
            ])
        let (server, token, port) = try Self.running(tls: try HTTPServer.TLS(certificateFile: certificate, privateKeyFile: key))
        defer { server.stop() }
        let pull = #"{"knowledgeVector":{"processes":[]}}"#
        let secure = try await Subprocess.run(
            "/usr/bin/curl",
            [
                "-sS", "--cacert", certificate, "-H", "Authorization: Bearer \(token)",
                "-H", "Content-Type: application/json", "-d", pull, "https://127.0.0.1:\(port)/sync/v1/pull"
            ])
        #expect(secure.output.contains("\"revisions\""), "\(secure.output) \(secure.error)")
        // Plain HTTP to the HTTPS port gets no answer, and a client that does not trust it refuses.
        let plain = try await Subprocess.run("/usr/bin/curl", ["-sS", "-m", "5", "http://127.0.0.1:\(port)/healthz"], check: false)
        #expect(plain.status != 0 || !plain.output.contains("ok"))
        let untrusted = try await Subprocess.run("/usr/bin/curl", ["-sS", "-m", "5", "https://127.0.0.1:\(port)/healthz"], check: false)
        #expect(untrusted.status != 0)
    }

    @Test("A certificate that is not PEM is refused when the server starts, saying so")
    func badCertificate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try "not a certificate".write(to: directory.file("cert.pem"), atomically: true, encoding: .utf8)
        #expect(throws: HTTPSetupError.self) { try HTTPServer.TLS(certificateFile: directory.file("cert.pem").path, privateKeyFile: directory.file("cert.pem").path) }
        let broken = HTTPServer.TLS(
            certificatePEM: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
            privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        let server = SyncHTTPServer(service: try T.makeService(), port: 0, tls: broken)
        do {
            try server.start()
            server.stop()
            Issue.record("a broken certificate was accepted")
        } catch {
            #expect(error.message.contains("certificate or key"), "\(error.message)")
        }
    }
}
