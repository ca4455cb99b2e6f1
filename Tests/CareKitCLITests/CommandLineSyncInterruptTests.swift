import CareKitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C in the middle of `carekit sync`: the command says what that left behind, in words,
/// and exits 130 (the shell's code for an interrupted command), not a failure.
@Suite("carekit sync: Ctrl-C")
struct CommandLineSyncInterruptTests {
    /// A server that takes connections and never answers: the sync waits on it.
    final class SilentServer {
        let socket: Int32
        let port: Int

        init() throws {
            let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
            }
            guard bound, listen(descriptor, 8) == 0 else {
                close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            socket = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(socket) }
    }

    @Test("Ctrl-C while waiting on the server: exit 130 at once with what was kept and what to do, no failure, the store intact")
    func interruptedSync() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = CLI(directory: directory.url)
        let store = directory.file("phone.sqlite").path
        #expect(try await cli.run(["add-task", "Pills", "--times", "08:00", "--from", "2025-01-01", "--store", store]).status == 0)
        let tokenFile = directory.file("token")
        try String(repeating: "ab", count: 32).write(to: tokenFile, atomically: true, encoding: .utf8)
        #expect(chmod(tokenFile.path, 0o600) == 0)
        let server = try SilentServer()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Subprocess.executable(named: "carekit"))
        process.arguments = ["sync", "--server", "http://127.0.0.1:\(server.port)/", "--token-file", tokenFile.path, "--store", store]
        process.environment = cli.environment
        let errors = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try ProcessLaunch.start(process)
        // It has started talking to the server (its first progress line) and waits for an answer.
        #expect(await eventually { ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("carekit sync: 0%") })
        let interrupted = ContinuousClock.now
        process.interrupt()
        #expect(await eventually(seconds: 10) { !process.isRunning })
        let waited = ContinuousClock.now - interrupted
        let said = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(process.terminationReason) \(process.terminationStatus): \(said)")
        #expect(waited < .seconds(3), "Ctrl-C took \(waited)")
        #expect(said.contains("carekit sync: stopped by Ctrl-C. Nothing is half-written"), "\(said)")
        #expect(said.contains("Run `carekit sync` again"))
        #expect(!said.contains("failed") && !said.contains("rror"), "an interruption is not a failure: \(said)")
        #expect(try await cli.run(["tasks", "--date", "2025-01-20", "--store", store]).output.contains("Pills"), "the store is as it was")
        withExtendedLifetime(server) {}
    }
}
