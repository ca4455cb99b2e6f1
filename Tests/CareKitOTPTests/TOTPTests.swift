import CareKitOTP
import Foundation
import Testing

@Suite("TOTP: the codes an authenticator app shows")
struct TOTPTests {
    /// RFC 6238's own secret for its SHA-1 test vectors.
    static let rfc = TOTP(secret: Array("12345678901234567890".utf8))

    /// RFC 6238 Appendix B (SHA-1): the last six of its eight-digit codes, at its moments.
    @Test(
        "RFC 6238's SHA-1 test vectors, six digits",
        arguments: [
            (59.0, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"), (2_000_000_000, "279037"),
            (20_000_000_000, "353130")
        ])
    func rfcVectors(seconds: Double, code: String) {
        #expect(Self.rfc.code(at: Date(timeIntervalSince1970: seconds)) == code)
    }

    @Test("A code is accepted 30 s either side of its moment, not 60 s; what is not six digits never is")
    func window() {
        let moment = Date(timeIntervalSince1970: 1_234_567_890)
        let code = Self.rfc.code(at: moment)
        let step = Self.rfc.step(at: moment)
        #expect(Self.rfc.matchingStep(code, at: moment) == step)
        #expect(Self.rfc.matchingStep(code, at: moment.addingTimeInterval(30)) == step, "a phone 30 s behind")
        #expect(Self.rfc.matchingStep(code, at: moment.addingTimeInterval(-30)) == step, "a phone 30 s ahead")
        #expect(Self.rfc.matchingStep(code, at: moment.addingTimeInterval(61)) == nil)
        #expect(Self.rfc.matchingStep("005 924", at: moment) == step, "spaces as apps show them are ignored")
        for typed in ["", "00592", "0059245", "٠٠٥٩٢٤", "00592a", "+05924"] { #expect(Self.rfc.matchingStep(typed, at: moment) == nil, "\(typed)") }
    }

    @Test("The otpauth URI names issuer and account, escaped, with the Base32 secret and the parameters apps need")
    func uri() {
        let totp = TOTP(secret: [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x21, 0xDE, 0xAD, 0xBE, 0xEF])
        #expect(
            totp.uri(issuer: "CareKit Clinic", account: "grace@clinic.example")
                == "otpauth://totp/CareKit%20Clinic:grace%40clinic.example?secret=JBSWY3DPEHPK3PXP&issuer=CareKit%20Clinic&algorithm=SHA1&digits=6&period=30")
        #expect(totp.uri(issuer: "A&B?", account: "x:y").hasPrefix("otpauth://totp/A%26B%3F:x%3Ay?"))
    }

    @Test("Base32 round-trips every length; RFC 4648's vectors; other characters are refused")
    func base32() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB", "foobar": "MZXW6YTBOI"]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
        }
        for length in 0..<41 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base32.decode(Base32.encode(bytes)) == bytes)
        }
        #expect(Base32.decode("mzxw 6ytb oi==") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW1") == nil)
    }

    @Test("Generated secrets are 20 bytes and differ")
    func generated() throws {
        let first = try #require(TOTP.generate())
        let second = try #require(TOTP.generate())
        #expect(first.secret.count == 20 && first != second)
    }
}
