/// Secrets that let a client in: made at random, checked for strength, compared in constant time.
public enum HTTPAccessToken {
    /// A random token: `bytes` random bytes (32 by default, 256 bits) as lower-case hex.
    public static func random(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(max(0, bytes) * 2)
        // Eight random bytes a draw (one system call each, not one per byte).
        var word: UInt64 = 0
        for index in 0..<max(0, bytes) {
            if index % 8 == 0 { word = generator.next() }
            let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Checks that a token chosen by a person is hard to guess and survives the link, cookie
    /// or header that carries it: at least 16 characters, only letters, digits and `-._~`, at
    /// least 6 different ones. The error names the token (`name`) and says the rule.
    public static func validate(_ token: String, name: String = "An access token") throws(HTTPSetupError) {
        let allowed = token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~".utf8).contains(byte)
        }
        guard token.utf8.count >= 16, allowed, Set(token.utf8).count >= 6 else {
            throw HTTPSetupError(
                """
                \(name) must be at least 16 characters long, use only letters, digits and - . _ ~ \
                (it travels in a link and a cookie), and have at least 6 different characters: it is all that \
                stands between the network and your health data. Make one with: openssl rand -hex 32
                """)
        }
    }

    /// Compares secrets in time independent of where they differ.
    public static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
