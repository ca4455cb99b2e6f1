import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitAge

/// The age format as `age` (Debian's, the reference implementation) reads and writes it: it
/// decrypts ours, we decrypt its, for X25519 keys and passphrases; every change and cut is
/// refused.
@Suite("age files")
struct AgeFileTests {
    static let sizes = [0, 1, 65_535, 65_536, 65_537, 200_000]

    /// `printf 'made by age 1.1.1 -p' | age -p`, the passphrase "correct horse battery staple".
    static let ageWithPassphrase =
        "YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IHNjcnlwdCArekliYmpSUmVoRVJvbkRaLzkzdG9BIDE4CnpvTllPK1VHSHMwNjFSS0lWTStGWk5xNEFINS9sZGpWNi9rdlgxZmk0em8KLS0tIHl3QzNvVjJPYmJab1VuYjhOU21wS2pETUxGaFh6RG5idTZMaEx2dE51dU0K"
        + "azZZ/iYbZqw8Vo0vA/b/3YCBJ4ff0hzOz74lotL01wXtQV6kIYN4DevOiUvbNGcOzTMRuA=="

    static func sample(_ count: Int) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }) }

    /// Runs a program; its output, or the failure.
    static func run(_ program: String, _ arguments: [String], input: Data = Data()) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input); try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(program) \(arguments.joined(separator: " ")): \(String(decoding: errors, as: UTF8.self))")
        }
        return output
    }

    struct Failed: Error, CustomStringConvertible { var description: String }

    static func requireAge() throws -> (age: String, keygen: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/age"), FileManager.default.isExecutableFile(atPath: "/usr/bin/age-keygen") else {
            throw Failed(description: "Debian's age is not installed (scripts/install-deps --test installs it).")
        }
        return ("/usr/bin/age", "/usr/bin/age-keygen")
    }

    @Test("Round trips to X25519 keys and a passphrase, at chunk edges")
    func roundTrips() throws {
        let (identity, recipient) = AgeFile.Identity.generate()
        let key = try #require(AgeFile.Recipient(recipient))
        for size in Self.sizes {
            let plaintext = Self.sample(size)
            let sealed = try AgeFile.encrypt(plaintext, to: [key])
            #expect(AgeFile.isAgeFile(sealed))
            #expect(try AgeFile.decrypt(sealed, with: [identity]) == plaintext, "\(size) bytes")
        }
        let locked = try AgeFile.encrypt(Self.sample(70_000), to: [.scrypt(passphrase: "correct horse battery staple", workFactor: 10)])
        #expect(try AgeFile.decrypt(locked, with: [.passphrase("correct horse battery staple")]) == Self.sample(70_000))
        #expect(throws: AgeFile.Failure.wrongPassphrase) { try AgeFile.decrypt(locked, with: [.passphrase("wrong horse")]) }
        #expect(throws: AgeFile.Failure.noMatchingIdentity) { try AgeFile.decrypt(try AgeFile.encrypt(Data([1]), to: [key]), with: [AgeFile.Identity.generate().identity]) }
        #expect(throws: AgeFile.Failure.scryptWithOthers) { try AgeFile.encrypt(Data(), to: [key, .scrypt(passphrase: "x", workFactor: 10)]) }
    }

    @Test("scrypt gives what OpenSSL's scrypt gives (r = 8, p = 1), the key age derives from a passphrase")
    func scryptKnownAnswer() throws {
        let key = try #require(Primitives.scrypt("correct horse battery staple", salt: Array("age-encryption.org/v1/scrypt".utf8) + Array(0..<16), logN: 10))
        #expect(key.map { String(format: "%02x", $0) }.joined() == "39c53f3f8d2ecada70aa0eac1cb082d1666f41caa7734470ad19c5706e719ec6")
    }

    @Test("A changed header, a changed payload byte, a cut and a file that is not age are each refused")
    func tampering() throws {
        let (identity, recipient) = AgeFile.Identity.generate()
        let key = try #require(AgeFile.Recipient(recipient))
        let sealed = try AgeFile.encrypt(Self.sample(150_000), to: [key])
        var payload = sealed
        payload[payload.count - 100] ^= 1
        #expect(throws: AgeFile.Failure.payloadTampered) { try AgeFile.decrypt(payload, with: [identity]) }
        // Cut after the second chunk: what is left opens as chunks, but none of them as the last.
        let headerLength = try #require(sealed.firstRange(of: Data("\n".utf8), in: (sealed.firstRange(of: Data("--- ".utf8))?.upperBound ?? 0)..<sealed.count)).upperBound
        let cut = sealed.prefix(headerLength + 16 + 2 * (65_536 + 16))
        #expect(throws: AgeFile.Failure.truncated) { try AgeFile.decrypt(Data(cut), with: [identity]) }
        let two = try AgeFile.encrypt(Data(), to: [key, try #require(AgeFile.Recipient(AgeFile.Identity.generate().recipient))])
        let text = String(decoding: two, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The second stanza removed: the header's MAC no longer matches.
        let withoutSecond = (lines[0...2] + lines[5...]).joined(separator: "\n")
        #expect(throws: AgeFile.Failure.headerTampered) { try AgeFile.decrypt(Data(withoutSecond.utf8), with: [identity]) }
        #expect(throws: AgeFile.Failure.notAgeFile) { try AgeFile.decrypt(Data("{\"format\":\"carekit-export\"}".utf8), with: [identity]) }
        #expect(AgeFile.Recipient("age1notarecipient") == nil)
        #expect(throws: AgeFile.Failure.notAnIdentity) { try AgeFile.Identity.parse(file: "# nothing here\n") }
    }

    @Test("Debian's age decrypts what we encrypt to its key, and we decrypt what it encrypts to ours")
    func interoperatesWithAge() throws {
        let (age, keygen) = try Self.requireAge()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let keyFile = directory.file("key.txt").path
        _ = try Self.run(keygen, ["-o", keyFile])
        let keyText = try String(contentsOfFile: keyFile, encoding: .utf8)
        let recipientLine = try #require(keyText.split(separator: "\n").first { $0.hasPrefix("# public key: ") })
        let theirRecipient = try #require(AgeFile.Recipient(String(recipientLine.dropFirst("# public key: ".count))))
        let ourIdentities = try AgeFile.Identity.parse(file: keyText)
        for size in [0, 65_536, 200_000] {
            let plaintext = Self.sample(size)
            let ours = directory.file("ours-\(size).age").path
            try AgeFile.encrypt(plaintext, to: [theirRecipient]).write(to: URL(fileURLWithPath: ours))
            #expect(try Self.run(age, ["-d", "-i", keyFile, ours]) == plaintext, "age read our \(size) bytes")
            let theirs = try Self.run(age, ["-e", "-i", keyFile], input: plaintext)
            #expect(try AgeFile.decrypt(theirs, with: ourIdentities) == plaintext, "we read age's \(size) bytes")
        }
        // Our key, their encryption, to two recipients.
        let (identity, recipient) = AgeFile.Identity.generate()
        let other = try Self.run(age, ["-e", "-r", recipient, "-i", keyFile], input: Data("to two".utf8))
        #expect(try AgeFile.decrypt(other, with: [identity]) == Data("to two".utf8))
        #expect(identity.text?.hasPrefix("AGE-SECRET-KEY-1") == true)
        try Data((identity.text! + "\n").utf8).write(to: URL(fileURLWithPath: directory.file("ours.txt").path))
        let forAge = try AgeFile.encrypt(Data("ours".utf8), to: [try #require(AgeFile.Recipient(recipient))])
        #expect(try Self.run(age, ["-d", "-i", directory.file("ours.txt").path], input: forAge) == Data("ours".utf8))
    }

    @Test("Debian's age opens our passphrase file (the passphrase typed at a terminal, a pty), and we open one it wrote")
    func passphrasesInteroperate() throws {
        let (age, _) = try Self.requireAge()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let passphrase = "correct horse battery staple"
        // age reads a passphrase only from a terminal: a small pty driver types it.
        let driver = directory.file("type.py").path
        try Data(
            """
            import os, pty, sys
            passphrase, output, program = sys.argv[1], sys.argv[2], sys.argv[3:]
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(program[0], program)
            seen = b""
            while True:
                try:
                    chunk = os.read(fd, 1024)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                while b"passphrase" in seen.lower():
                    os.write(fd, passphrase.encode() + b"\\n")
                    seen = seen.lower().split(b"passphrase", 1)[1]
            _, status = os.waitpid(pid, 0)
            sys.exit(os.waitstatus_to_exitcode(status))
            """.utf8
        ).write(to: URL(fileURLWithPath: driver))
        let ours = directory.file("ours.age").path
        try AgeFile.encrypt(Data("by passphrase".utf8), to: [.scrypt(passphrase: passphrase, workFactor: 12)]).write(to: URL(fileURLWithPath: ours))
        let clear = directory.file("clear.txt").path
        _ = try Self.run("/usr/bin/python3", [driver, passphrase, clear, age, "-d", "-o", clear, ours])
        #expect(try Data(contentsOf: URL(fileURLWithPath: clear)) == Data("by passphrase".utf8))

        // The other way, a file `age -p` wrote (work factor 18, as age always uses): letting age
        // write one here would cost the suite seconds of scrypt more.
        let theirs = try #require(Data(base64Encoded: Self.ageWithPassphrase))
        #expect(try AgeFile.decrypt(theirs, with: [.passphrase(passphrase)]) == Data("made by age 1.1.1 -p".utf8))
        #expect(throws: AgeFile.Failure.workFactorTooHigh) { try AgeFile.decrypt(theirs, with: [.passphrase(passphrase)], maximumWorkFactor: 16) }
    }
}
