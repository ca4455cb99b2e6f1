import CareKitTestSupport
import Foundation
import Testing

/// Secrets stay secret: `carekit serve` takes its access token from a private file (or
/// `$CAREKIT_ACCESS_TOKEN`) rather than the process list, its start-up line leaves the token out
/// when the log is not a terminal (the journal under systemd), and a TLS key others can read is
/// refused.
@Suite("carekit serve: secrets")
struct CommandLineServeSecretsTests {
    @Test("The token from a 0600 file; the start-up link without it in a log file; a file others can read is refused")
    func accessTokenFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let secret = "a-secret-nobody-else-sees-42"
        let file = directory.file("access-token").path
        try Data((secret + "\n").utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let store = directory.file("care.sqlite").path
        let banner = try await CommandLineLanguageTests.serveUntilRunning(["serve", "--demo", "--port", "0", "--access-token-file", file, "--store", store], directory)
        #expect(banner.contains("is running at http://127.0.0.1:"), "\(banner)")
        #expect(!banner.contains(secret), "the journal never sees the token")
        let running = banner.split(separator: "\n").first { $0.contains("is running at") } ?? ""
        #expect(!running.contains("?token="), "\(running)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let cli = InProcessCLI(directory: directory.url)
        let refused = await cli.run(["serve", "--port", "0", "--access-token-file", file, "--store", store])
        #expect(refused.status == 2 && refused.error.contains("can be read by other users (mode 644)") && refused.error.contains("chmod 600"), "\(refused.error)")
        let both = await cli.run(["serve", "--port", "0", "--token", secret, "--access-token-file", file, "--store", store])
        #expect(both.status == 2 && both.error.contains("not both"))
    }

    @Test("--token still works but says that every local user can read it")
    func tokenOptionWarns() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let banner = try await CommandLineLanguageTests.serveUntilRunning(
            ["serve", "--demo", "--port", "0", "--token", "a-secret-nobody-else-sees-42", "--store", directory.file("care.sqlite").path], directory)
        #expect(banner.contains("--token is visible to every user of this machine"), "\(banner)")
        #expect(banner.contains("is running at http://127.0.0.1:") && !banner.contains("?token=a-secret"), "\(banner)")
    }

    @Test("A TLS private key readable by its group or by others is refused, in words, before the server starts")
    func readableKeyRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = directory.file("key.pem").path
        let certificate = directory.file("cert.pem").path
        try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: URL(fileURLWithPath: key))
        try Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8).write(to: URL(fileURLWithPath: certificate))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: key)
        let cli = InProcessCLI(directory: directory.url)
        let refused = await cli.run(["sync-server", "--port", "0", "--tls-cert", certificate, "--tls-key", key, "--db", directory.file("sync.sqlite").path])
        #expect(refused.status == 2 && refused.error.contains("can be read by other users (mode 640), so it is no longer secret"), "\(refused.error)")
    }
}
