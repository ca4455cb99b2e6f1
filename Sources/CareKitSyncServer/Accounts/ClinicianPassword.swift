import CareKitSecrets

/// Clinicians' passwords: hashed with Argon2id (CareKitSecrets' ``Argon2id``: libsodium's
/// `crypto_pwhash_str`, with its salt and limits in the hash), checked in constant time.
/// Hashing takes about a second and hundreds of MiB by design, so it runs on threads of its
/// own (two at most), never on Swift's cooperative pool.
public enum ClinicianPassword {
    /// How costly a hash is (``Argon2id/Limits``: `.moderate` for the server's accounts,
    /// `.minimum` for tests).
    public typealias Limits = Argon2id.Limits

    /// The shortest password accepted.
    public static let minimumLength = 12

    /// Why a password was not taken, in words.
    public static func problem(with password: String) -> String? {
        if password.count < minimumLength { return "A clinician's password must be at least \(minimumLength) characters long." }
        if password.utf8.count > Argon2id.maximumSecretBytes { return "A password must be at most 1,024 bytes long." }
        return nil
    }

    /// The hash of a password to store, or nil when libsodium cannot run (no memory).
    public static func hash(_ password: String, limits: Limits) async -> String? {
        await Argon2id.hash(password, limits: limits)
    }

    /// Whether `password` is the one `hash` was made from.
    public static func verify(_ password: String, hash: String) async -> Bool {
        await Argon2id.verify(password, hash: hash)
    }
}
