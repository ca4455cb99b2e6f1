import CareKitHTTP
import Foundation
import Synchronization

/// The secret in the calendar feed's address (`/calendar/<secret>.ics`): calendar apps cannot
/// log in, so the address itself is the key. It is a random 256-bit token kept in a file only
/// its owner can read (mode 0600), made on first use; replacing it revokes the old address.
final class _CalendarSecret: Sendable {
    /// Where the secret is kept.
    let file: URL
    private let cached = Mutex<String?>(nil)

    init(file: URL) {
        self.file = file
    }

    /// The secret, read from its file, or made (and written) when there is none yet.
    func current() throws -> String {
        try cached.withLock { secret in
            if let secret { return secret }
            let stored = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let stored, Self.isWellFormed(stored) {
                _ = chmod(file.path, 0o600)
                secret = stored
                return stored
            }
            let made = try Self.write(HTTPAccessToken.random(), to: file)
            secret = made
            return made
        }
    }

    /// A new secret in place of the old one, whose address stops working at once.
    func replace() throws -> String {
        try cached.withLock { secret in
            let made = try Self.write(HTTPAccessToken.random(), to: file)
            secret = made
            return made
        }
    }

    /// Whether `candidate` is the secret, compared in constant time. False when there is no
    /// secret yet (the feed's address has never been shown) or its file cannot be read.
    func matches(_ candidate: String) -> Bool {
        let secret = cached.withLock { $0 } ?? (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let secret, Self.isWellFormed(secret) else { return false }
        return HTTPAccessToken.equals(candidate, secret)
    }

    /// 64 lower-case hex digits, as ``HTTPAccessToken/random(bytes:)`` makes them.
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Writes the secret to a new file readable by its owner only (created with mode 0600,
    /// never wider), then moves it over the old one, so a reader sees the old secret or the new.
    private static func write(_ secret: String, to file: URL) throws -> String {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(file, errno) }
        let bytes = Array((secret + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        let code = errno
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary.path, file.path) == 0 else {
            let failure = Self.failure(file, written == bytes.count && synced == 0 ? errno : code)
            unlink(temporary.path)
            throw failure
        }
        return secret
    }

    private static func failure(_ file: URL, _ code: Int32) -> HTTPError {
        HTTPError(
            status: 500, message: loc("The calendar's secret address could not be saved in {file}: {reason}. Nothing was changed.", ["file": file.path, "reason": String(cString: strerror(code))]))
    }
}
