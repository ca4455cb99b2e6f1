import CSodium
import CareKitSecrets
import Foundation

/// Device tokens: 256 random bits, shown once as 64 hex digits; the server keeps only a hash
/// (BLAKE2b-256, libsodium's `crypto_generichash`). A token is a key, not a password: with 256
/// random bits a fast hash is enough, and a stolen database reveals no token.
public enum DeviceToken {
    private static let ready: Bool = sodium_init() >= 0

    /// A new token, or nil when the system's random source cannot be used.
    public static func generate() -> String? {
        guard ready else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, bytes.count)
        return _Hex.string(bytes)
    }

    /// The hash the server stores and looks tokens up by.
    public static func hash(_ token: String) -> Data {
        Data(SecretDigest.blake2b(token))
    }

    /// Whether `text` has the form of a token (64 lowercase hex digits), checked before any
    /// lookup.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
