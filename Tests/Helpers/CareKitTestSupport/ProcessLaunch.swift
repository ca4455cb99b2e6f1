import Foundation

/// Starts processes one at a time. Foundation's `Process.run()` on Linux is not safe to call
/// from several threads at once (it crashed copying memory while tests started the CLI and
/// the crash writer together); waiting for processes stays concurrent.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `process.run()` with no other launch in progress.
    public static func start(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
