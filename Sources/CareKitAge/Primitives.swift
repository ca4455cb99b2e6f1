import CSodium
import Foundation

/// libsodium's primitives as age uses them.
enum Primitives {
    static let ready: Bool = sodium_init() >= 0

    static func random(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    static func x25519Base(_ secret: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        _ = crypto_scalarmult_base(&output, secret)
        return output
    }

    /// X25519; nil for a point that gives the all-zero secret (libsodium refuses it).
    static func x25519(_ secret: [UInt8], _ point: [UInt8]) -> [UInt8]? {
        guard secret.count == 32, point.count == 32 else { return nil }
        var output = [UInt8](repeating: 0, count: 32)
        return crypto_scalarmult(&output, secret, point) == 0 ? output : nil
    }

    static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var state = crypto_auth_hmacsha256_state()
        var output = [UInt8](repeating: 0, count: 32)
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        _ = crypto_auth_hmacsha256_final(&state, &output)
        return output
    }

    /// HKDF-SHA-256 (RFC 5869) for one block of output, 32 bytes.
    static func hkdf(ikm: [UInt8], salt: [UInt8], info: String) -> [UInt8] {
        let key = hmac(key: salt.isEmpty ? [UInt8](repeating: 0, count: 32) : salt, ikm)
        return hmac(key: key, Array(info.utf8) + [1])
    }

    static func seal(key: [UInt8], nonce: [UInt8], _ plaintext: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: plaintext.count + 16)
        var length: UInt64 = 0
        _ = crypto_aead_chacha20poly1305_ietf_encrypt(&output, &length, plaintext, UInt64(plaintext.count), nil, 0, nil, nonce, key)
        return Array(output.prefix(Int(length)))
    }

    static func open(key: [UInt8], nonce: [UInt8], _ sealed: [UInt8]) -> [UInt8]? {
        guard sealed.count >= 16 else { return nil }
        var output = [UInt8](repeating: 0, count: sealed.count - 16)
        var length: UInt64 = 0
        guard crypto_aead_chacha20poly1305_ietf_decrypt(&output, &length, nil, sealed, UInt64(sealed.count), nil, 0, nonce, key) == 0 else { return nil }
        return Array(output.prefix(Int(length)))
    }

    /// scrypt with r = 8, p = 1, as age uses it; nil when the machine cannot (memory).
    static func scrypt(_ passphrase: String, salt: [UInt8], logN: Int) -> [UInt8]? {
        guard (1...30).contains(logN) else { return nil }
        let password = Array(passphrase.utf8)
        var output = [UInt8](repeating: 0, count: 32)
        let status = crypto_pwhash_scryptsalsa208sha256_ll(password, password.count, salt, salt.count, UInt64(1) << UInt64(logN), 8, 1, &output, 32)
        return status == 0 ? output : nil
    }
}

/// Base64 as age writes it: the standard alphabet without padding, canonical only.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    /// The body of a stanza: lines of 64 characters, the last one shorter (empty when the
    /// text is a multiple of 64), each ending in a newline.
    static func wrapped(_ bytes: [UInt8]) -> String {
        let text = Array(encode(bytes))
        var result = ""
        var start = 0
        repeat {
            let end = min(start + 64, text.count)
            result += String(text[start..<end]) + "\n"
            if end - start < 64 { return result }
            start = end
        } while true
    }

    static func decode(_ text: String) -> [UInt8]? {
        guard !text.contains("="), text.utf8.count % 4 != 1 else { return nil }
        let padded = text + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: padded) else { return nil }
        let bytes = [UInt8](data)
        // Canonical: the unused bits of the last character are zero.
        guard encode(bytes) == text else { return nil }
        return bytes
    }
}

/// Bech32 (BIP 173) for age's recipients and identities, without the 90-character limit.
enum Bech32 {
    static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")

    static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for index in 0..<5 where (top >> UInt32(index)) & 1 == 1 { check ^= generator[index] }
        }
        return check
    }

    static func expand(_ hrp: String) -> [UInt8] {
        let bytes = Array(hrp.utf8)
        return bytes.map { $0 >> 5 } + [0] + bytes.map { $0 & 31 }
    }

    /// Regroups bits: 8 to 5 (padding the end) or 5 to 8 (refusing non-zero padding).
    static func convert(_ values: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0, bits = 0
        var result: [UInt8] = []
        let maximum = (1 << to) - 1
        for value in values {
            guard Int(value) >> from == 0 else { return nil }
            accumulator = accumulator << from | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                result.append(UInt8((accumulator >> bits) & maximum))
            }
        }
        if pad {
            if bits > 0 { result.append(UInt8((accumulator << (to - bits)) & maximum)) }
        } else if bits >= from || (accumulator << (to - bits)) & maximum != 0 {
            return nil
        }
        return result
    }

    static func encode(hrp: String, _ data: [UInt8]) -> String {
        let values = convert(data, from: 8, to: 5, pad: true) ?? []
        let check = polymod(expand(hrp) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        let checksum = (0..<6).map { UInt8((check >> UInt32(5 * (5 - $0))) & 31) }
        return hrp + "1" + String((values + checksum).map { alphabet[Int($0)] })
    }

    /// The human-readable part (lower case) and the data; nil for anything malformed, mixed
    /// case included.
    static func decode(_ text: String) -> (String, [UInt8])? {
        guard text == text.lowercased() || text == text.uppercased() else { return nil }
        let lower = text.lowercased()
        guard let separator = lower.lastIndex(of: "1"), lower.utf8.count < 1_000 else { return nil }
        let hrp = String(lower[..<separator])
        let part = lower[lower.index(after: separator)...]
        guard !hrp.isEmpty, part.count >= 6, hrp.utf8.allSatisfy({ (33...126).contains($0) }) else { return nil }
        var values: [UInt8] = []
        for character in part {
            guard let index = alphabet.firstIndex(of: character) else { return nil }
            values.append(UInt8(index))
        }
        guard polymod(expand(hrp) + values) == 1, let data = convert(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else { return nil }
        return (hrp, data)
    }
}
