import CareKitAge
import CareKitArguments
import Foundation

/// Encrypted files in the age format (docs/deploy.md, "Data that leaves the machine"):
/// `--encrypt-to` public keys or `--passphrase-file` when writing, `--identity` or
/// `--passphrase-file` when reading.
enum Encryption {
    static let encryptTo = Option(
        "encrypt-to", value: "RECIPIENT,…",
        loc.key(
            "Encrypts the file in the age format to these recipients: age1… public keys (`age-keygen` makes them), or files of them, one a line, separated by commas."
        ))
    static let passphraseFile = Option(
        "passphrase-file", value: "FILE",
        loc.key("Encrypts (or decrypts) the file in the age format with the passphrase on the first line of FILE (scrypt), instead of keys."))
    static let identity = Option("identity", value: "FILE", loc.key("Decrypts an age file with the secret keys of FILE (`age-keygen`'s output)."))

    /// The recipients asked for, or nil when the output stays clear.
    static func recipients(_ arguments: Arguments, _ context: CommandContext) throws -> [AgeFile.Recipient]? {
        switch (arguments[encryptTo], arguments[passphraseFile]) {
        case (nil, nil): return nil
        case (_?, _?): throw UsageError(loc("Give --encrypt-to or --passphrase-file, not both: a passphrase file is readable by its passphrase alone."))
        case (nil, let file?): return [.scrypt(passphrase: try passphrase(file), workFactor: context.passphraseWorkFactor)]
        case (let list?, nil):
            var result: [AgeFile.Recipient] = []
            for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                if let recipient = AgeFile.Recipient(item) {
                    result.append(recipient)
                    continue
                }
                guard let text = try? String(contentsOfFile: item, encoding: .utf8) else {
                    throw UsageError(loc("'{value}' is neither an age1… public key nor a file of them.", ["value": Format.visible(String(item.prefix(100)))]))
                }
                for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !line.hasPrefix("#") {
                    guard let recipient = AgeFile.Recipient(line) else {
                        throw UsageError(loc("{file} holds '{value}', which is not an age1… public key.", ["file": item, "value": Format.visible(String(line.prefix(100)))]))
                    }
                    result.append(recipient)
                }
            }
            guard !result.isEmpty else { throw UsageError(loc("--encrypt-to names no recipient.")) }
            return result
        }
    }

    /// `data`, encrypted when the arguments ask for it.
    static func seal(_ data: Data, _ arguments: Arguments, _ context: CommandContext) throws -> (data: Data, encrypted: Bool) {
        guard let recipients = try recipients(arguments, context) else { return (data, false) }
        do {
            return (try AgeFile.encrypt(data, to: recipients), true)
        } catch {
            throw CommandFailure(words(error))
        }
    }

    /// `data` decrypted when it is an age file (with `--identity` or `--passphrase-file`),
    /// else as it is.
    static func open(_ data: Data, name: String, _ arguments: Arguments) throws -> Data {
        guard AgeFile.isAgeFile(data) else { return data }
        var identities: [AgeFile.Identity] = []
        if let file = arguments[identity] {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw UsageError(loc("Could not read the identity file {file}.", ["file": file]))
            }
            do { identities += try AgeFile.Identity.parse(file: text) } catch { throw UsageError(words(error, file: file)) }
        }
        if let file = arguments[passphraseFile] { identities.append(.passphrase(try passphrase(file))) }
        guard !identities.isEmpty else {
            throw UsageError(loc("{file} is encrypted (age): give --identity FILE or --passphrase-file FILE to read it. Nothing was imported.", ["file": name]))
        }
        do {
            return try AgeFile.decrypt(data, with: identities)
        } catch {
            throw CommandFailure(loc("{file}: {reason} Nothing was imported.", ["file": name, "reason": words(error, file: name)]))
        }
    }

    static func passphrase(_ file: String) throws -> String {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw UsageError(loc("Could not read the passphrase file {file}.", ["file": file]))
        }
        let line = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: ["\r"])
        guard line.count >= 8 else { throw UsageError(loc("The passphrase in {file} is shorter than 8 characters.", ["file": file])) }
        return line
    }

    static func words(_ error: any Error, file: String = "") -> String {
        switch error as? AgeFile.Failure {
        case .noMatchingIdentity: loc("none of the given keys opens it.")
        case .wrongPassphrase: loc("the passphrase does not open it.")
        case .headerTampered, .payloadTampered, .malformedHeader: loc("it was changed or damaged after it was written.")
        case .truncated: loc("it is cut short.")
        case .workFactorTooHigh: loc("its passphrase needs more work than this machine allows.")
        case .notAnIdentity: loc("{file} holds no AGE-SECRET-KEY-1… key.", ["file": file])
        case .scryptWithOthers: loc("a passphrase cannot be combined with other recipients.")
        case .notAgeFile: loc("it is not an age file.")
        case .randomUnavailable, nil: loc("the system's random source or libsodium could not be used.")
        }
    }
}

/// A failure said in words (exit status 1): an encrypted file that could not be written or
/// read, a broken audit trail.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
