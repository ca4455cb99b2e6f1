import CSodium

/// The digest a server keeps of a random key it handed out (a device token, a browser's
/// unlock cookie) instead of the key: BLAKE2b-256, libsodium's `crypto_generichash`. A key of
/// 256 random bits needs no slow hash; a copy of the digests (a database, a memory dump)
/// reveals no key.
public enum SecretDigest {
    private static let ready: Bool = sodium_init() >= 0

    /// The 32-byte BLAKE2b digest of `key`'s UTF-8 bytes.
    public static func blake2b(_ key: String) -> [UInt8] {
        _ = ready
        let input = Array(key.utf8)
        var output = [UInt8](repeating: 0, count: 32)
        _ = crypto_generichash(&output, output.count, input, UInt64(input.count), nil, 0)
        return output
    }
}
