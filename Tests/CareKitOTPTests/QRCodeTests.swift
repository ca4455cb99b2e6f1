import CareKitOTP
import CareKitTestSupport
import Foundation
import Testing

/// The QR codes are read back by someone else's reader: the SVG is rendered by librsvg's
/// `rsvg-convert` and decoded by ZBar's `zbarimg` (both Debian packages), so a wrong table, mask
/// or placement shows as a code no phone could scan.
@Suite("QR code: what an authenticator app scans")
struct QRCodeTests {
    struct Failed: Error, CustomStringConvertible { var description: String }

    static func tool(_ name: String) throws -> String {
        let path = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failed(description: "\(name) is not installed (scripts/install-deps --test installs zbar-tools and librsvg2-bin).")
        }
        return path
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// What ZBar reads from the code's SVG, rendered to a PNG.
    static func decode(_ code: QRCode) throws -> String {
        let folder = TestFolders.make("qr")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("code.svg")
        let png = folder.appendingPathComponent("code.png")
        try Data(code.svg(label: "code", moduleSize: 4).utf8).write(to: svg)
        let rendered = try run(try tool("rsvg-convert"), ["-o", png.path, svg.path])
        guard rendered.status == 0 else { throw Failed(description: "rsvg-convert could not render the SVG") }
        let read = try run(try tool("zbarimg"), ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", png.path])
        guard read.status == 0 else { throw Failed(description: "zbarimg found no QR code (version \(code.version), mask \(code.mask))") }
        return read.output.hasSuffix("\n") ? String(read.output.dropLast()) : read.output
    }

    /// A printable text of a length, different at every position, with characters a URI carries.
    static func text(_ length: Int, seed: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/?&=%.-_@")
        return String((0..<length).map { alphabet[($0 &* 7 &+ seed &* 13 &+ $0 / 5) % alphabet.count] })
    }

    @Test("Byte capacities match the standard's table at versions 1, 7, 10, 25 and 40")
    func capacities() {
        let expected: [(Int, QRCode.ErrorCorrection, Int)] = [
            (1, .low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7),
            (7, .low, 154), (7, .medium, 122), (7, .quartile, 86), (7, .high, 64),
            (10, .low, 271), (10, .medium, 213), (10, .quartile, 151), (10, .high, 119),
            (25, .low, 1273), (25, .medium, 997), (25, .quartile, 715), (25, .high, 535),
            (40, .low, 2953), (40, .medium, 2331), (40, .quartile, 1663), (40, .high, 1273)
        ]
        for (version, level, bytes) in expected {
            #expect(QRCode.byteCapacity(version: version, correction: level) == bytes, "version \(version) \(level)")
        }
    }

    @Test("Every version 1–40 is read back by ZBar, each filled to its last byte, the level turning with the version")
    func everyVersion() throws {
        let levels = QRCode.ErrorCorrection.allCases
        for version in 1...40 {
            let level = levels[version % levels.count]
            let text = Self.text(QRCode.byteCapacity(version: version, correction: level), seed: version)
            let code = try QRCode(text: text, correction: level)
            #expect(code.version == version, "the smallest version that holds the text")
            #expect(code.size == 17 + 4 * version)
            #expect(try Self.decode(code) == text, "version \(version) \(level)")
        }
    }

    @Test("Each of the four levels is read back at versions 1, 6, 7 and 40; one byte more takes the next version")
    func levels() throws {
        for level in QRCode.ErrorCorrection.allCases {
            for version in [1, 6, 7, 40] {
                let capacity = QRCode.byteCapacity(version: version, correction: level)
                let text = Self.text(capacity, seed: version + 100)
                #expect(try Self.decode(try QRCode(text: text, correction: level)) == text, "version \(version) \(level)")
                if version < 40 { #expect(try QRCode(text: text + "x", correction: level).version == version + 1) }
            }
        }
    }

    @Test("Every mask is used by some text and each reads back (a wrong mask pattern would not)")
    func masks() throws {
        var seen: Set<Int> = []
        var seed = 0
        while seen.count < 8, seed < 400 {
            let text = Self.text(20 + seed % 9, seed: seed)
            let code = try QRCode(text: text, correction: .medium)
            if seen.insert(code.mask).inserted { #expect(try Self.decode(code) == text, "mask \(code.mask)") }
            seed += 1
        }
        #expect(seen.count == 8)
    }

    @Test("An authenticator app's URI, as the enrollment page shows it, reads back exactly")
    func otpauthURI() throws {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        let uri = totp.uri(issuer: "CareKit care team", account: "dr.müller+oncall@clinic.example")
        #expect(try Self.decode(try QRCode(text: uri)) == uri)
    }

    @Test("A text longer than version 40 holds is refused with its size, and the label cannot break out of the SVG")
    func limits() throws {
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 2332, capacity: 2331)) {
            try QRCode(text: String(repeating: "a", count: 2332), correction: .medium)
        }
        #expect(throws: Never.self) { try QRCode(text: "") }
        let svg = try QRCode(text: "x").svg(label: "\"><script>alert(1)</script>")
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&quot;&gt;&lt;script&gt;"))
    }
}
