/// 64-bit FNV-1a: a short fingerprint of content, the same in every run and process (Swift's
/// `Hasher` is seeded per process), for ids derived from content (a chart's SVG definitions) and
/// the fingerprints in asset addresses. Not a defence against anyone choosing the content.
package struct FNV1a {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// Adds a string, and a separator byte that UTF-8 never holds, so that ("ab", "c") and ("a", "bc") differ.
    package mutating func combine(_ string: String) {
        for byte in string.utf8 { combineByte(byte) }
        combineByte(0xFF)
    }

    /// Adds a number's eight bytes, least significant first.
    package mutating func combine(_ number: UInt64) {
        var n = number
        for _ in 0..<8 {
            combineByte(UInt8(n & 0xFF))
            n >>= 8
        }
    }

    private mutating func combineByte(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    /// The value as 16 hex digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension FNV1a {
    /// The fingerprint of one string, as 16 hex digits.
    package static func hex(of text: String) -> String {
        var hasher = FNV1a()
        hasher.combine(text)
        return hasher.hex
    }
}
