import CNettle
import Foundation

/// A time-based one-time password generator (RFC 6238) as authenticator apps use it:
/// HMAC-SHA-1 (from nettle), 6 digits, a new code every 30 seconds. The secret is shared with
/// the app once, through ``uri(issuer:account:)`` (or its QR code); each code then proves the
/// clinician holds the device.
package struct TOTP: Sendable, Equatable {
    /// The shared secret (20 random bytes when made by ``generate()``).
    package let secret: [UInt8]
    /// Digits per code.
    package let digits = 6
    /// Seconds each code lasts.
    package let period: Int64 = 30

    package init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new secret of 160 bits (RFC 4226's recommended length), or nil when the system's
    /// random source cannot be read.
    package static func generate() -> TOTP? {
        var bytes = [UInt8](repeating: 0, count: 20)
        guard bytes.withUnsafeMutableBytes({ getentropy($0.baseAddress, $0.count) }) == 0 else { return nil }
        return TOTP(secret: bytes)
    }

    /// The time step a moment falls in (seconds since 1970 divided by the period).
    package func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(period)).rounded(.down))
    }

    /// The code of a time step, with its leading zeros.
    package func code(step: Int64) -> String {
        var counter = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { counter[index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> (56 - 8 * UInt64(index))) }
        var context = hmac_sha1_ctx()
        var digest = [UInt8](repeating: 0, count: Int(SHA1_DIGEST_SIZE))
        secret.withUnsafeBufferPointer { nettle_hmac_sha1_set_key(&context, $0.count, $0.baseAddress) }
        counter.withUnsafeBufferPointer { nettle_hmac_sha1_update(&context, $0.count, $0.baseAddress) }
        digest.withUnsafeMutableBufferPointer { nettle_hmac_sha1_digest(&context, $0.count, $0.baseAddress) }
        // Dynamic truncation (RFC 4226 §5.3): 31 bits from the offset the last nibble names.
        let offset = Int(digest[digest.count - 1] & 0x0F)
        let bits = (UInt32(digest[offset] & 0x7F) << 24) | (UInt32(digest[offset + 1]) << 16) | (UInt32(digest[offset + 2]) << 8) | UInt32(digest[offset + 3])
        let value = bits % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The code shown at a moment.
    package func code(at date: Date) -> String {
        code(step: step(at: date))
    }

    /// The time step whose code `typed` is, within `window` steps either side of `date` (one
    /// step: a clock 30 s off, or a code typed as it changed), or nil. Spaces and dashes in
    /// what was typed are ignored; every candidate is compared in full, in constant time.
    package func matchingStep(_ typed: String, at date: Date, window: Int64 = 1) -> Int64? {
        let digitsTyped = typed.filter { $0 != " " && $0 != "-" }
        guard digitsTyped.count == digits, digitsTyped.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let now = step(at: date)
        var found: Int64?
        for candidate in (now - window)...(now + window) where Self.equal(code(step: candidate), digitsTyped) {
            found = found ?? candidate
        }
        return found
    }

    /// The `otpauth://` URI an authenticator app reads (Google Authenticator's key URI format):
    /// the label "issuer:account", the secret in Base32, and the parameters stated.
    package func uri(issuer: String, account: String) -> String {
        let label = Self.escaped(issuer) + ":" + Self.escaped(account)
        return "otpauth://totp/\(label)?secret=\(Base32.encode(secret))&issuer=\(Self.escaped(issuer))&algorithm=SHA1&digits=\(digits)&period=\(period)"
    }

    /// Percent-encoding of everything but unreserved characters (RFC 3986), so a space is %20.
    static func escaped(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// Whether two texts are equal, looking at every byte whatever the first difference.
    static func equal(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// Base32 (RFC 4648, upper case, without padding), the alphabet authenticator apps take
/// secrets in.
package enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                result.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { result.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The bytes of a Base32 text (case, spaces and padding ignored), or nil when it has
    /// another character.
    package static func decode(_ text: String) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: " ") && character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                result.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits - 8)))
                bits -= 8
            }
        }
        return result
    }
}
