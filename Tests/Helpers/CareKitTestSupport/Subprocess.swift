import Foundation

/// Runs a program and collects its output.
public enum Subprocess {
    /// The path of the package's executable `name` (`carekit`, `carekit-bench`), built next to
    /// the test bundle by `swift build --build-tests`.
    public static func executable(named name: String) throws -> String {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw NotBuilt(name: name)
    }

    /// An executable of the package that is not built.
    public struct NotBuilt: Error, CustomStringConvertible {
        /// The executable's name.
        public let name: String
        public var description: String { "The \(name) executable is not built: run `swift build --build-tests` first." }
    }

    /// How long a program may run before it is killed and the test fails (a program that never
    /// ends must fail the test, not hang the whole run).
    public static let defaultTimeLimit: TimeInterval = 300

    /// Runs `path` on a thread of its own and waits without holding one of Swift's cooperative
    /// threads (there are as many as cores: a test blocked in `waitUntilExit` would stall every
    /// other test's tasks); with `check`, a non-zero exit status throws.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, check: Bool = true, input: Data? = nil,
        timeLimit: TimeInterval = defaultTimeLimit
    ) async throws -> (output: String, error: String, status: Int32, data: Data) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(
                            path, arguments, environment: environment, currentDirectory: currentDirectory, check: check, input: input, timeLimit: timeLimit)
                    })
            }
        }
    }

    /// A program that ran past its time limit and was killed.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The command line.
        public let command: String
        /// The limit it ran past, in seconds.
        public let seconds: TimeInterval
        public var description: String { "`\(command)` still ran after \(Int(seconds)) s and was killed" }
    }

    /// Runs `path` and blocks the calling thread until it exits; with `check`, a non-zero exit
    /// status throws. Standard input is `input` (a few lines: it must fit a pipe's buffer) or
    /// empty (a program never waits on the test's own input), and a program still running
    /// after `timeLimit` seconds is killed and throws ``TimedOut``.
    public static func runBlocking(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, check: Bool = true, input: Data? = nil,
        timeLimit: TimeInterval = defaultTimeLimit
    ) throws -> (output: String, error: String, status: Int32, data: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe(), error = Pipe()
        if let input {
            let pipe = Pipe()
            try pipe.fileHandleForWriting.write(contentsOf: input)
            try pipe.fileHandleForWriting.close()
            process.standardInput = pipe
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = output
        process.standardError = error
        try ProcessLaunch.start(process)
        let watchdog = Watchdog(pid: process.processIdentifier, after: timeLimit)
        // The tools write little to standard error, so reading standard output first cannot block.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let killed = watchdog.finish()
        let status = process.terminationStatus
        let errorText = String(decoding: errorData, as: UTF8.self)
        if killed { throw TimedOut(command: ([path] + arguments).joined(separator: " "), seconds: timeLimit) }
        if check, status != 0 {
            throw Poppler.Failed(command: ([path] + arguments).joined(separator: " "), status: status, output: errorText)
        }
        return (String(decoding: outputData, as: UTF8.self), errorText, status, outputData)
    }
}

/// Kills a process that runs past its time limit; ``finish()`` (after the process has been
/// reaped) says whether it did, and from then on it never kills (the pid may be reused).
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var killed = false

    init(pid: Int32, after seconds: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return }
            killed = true
            kill(pid, SIGKILL)
        }
    }

    func finish() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        done = true
        return killed
    }
}
