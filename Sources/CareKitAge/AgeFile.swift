import CSodium
import Foundation

/// Files in the age format (age-encryption.org/v1), as `age` and `rage` read and write them:
/// a header with one stanza per recipient (X25519 public keys, or one scrypt passphrase) that
/// wraps a random 128-bit file key, the header's HMAC-SHA-256, then the payload in 64 KiB
/// ChaCha20-Poly1305 chunks. Every primitive comes from libsodium; HKDF-SHA-256 is built from
/// its HMAC-SHA-256.
package enum AgeFile {
    /// Who can open a file.
    package enum Recipient: Hashable, Sendable {
        /// An X25519 public key (`age1…`).
        case x25519(publicKey: [UInt8])
        /// A passphrase, through scrypt with 2^`workFactor` iterations (age's default is 18).
        case scrypt(passphrase: String, workFactor: Int)

        /// An `age1…` recipient as `age-keygen` prints it, or nil.
        package init?(_ text: String) {
            guard let (hrp, data) = Bech32.decode(text.trimmingCharacters(in: .whitespaces)), hrp == "age", data.count == 32 else { return nil }
            self = .x25519(publicKey: data)
        }
    }

    /// What opens a file.
    package enum Identity: Hashable, Sendable {
        /// An X25519 secret key (`AGE-SECRET-KEY-1…`).
        case x25519(secretKey: [UInt8])
        case passphrase(String)

        /// The identities of an identity file (`age-keygen`'s output): one `AGE-SECRET-KEY-1…`
        /// a line, `#` comments and blank lines skipped.
        package static func parse(file text: String) throws(Failure) -> [Identity] {
            var identities: [Identity] = []
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                guard let (hrp, data) = Bech32.decode(trimmed), hrp == "age-secret-key-", data.count == 32 else {
                    throw Failure.notAnIdentity
                }
                identities.append(.x25519(secretKey: data))
            }
            guard !identities.isEmpty else { throw Failure.notAnIdentity }
            return identities
        }

        /// A new X25519 identity and its recipient.
        package static func generate() -> (identity: Identity, recipient: String) {
            var secret = [UInt8](repeating: 0, count: 32)
            randombytes_buf(&secret, 32)
            return (.x25519(secretKey: secret), Bech32.encode(hrp: "age", Primitives.x25519Base(secret)))
        }

        /// `AGE-SECRET-KEY-1…`, for an X25519 identity.
        package var text: String? {
            guard case .x25519(let secret) = self else { return nil }
            return Bech32.encode(hrp: "age-secret-key-", secret).uppercased()
        }
    }

    /// Why a file could not be written or read, in words for the command line.
    package enum Failure: Error, Hashable, Sendable {
        case notAgeFile
        case malformedHeader
        case noMatchingIdentity
        case wrongPassphrase
        case headerTampered
        case payloadTampered
        case truncated
        case notAnIdentity
        case scryptWithOthers
        case workFactorTooHigh
        case randomUnavailable
    }

    static let intro = "age-encryption.org/v1\n"
    static let chunkSize = 64 * 1024

    /// Whether `data` starts like an age file (binary; the armored form is not written here).
    package static func isAgeFile(_ data: Data) -> Bool { data.starts(with: Data(intro.utf8)) }

    // MARK: Writing

    /// `plaintext` encrypted to every recipient. A passphrase must be the only recipient, as age
    /// requires.
    package static func encrypt(_ plaintext: Data, to recipients: [Recipient]) throws(Failure) -> Data {
        guard Primitives.ready else { throw .randomUnavailable }
        if recipients.count > 1 && recipients.contains(where: { if case .scrypt = $0 { true } else { false } }) { throw .scryptWithOthers }
        let fileKey = Primitives.random(16)
        var header = intro
        for recipient in recipients {
            switch recipient {
            case .x25519(let publicKey):
                let ephemeral = Primitives.random(32)
                let share = Primitives.x25519Base(ephemeral)
                guard let shared = Primitives.x25519(ephemeral, publicKey) else { throw .malformedHeader }
                let key = Primitives.hkdf(ikm: shared, salt: share + publicKey, info: "age-encryption.org/v1/X25519")
                header += "-> X25519 \(Base64.encode(share))\n" + Base64.wrapped(Primitives.seal(key: key, nonce: [UInt8](repeating: 0, count: 12), fileKey))
            case .scrypt(let passphrase, let workFactor):
                let salt = Primitives.random(16)
                guard let key = Primitives.scrypt(passphrase, salt: Array("age-encryption.org/v1/scrypt".utf8) + salt, logN: workFactor) else { throw .workFactorTooHigh }
                header += "-> scrypt \(Base64.encode(salt)) \(workFactor)\n" + Base64.wrapped(Primitives.seal(key: key, nonce: [UInt8](repeating: 0, count: 12), fileKey))
            }
        }
        header += "---"
        let mac = Primitives.hmac(key: Primitives.hkdf(ikm: fileKey, salt: [], info: "header"), Array(header.utf8))
        var output = Data((header + " " + Base64.encode(mac) + "\n").utf8)
        let nonce = Primitives.random(16)
        output.append(contentsOf: nonce)
        let payloadKey = Primitives.hkdf(ikm: fileKey, salt: nonce, info: "payload")
        let bytes = [UInt8](plaintext)
        var counter: UInt64 = 0
        var start = 0
        repeat {
            let end = min(start + chunkSize, bytes.count)
            let last = end == bytes.count
            output.append(contentsOf: Primitives.seal(key: payloadKey, nonce: chunkNonce(counter, last: last), Array(bytes[start..<end])))
            counter += 1
            start = end
        } while start < bytes.count
        return output
    }

    static func chunkNonce(_ counter: UInt64, last: Bool) -> [UInt8] {
        [0, 0, 0] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: counter >> (8 * UInt64($0))) } + [last ? 1 : 0]
    }

    // MARK: Reading

    /// The plaintext of an age file that one of `identities` opens. Any change to the header
    /// or the payload, and any cut, is refused.
    package static func decrypt(_ file: Data, with identities: [Identity], maximumWorkFactor: Int = 22) throws(Failure) -> Data {
        guard Primitives.ready else { throw .randomUnavailable }
        let bytes = [UInt8](file)
        guard file.starts(with: Data(intro.utf8)) else { throw .notAgeFile }
        // The header: lines up to "--- MAC".
        var lines: [String] = []
        var position = 0
        var macLine: String?
        while position < bytes.count {
            guard let newline = bytes[position...].firstIndex(of: 0x0A) else { throw .malformedHeader }
            guard let line = String(bytes: bytes[position..<newline], encoding: .utf8) else { throw .malformedHeader }
            position = newline + 1
            if line.hasPrefix("--- ") {
                macLine = line
                break
            }
            lines.append(line)
            guard lines.count < 10_000 else { throw .malformedHeader }
        }
        guard let macLine, lines.first == "age-encryption.org/v1" else { throw .malformedHeader }
        let stanzas = try parseStanzas(lines.dropFirst())
        let hasScrypt = stanzas.contains { $0.type == "scrypt" }
        if hasScrypt && stanzas.count != 1 { throw .malformedHeader }
        var fileKey: [UInt8]?
        var passphraseTried = false
        search: for identity in identities {
            for stanza in stanzas {
                switch (identity, stanza.type) {
                case (.x25519(let secret), "X25519"):
                    guard stanza.arguments.count == 1, let share = Base64.decode(stanza.arguments[0]), share.count == 32, stanza.body.count == 32 else {
                        throw .malformedHeader
                    }
                    let recipient = Primitives.x25519Base(secret)
                    guard let shared = Primitives.x25519(secret, share) else { throw .malformedHeader }
                    let key = Primitives.hkdf(ikm: shared, salt: share + recipient, info: "age-encryption.org/v1/X25519")
                    if let opened = Primitives.open(key: key, nonce: [UInt8](repeating: 0, count: 12), stanza.body) {
                        fileKey = opened
                        break search
                    }
                case (.passphrase(let passphrase), "scrypt"):
                    guard stanza.arguments.count == 2, let salt = Base64.decode(stanza.arguments[0]), salt.count == 16,
                        let logN = Int(stanza.arguments[1]), String(logN) == stanza.arguments[1], logN > 0, stanza.body.count == 32
                    else { throw .malformedHeader }
                    guard logN <= maximumWorkFactor else { throw .workFactorTooHigh }
                    passphraseTried = true
                    guard let key = Primitives.scrypt(passphrase, salt: Array("age-encryption.org/v1/scrypt".utf8) + salt, logN: logN) else {
                        throw .workFactorTooHigh
                    }
                    if let opened = Primitives.open(key: key, nonce: [UInt8](repeating: 0, count: 12), stanza.body) {
                        fileKey = opened
                        break search
                    }
                default: continue
                }
            }
        }
        guard let fileKey, fileKey.count == 16 else { throw passphraseTried ? .wrongPassphrase : .noMatchingIdentity }
        let headerText = Array((lines.joined(separator: "\n") + "\n---").utf8)
        let expected = Primitives.hmac(key: Primitives.hkdf(ikm: fileKey, salt: [], info: "header"), headerText)
        guard let mac = Base64.decode(String(macLine.dropFirst(4))), sodium_memcmp(mac, expected, 32) == 0, mac.count == 32 else { throw .headerTampered }
        guard bytes.count >= position + 16 else { throw .truncated }
        let nonce = Array(bytes[position..<position + 16])
        position += 16
        let payloadKey = Primitives.hkdf(ikm: fileKey, salt: nonce, info: "payload")
        var plaintext = Data()
        var counter: UInt64 = 0
        let sealedChunk = chunkSize + 16
        repeat {
            let end = min(position + sealedChunk, bytes.count)
            let last = end == bytes.count
            let chunk = Array(bytes[position..<end])
            guard chunk.count >= 16 else { throw .truncated }
            guard let opened = Primitives.open(key: payloadKey, nonce: chunkNonce(counter, last: last), chunk) else {
                // A full chunk at the end that does not open as the last one: the file was cut.
                throw last && chunk.count == sealedChunk ? .truncated : .payloadTampered
            }
            if last && opened.isEmpty && counter > 0 { throw .payloadTampered }
            plaintext.append(contentsOf: opened)
            counter += 1
            position = end
        } while position < bytes.count
        return plaintext
    }

    struct Stanza {
        var type: String
        var arguments: [String]
        var body: [UInt8]
    }

    /// The stanzas: `-> TYPE ARGS…` then base64 lines of 64 characters, the last one shorter.
    static func parseStanzas(_ lines: ArraySlice<String>) throws(Failure) -> [Stanza] {
        var stanzas: [Stanza] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            let words = lines[index].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard words.count >= 2, words[0] == "->", words.dropFirst().allSatisfy({ !$0.isEmpty }) else { throw .malformedHeader }
            index += 1
            var body = ""
            while true {
                guard index < lines.endIndex else { throw .malformedHeader }
                let line = lines[index]
                index += 1
                guard line.utf8.count <= 64 else { throw .malformedHeader }
                body += line
                if line.utf8.count < 64 { break }
            }
            guard let decoded = Base64.decode(body) else { throw .malformedHeader }
            stanzas.append(Stanza(type: words[1], arguments: Array(words.dropFirst(2)), body: decoded))
        }
        return stanzas
    }
}
