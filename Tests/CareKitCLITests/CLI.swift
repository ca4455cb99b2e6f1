import CareKitTestSupport
import Foundation

/// Runs the `carekit` executable as a user would, with the clock and time zone pinned.
struct CLI {
    /// "Now" for every command (`CAREKIT_NOW`).
    var now = "2025-01-20T14:00:00Z"
    /// The commands' time zone (`TZ`).
    var timeZone = "America/New_York"
    /// The working directory; `XDG_DATA_HOME` is a folder inside it.
    var directory: URL
    /// More of the commands' environment (`CAREKIT_TIMEZONE`, say).
    var extraEnvironment: [String: String] = [:]

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CAREKIT_NOW"] = now
        environment["TZ"] = timeZone
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("xdg").path
        // The machine's language is not the test's: English unless a test says otherwise.
        for name in ["CAREKIT_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] { environment[name] = nil }
        environment.merge(extraEnvironment) { $1 }
        return environment
    }

    /// Runs `carekit ARGUMENTS` and waits for it.
    func run(_ arguments: [String]) async throws -> (output: String, error: String, status: Int32) {
        let result = try await Subprocess.run(try Subprocess.executable(named: "carekit"), arguments, environment: environment, currentDirectory: directory, check: false)
        return (result.output, result.error, result.status)
    }

    /// Starts every command at once (each its own process) and waits for all of them; results
    /// come back in the order of `commands`.
    func runConcurrently(_ commands: [[String]]) async throws -> [(output: String, error: String, status: Int32)] {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runConcurrentlyBlocking(commands) }) }
        }
    }

    private func runConcurrentlyBlocking(_ commands: [[String]]) throws -> [(output: String, error: String, status: Int32)] {
        let executable = try Subprocess.executable(named: "carekit")
        var running: [(Process, URL, URL)] = []
        for (index, arguments) in commands.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = directory
            // Files, not pipes: nothing reads while the processes run, and a full pipe would block them.
            let output = directory.appendingPathComponent("out-\(index)-\(UUID().uuidString)")
            let error = directory.appendingPathComponent("err-\(index)-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            _ = FileManager.default.createFile(atPath: error.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: error)
            running.append((process, output, error))
        }
        for (process, _, _) in running { try ProcessLaunch.start(process) }
        return try running.map { process, output, error in
            process.waitUntilExit()
            defer {
                try? FileManager.default.removeItem(at: output)
                try? FileManager.default.removeItem(at: error)
            }
            return (try String(contentsOf: output, encoding: .utf8), try String(contentsOf: error, encoding: .utf8), process.terminationStatus)
        }
    }
}
