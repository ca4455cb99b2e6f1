import CSodium
import Foundation

/// Clinicians' passwords: hashed with Argon2id (libsodium's `crypto_pwhash_str`, with its
/// salt and limits in the hash), checked in constant time by `crypto_pwhash_str_verify`.
/// Hashing takes about a second and hundreds of MiB by design, so it runs on threads of its
/// own (two at most), never on Swift's cooperative pool.
public enum ClinicianPassword {
    /// How costly a hash is.
    public struct Limits: Sendable, Hashable {
        public var operations: UInt64
        public var memory: Int

        /// libsodium's "moderate" limits (3 passes, 256 MiB): for the server's accounts.
        public static var moderate: Limits {
            Limits(operations: UInt64(crypto_pwhash_opslimit_moderate()), memory: crypto_pwhash_memlimit_moderate())
        }
        /// The least libsodium allows: for tests only.
        public static var minimum: Limits {
            Limits(operations: UInt64(crypto_pwhash_opslimit_min()), memory: crypto_pwhash_memlimit_min())
        }

        public init(operations: UInt64, memory: Int) {
            self.operations = operations
            self.memory = memory
        }
    }

    /// The shortest password accepted.
    public static let minimumLength = 12

    private static let ready: Bool = sodium_init() >= 0

    /// Why a password was not taken, in words.
    public static func problem(with password: String) -> String? {
        if password.count < minimumLength { return "A clinician's password must be at least \(minimumLength) characters long." }
        if password.utf8.count > 1_024 { return "A password must be at most 1,024 bytes long." }
        return nil
    }

    /// The hash of a password to store, or nil when libsodium cannot run (no memory).
    public static func hash(_ password: String, limits: Limits) async -> String? {
        await offPool {
            guard ready else { return nil }
            var output = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
            let bytes = Array(password.utf8CString.dropLast())
            guard crypto_pwhash_str_alg(&output, bytes, UInt64(bytes.count), limits.operations, limits.memory, crypto_pwhash_alg_argon2id13()) == 0 else {
                return nil
            }
            return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Whether `password` is the one `hash` was made from.
    public static func verify(_ password: String, hash: String) async -> Bool {
        await offPool {
            guard ready else { return false }
            let bytes = Array(password.utf8CString.dropLast())
            return hash.withCString { crypto_pwhash_str_verify($0, bytes, UInt64(bytes.count)) == 0 }
        }
    }

    /// At most two hashes at once: each takes hundreds of MiB, so a flood of sign-ins from many
    /// addresses waits in line instead of exhausting the server's memory.
    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "carekit.clinician-password"
        queue.maxConcurrentOperationCount = 2
        queue.qualityOfService = .userInitiated
        return queue
    }()

    /// Runs CPU- and memory-heavy work on the password queue's threads (never Swift's
    /// cooperative pool) and resumes when it is done.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.addOperation { continuation.resume(returning: work()) }
        }
    }
}
