import CSQLite
import CareKitSQLite
import CareKitTestSupport
import Foundation
import Testing

/// `carekit sync-server devices`, `revoke`, `disable`, `enable`, `unassign` and `audit`: what an
/// administrator types and reads.
@Suite("carekit sync-server: people come and go, the audit trail")
struct CommandLineSyncAdminTests {
    @Test("A command that only reads creates no database; a FIFO, a folder or a socket as --db or --store is refused at once, not opened")
    func missingAndOddFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let missing = directory.file("typo.sqlite").path
        for command in [["patients"], ["devices"], ["audit", "verify"], ["reset-mfa", "grace@clinic.example"]] {
            let refused = await cli.run(["sync-server"] + command + ["--db", missing])
            #expect(refused.status != 0 && refused.error.contains("There is no sync-server database at \(missing); nothing was created."), "\(command): \(refused.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        let fifo = directory.file("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let asDB = await cli.run(["sync-server", "patients", "--db", fifo])
        #expect(asDB.status != 0 && asDB.error.contains("\(fifo) is a pipe (FIFO), not a database file"), "\(asDB.error)")
        let asStore = await cli.run(["events", "--store", fifo])
        #expect(asStore.status != 0 && asStore.error.contains("is a pipe (FIFO), not a database file"), "\(asStore.error)")
        let folder = await cli.run(["sync-server", "add-patient", "Ada", "--db", directory.url.path])
        #expect(folder.status != 0 && folder.error.contains("is a folder, not a database file"), "\(folder.error)")
        let db = directory.file("sync.sqlite").path
        #expect(await cli.run(["sync-server", "add-patient", "Ada", "--db", db]).status == 0, "adding the first patient creates it")
        _ = await cli.run(["sync-server", "add-clinician", "grace@clinic.example", "--db", db], input: Data("correct horse battery\n".utf8))
        let reset = await cli.run(["sync-server", "reset-mfa", "grace@clinic.example", "--db", db])
        #expect(reset.status == 1 && reset.error.contains("has not set up two-step sign-in; nothing to reset"), "\(reset.error)")
    }

    @Test("devices lists tokens by number; revoke names the token; disable, enable, unassign say what changed; audit verify and export")
    func administration() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let db = directory.file("sync.sqlite").path
        let added = await cli.run(["sync-server", "add-patient", "Ada", "--db", db])
        let token = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(added.status == 0 && token.count == 64)
        let listed = await cli.run(["sync-server", "devices", "--db", db])
        #expect(listed.output.contains("DEVICE") && listed.output.contains("first device") && listed.output.contains("never") && listed.output.contains("works"))
        #expect(!listed.output.contains(token), "never the token itself")
        let number = try #require(listed.output.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        #expect(number.count == 12)

        let revoked = await cli.run(["sync-server", "revoke", number, "--db", db])
        #expect(revoked.status == 0 && revoked.error.contains("Revoked the device token \(number) (first device of Ada)"), "\(revoked.error)")
        let afterRevoking = await cli.run(["sync-server", "devices", "--patient", "Ada", "--db", db]).output
        #expect(afterRevoking.contains(try Regex(#"revoked \d{4}-\d{2}-\d{2}\n"#)), "\(afterRevoking)")
        let again = await cli.run(["sync-server", "revoke", number, "--db", db])
        #expect(again.status == 1 && again.error.contains("already revoked"))
        let unknownPatient = await cli.run(["sync-server", "devices", "--patient", "Nobody", "--db", db])
        #expect(unknownPatient.status == 1 && unknownPatient.error.contains("No patient named"))

        _ = await cli.run(["sync-server", "add-clinician", "grace@clinic.example", "--db", db], input: Data("correct horse battery\n".utf8))
        #expect(await cli.run(["sync-server", "assign", "grace@clinic.example", "Ada", "--db", db]).status == 0)
        let disabled = await cli.run(["sync-server", "disable", "grace@clinic.example", "--db", db])
        #expect(disabled.status == 0 && disabled.error.contains("is disabled"), "\(disabled.error)")
        #expect(await cli.run(["sync-server", "enable", "grace@clinic.example", "--db", db]).error.contains("can sign in again"))
        #expect(await cli.run(["sync-server", "unassign", "grace@clinic.example", "Ada", "--db", db]).error.contains("no longer sees Ada"))

        let verified = await cli.run(["sync-server", "audit", "verify", "--db", db])
        #expect(verified.status == 0 && verified.output.contains("Every link of the audit trail's 4 entries holds"), "\(verified.output)")
        let export = directory.file("audit.jsonl").path
        let written = await cli.run(["sync-server", "audit", "export", "-o", export, "--db", db])
        #expect(written.status == 0 && written.error.contains("Wrote the 4 entries"))
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4 && lines[0].contains(#""action":"revoked the device token \#(number) (first device)""#))
        let attributes = try FileManager.default.attributesOfItem(atPath: export)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let fhir = await cli.run(["sync-server", "audit", "export", "--format", "fhir", "--db", db])
        #expect(fhir.output.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"action":"E","agent":"#) && $0.contains(#""resourceType":"AuditEvent""#) })

        // Someone with the file rewrites a line around the triggers: verify names it and fails.
        let connection = try SQLiteConnection(name: db, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("DROP TRIGGER audit_never_updated; UPDATE audit SET actor = 'someone else' WHERE id = 2")
        connection.close()
        let broken = await cli.run(["sync-server", "audit", "verify", "--db", db])
        #expect(broken.status == 1 && broken.error.contains("broken at entry 2: its content does not match its hash"), "\(broken.error)")
        #expect(await cli.run(["sync-server", "audit", "check", "--db", db]).status == 2)
    }
}
