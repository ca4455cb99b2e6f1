import CSQLite
import CareKitAge
import CareKitSQLite
import CareKitTestSupport
import Foundation
import Testing

/// Data that leaves the machine is encrypted: `carekit export --encrypt-to` and
/// `--passphrase-file` write age files that `carekit import` (and `age -d`) read, and
/// `carekit sync-server backup` encrypts a copy of the server's database. Files stay 0600.
@Suite("carekit export --encrypt-to, sync-server backup")
struct CommandLineEncryptedExportTests {
    static func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test("An export to a key or a passphrase is an age file holding nothing readable; import opens it and restores every version")
    func exportAndImport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await CommandLineEventTests.seededStore(in: directory)
        let cli = InProcessCLI(directory: directory.url)
        let (identity, recipient) = AgeFile.Identity.generate()
        let keyFile = directory.file("key.txt").path
        try Data(("# a test key\n" + (identity.text ?? "") + "\n").utf8).write(to: URL(fileURLWithPath: keyFile))
        let clear = directory.file("clear.json").path
        #expect(await cli.run(["export", "-o", clear, "--store", store]).status == 0)

        let sealed = directory.file("backup.age").path
        let exported = await cli.run(["export", "-o", sealed, "--encrypt-to", recipient, "--store", store])
        #expect(exported.status == 0 && exported.output.contains("encrypted"), "\(exported.error)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sealed))
        #expect(bytes.starts(with: Data("age-encryption.org/v1\n-> X25519 ".utf8)))
        #expect(bytes.firstRange(of: Data("pills".utf8)) == nil && bytes.firstRange(of: Data("carekit-export".utf8)) == nil)
        #expect(try Self.mode(sealed) == 0o600)
        #expect(try AgeFile.decrypt(bytes, with: [identity]) == Data(contentsOf: URL(fileURLWithPath: clear)))

        let refused = await cli.run(["import", sealed, "--store", directory.file("new.sqlite").path])
        #expect(refused.status == 2 && refused.error.contains("is encrypted (age): give --identity FILE"), "\(refused.error)")
        let wrongKey = directory.file("other.txt").path
        try Data((AgeFile.Identity.generate().identity.text ?? "").utf8).write(to: URL(fileURLWithPath: wrongKey))
        let wrong = await cli.run(["import", sealed, "--identity", wrongKey, "--store", directory.file("new.sqlite").path])
        #expect(wrong.status == 1 && wrong.error.contains("none of the given keys opens it"), "\(wrong.error)")
        let restored = await cli.run(["import", sealed, "--identity", keyFile, "--store", directory.file("new.sqlite").path])
        #expect(restored.status == 0, "\(restored.error)")
        let again = directory.file("again.json").path
        _ = await cli.run(["export", "-o", again, "--store", directory.file("new.sqlite").path])
        let first = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: clear))) as? [String: Any]
        let second = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: again))) as? [String: Any]
        #expect((first?["entities"] as? [Any])?.count == (second?["entities"] as? [Any])?.count)

        // A passphrase instead of keys.
        let phraseFile = directory.file("phrase.txt").path
        try Data("a long enough passphrase\n".utf8).write(to: URL(fileURLWithPath: phraseFile))
        let locked = directory.file("locked.age").path
        #expect(await cli.run(["export", "-o", locked, "--passphrase-file", phraseFile, "--store", store]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: locked)).starts(with: Data("age-encryption.org/v1\n-> scrypt ".utf8)))
        let opened = await cli.run(["import", locked, "--passphrase-file", phraseFile, "--store", directory.file("third.sqlite").path])
        #expect(opened.status == 0, "\(opened.error)")
        try Data("another passphrase\n".utf8).write(to: URL(fileURLWithPath: phraseFile))
        let mistyped = await cli.run(["import", locked, "--passphrase-file", phraseFile, "--store", directory.file("fourth.sqlite").path])
        #expect(mistyped.status == 1 && mistyped.error.contains("the passphrase does not open it"))
        let both = await cli.run(["export", "--encrypt-to", recipient, "--passphrase-file", phraseFile, "--store", store])
        #expect(both.status == 2)
        let notAKey = await cli.run(["export", "--encrypt-to", "age1nope", "--store", store])
        #expect(notAKey.status == 2 && notAKey.error.contains("neither an age1… public key nor a file of them"))
    }

    @Test("sync-server backup writes an encrypted copy of the database (0600) that opens as the same SQLite database; it refuses to write one in clear")
    func serverBackup() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let db = directory.file("sync.sqlite").path
        #expect(await cli.run(["sync-server", "add-patient", "Ada", "--db", db]).status == 0)
        let (identity, recipient) = AgeFile.Identity.generate()
        let backup = directory.file("server.age").path
        let clear = await cli.run(["sync-server", "backup", "-o", backup, "--db", db])
        #expect(clear.status == 2 && clear.error.contains("--encrypt-to"))
        let written = await cli.run(["sync-server", "backup", "-o", backup, "--encrypt-to", recipient, "--db", db])
        #expect(written.status == 0, "\(written.error)")
        #expect(try Self.mode(backup) == 0o600)
        let restored = directory.file("restored.sqlite").path
        try AgeFile.decrypt(Data(contentsOf: URL(fileURLWithPath: backup)), with: [identity]).write(to: URL(fileURLWithPath: restored))
        let listed = await cli.run(["sync-server", "patients", "--db", restored])
        #expect(listed.status == 0 && listed.output.contains("Ada"), "\(listed.error)")
    }
}
