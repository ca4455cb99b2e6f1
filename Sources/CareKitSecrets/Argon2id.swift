import CSodium
import Foundation

/// Secrets people type (a clinician's password, the patient app's passcode), kept as Argon2id
/// hashes: libsodium's `crypto_pwhash_str`, whose string holds the salt and the limits it was
/// made with (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`), checked in constant time by
/// `crypto_pwhash_str_verify`. Hashing is costly by design (time and memory), so it runs on
/// threads of its own, two at most, never on Swift's cooperative pool.
public enum Argon2id {
    /// How costly a hash is: passes over memory, and the memory used.
    public struct Limits: Sendable, Hashable {
        public var operations: UInt64
        public var memory: Int

        /// libsodium's "moderate" limits (3 passes, 256 MiB): for a server's accounts.
        public static var moderate: Limits {
            Limits(operations: UInt64(crypto_pwhash_opslimit_moderate()), memory: crypto_pwhash_memlimit_moderate())
        }
        /// libsodium's "interactive" limits (2 passes, 64 MiB).
        public static var interactive: Limits {
            Limits(operations: UInt64(crypto_pwhash_opslimit_interactive()), memory: crypto_pwhash_memlimit_interactive())
        }
        /// The least libsodium allows (1 pass, 8 KiB): for tests only.
        public static var minimum: Limits {
            Limits(operations: UInt64(crypto_pwhash_opslimit_min()), memory: crypto_pwhash_memlimit_min())
        }

        public init(operations: UInt64, memory: Int) {
            self.operations = operations
            self.memory = memory
        }
    }

    /// How every hash made here begins.
    public static let prefix = "$argon2id$"

    /// The longest secret hashed, in UTF-8 bytes: longer ones are refused before any work.
    public static let maximumSecretBytes = 1_024

    private static let ready: Bool = sodium_init() >= 0

    /// The hash of `secret` to keep, or nil when libsodium cannot make it (no memory) or the
    /// secret is longer than ``maximumSecretBytes``.
    public static func hash(_ secret: String, limits: Limits) async -> String? {
        guard secret.utf8.count <= maximumSecretBytes else { return nil }
        return await offPool {
            guard ready else { return nil }
            var output = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
            let bytes = Array(secret.utf8CString.dropLast())
            guard crypto_pwhash_str_alg(&output, bytes, UInt64(bytes.count), limits.operations, limits.memory, crypto_pwhash_alg_argon2id13()) == 0 else {
                return nil
            }
            return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Whether `secret` is the one `hash` was made from (false for a hash that is not one, and
    /// for a secret longer than ``maximumSecretBytes``).
    public static func verify(_ secret: String, hash: String) async -> Bool {
        guard secret.utf8.count <= maximumSecretBytes, hash.hasPrefix(prefix) else { return false }
        return await offPool {
            guard ready else { return false }
            let bytes = Array(secret.utf8CString.dropLast())
            return hash.withCString { crypto_pwhash_str_verify($0, bytes, UInt64(bytes.count)) == 0 }
        }
    }

    /// At most two hashes at once: each may take hundreds of MiB, so a flood of attempts waits
    /// in line instead of exhausting the machine's memory.
    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "carekit.argon2id"
        queue.maxConcurrentOperationCount = 2
        queue.qualityOfService = .userInitiated
        return queue
    }()

    /// Runs CPU- and memory-heavy work on the queue's threads and resumes when it is done.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.addOperation { continuation.resume(returning: work()) }
        }
    }
}
