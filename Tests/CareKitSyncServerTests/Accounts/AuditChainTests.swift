import CSQLite
import CareKitSQLite
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// The audit trail is tamper-evident: each line carries SHA-256 over the previous line's hash
/// and its own content, `verify` names the first broken link, and `export` writes it as JSON
/// lines or FHIR R4 AuditEvents. Run on SQLite and, with `CAREKIT_SYNC_STORAGE=postgres`, on
/// PostgreSQL; the tampering goes around the server, as someone with the database's password
/// would.
@Suite("Audit trail: hash chain")
struct AuditChainTests {
    typealias T = SyncFixtures

    /// A storage with one clinician, one patient and `count` lines, and a way to run SQL on it
    /// behind the server's back.
    static func trail(_ count: Int) async throws -> (storage: any SyncStorage, tamper: (String) throws -> Void, clinician: Int64, patient: Int64) {
        let folder = TestFolders.make("audit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("sync.sqlite").path
        let service = try T.makeService(path: path)
        let clinician = try await service.addClinician(email: "grace@clinic.example", password: "correct horse battery", limits: .minimum)
        let patient = try service.addPatient(name: "Ada").patient
        try service.storage.appendAudit(
            (1...count).map { SyncAuditEntry(date: T.date(2, $0 % 24), clinician: clinician.id, clinicianEmail: clinician.email, patient: patient.id, action: "viewed \($0)", address: "192.0.2.7") })
        let tamper: (String) throws -> Void
        if let postgres = service.storage as? PostgresSyncStorage {
            let connection = try _PGConnection(conninfo: postgres.conninfo)
            tamper = { try connection.execute($0) }
        } else {
            let connection = try SQLiteConnection(name: path, flags: SQLITE_OPEN_READWRITE)
            tamper = { try connection.execute($0) }
        }
        return (service.storage, tamper, clinician.id, patient.id)
    }

    static var isPostgres: Bool { TestPostgres.selected }
    static var triggerOff: String {
        isPostgres ? "ALTER TABLE audit DISABLE TRIGGER audit_append_only;" : "DROP TRIGGER audit_never_updated; DROP TRIGGER audit_never_deleted;"
    }

    @Test("An intact trail verifies; each line's hash covers the one before it")
    func intact() async throws {
        let (storage, _, _, _) = try await Self.trail(5)
        let result = try storage.verifyAudit()
        #expect(result.count == 5 && result.firstBroken == nil)
        let lines = try storage.auditEntries(after: 0, limit: 10)
        #expect(lines.first?.previousHash == Data(repeating: 0, count: 32))
        for (before, after) in zip(lines, lines.dropFirst()) { #expect(after.previousHash == before.hash) }
        #expect(result.head == lines.last?.hash.map { $0.map { String(format: "%02x", $0) }.joined() })
    }

    @Test("A line rewritten with the trigger off is named as the first broken link")
    func rewritten() async throws {
        let (storage, tamper, _, _) = try await Self.trail(6)
        try tamper(Self.triggerOff + "UPDATE audit SET action = 'viewed nothing' WHERE id = 3;")
        let result = try storage.verifyAudit()
        #expect(result.firstBroken == .init(id: 3, previousChanged: false))
        #expect(result.count == 2)
    }

    @Test("A line deleted is found at the line after it; lines cut from the end change the head, which is why it is noted elsewhere")
    func deletedAndCut() async throws {
        let (storage, tamper, _, _) = try await Self.trail(6)
        let noted = try storage.verifyAudit().head
        try tamper(Self.triggerOff + "DELETE FROM audit WHERE id = 4;")
        #expect(try storage.verifyAudit().firstBroken == .init(id: 5, previousChanged: true))

        let (other, cut, _, _) = try await Self.trail(3)
        let head = try other.verifyAudit().head
        try cut(Self.triggerOff + "DELETE FROM audit WHERE id = 3;")
        let after = try other.verifyAudit()
        #expect(after.firstBroken == nil && after.count == 2 && after.head != head)
        #expect(noted != head, "each trail's head is its own")
    }

    @Test("Control characters and bidirectional controls in an action are written out, so the trail reads as it was")
    func controlsEscaped() async throws {
        let (storage, _, clinician, patient) = try await Self.trail(1)
        try storage.appendAudit(
            SyncAuditEntry(
                date: T.date(3), clinician: clinician, clinicianEmail: "grace@clinic.example", patient: patient,
                action: "stopped Pills\r\n2025-01-02 viewed\u{1B}[2J \u{202E}evil\u{2066} \u{85} back\\slash", address: "192.0.2.7"))
        let line = try #require(try storage.auditTrail(patient: patient, limit: 1).first)
        #expect(line.action == #"stopped Pills\u{D}\u{A}2025-01-02 viewed\u{1B}[2J \u{202E}evil\u{2066} \u{85} back\\slash"#)
        #expect(line.action.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && !(0x2066...0x2069).contains($0.value) })
        // Lines of plain ASCII: only a backslash or DEL to write out, or nothing at all.
        for (action, written) in [(#"back\slash"#, #"back\\slash"#), ("rubout\u{7F}", #"rubout\u{7F}"#), ("saw the list", "saw the list")] {
            try storage.appendAudit(
                SyncAuditEntry(date: T.date(3), clinician: clinician, clinicianEmail: "grace@clinic.example", patient: patient, action: action, address: "192.0.2.7"))
            #expect(try storage.auditTrail(patient: patient, limit: 1).first?.action == written)
        }
        #expect(try storage.verifyAudit().firstBroken == nil)
    }

    @Test("SQLite: INSERT OR REPLACE cannot rewrite a line")
    func replaceRefused() async throws {
        guard !Self.isPostgres else { return }
        let (storage, tamper, clinician, patient) = try await Self.trail(2)
        #expect(throws: (any Error).self) {
            try tamper("INSERT OR REPLACE INTO audit (id, at, clinician, patient, actor, action, address, previous, hash) VALUES (1, 0, \(clinician), \(patient), 'x', 'forged', 'x', x'00', x'00')")
        }
        #expect(try storage.auditEntries(after: 0, limit: 1).first?.action == "viewed 1")
    }

    @Test("Export: JSON lines with the hashes, and FHIR R4 AuditEvents with who, what, when, from where")
    func export() async throws {
        let (storage, _, clinician, patient) = try await Self.trail(2)
        var jsonl = Data()
        #expect(try SyncAuditExport.jsonLines.write(storage) { jsonl.append($0) } == 2)
        let lines = String(decoding: jsonl, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["action"] as? String == "viewed 1" && first["actor"] as? String == "grace@clinic.example")
        #expect(first["patient"] as? Int == Int(patient) && first["previous"] as? String == String(repeating: "0", count: 64))
        #expect((first["hash"] as? String)?.count == 64 && first["time"] as? String == "2025-01-02T06:00:00.000Z")

        var fhir = Data()
        _ = try SyncAuditExport.fhir.write(storage) { fhir.append($0) }
        let event = try #require(
            try JSONSerialization.jsonObject(with: Data(String(decoding: fhir, as: UTF8.self).split(separator: "\n")[1].utf8)) as? [String: Any])
        #expect(event["resourceType"] as? String == "AuditEvent" && event["action"] as? String == "R")
        #expect(event["recorded"] as? String == "2025-01-02T07:00:00.000Z")
        let agent = try #require((event["agent"] as? [[String: Any]])?.first)
        #expect((agent["network"] as? [String: Any])?["address"] as? String == "192.0.2.7")
        #expect(((agent["who"] as? [String: Any])?["identifier"] as? [String: Any])?["value"] as? String == String(clinician))
        let entity = try #require((event["entity"] as? [[String: Any]])?.first)
        #expect(((entity["what"] as? [String: Any])?["identifier"] as? [String: Any])?["value"] as? String == String(patient))
        #expect((event["source"] as? [String: Any]) != nil && event["outcomeDesc"] as? String == "viewed 2")
    }

    @Test("A trail written before the chain (schema 3) is chained by the upgrade, in order, its words escaped, and verifies")
    func upgradeChainsOldLines() throws {
        let rows = """
            INSERT INTO clinician (email, password, created) VALUES ('grace@clinic.example', 'x', 0);
            INSERT INTO patient (name, created) VALUES ('Ada', 0);
            INSERT INTO audit (at, clinician, patient, action, address) VALUES (1.5, 1, 1, 'viewed the day', '192.0.2.7'), (2.25, 1, 1, 'stopped A' || chr(10) || 'B', '::1');
            """
        let storage: any SyncStorage
        if Self.isPostgres {
            let url = try TestPostgres.schemaURL(reopening: "upgrade-\(UUID().uuidString)")
            let old = try _PGConnection(conninfo: url)
            for migration in PostgresSyncStorage.migrations.prefix(3) { try old.execute(migration) }
            try old.execute("CREATE TABLE carekit_sync_schema (version integer NOT NULL); INSERT INTO carekit_sync_schema VALUES (3);" + rows.replacingOccurrences(of: "chr(10)", with: "chr(10)"))
            storage = try PostgresSyncStorage(conninfo: url)
        } else {
            let directory = TestFolders.make("upgrade")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("sync.sqlite").path
            let old = try SQLiteConnection(path: path)
            try old.execute(
                SQLiteSyncStorage.schema + SQLiteSyncStorage.migrations[0] + SQLiteSyncStorage.migrations[1]
                    + "PRAGMA application_id=\(SQLiteSyncStorage.applicationID); PRAGMA user_version=3;" + rows.replacingOccurrences(of: "chr(10)", with: "char(10)"))
            old.close()
            let upgraded = try SQLiteSyncStorage(path: path)
            #expect(try upgraded.connection.scalarInt("PRAGMA user_version") == SQLiteSyncStorage.schemaVersion)
            storage = upgraded
        }
        let lines = try storage.auditEntries(after: 0, limit: 10)
        #expect(lines.map(\.action) == ["viewed the day", #"stopped A\u{A}B"#])
        #expect(lines.map(\.clinicianEmail) == ["grace@clinic.example", "grace@clinic.example"])
        #expect(try storage.verifyAudit() == SyncAuditVerification(count: 2, head: lines[1].hash.map { $0.map { String(format: "%02x", $0) }.joined() } ?? "", firstBroken: nil))
        try storage.appendAudit(SyncAuditEntry(date: T.date(3), clinician: 1, patient: 1, action: "viewed", address: "::1"))
        #expect(try storage.verifyAudit().count == 3)
    }

    @Test("PostgreSQL, two roles: the server's role appends and reads the trail but cannot rewrite it or switch its trigger off; the owner is warned about")
    func twoRoles() async throws {
        guard Self.isPostgres else { return }
        let name = "roles-\(UUID().uuidString)"
        let ownerURL = try TestPostgres.schemaURL(reopening: name)
        let owner = try PostgresSyncStorage(conninfo: ownerURL)
        #expect(try owner.ownsAuditTable(), "the tests' own role owns what it created")
        let schema = "t_" + String(name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.suffix(48))
        let role = "server_" + String(schema.suffix(12))
        let admin = try _PGConnection(conninfo: ownerURL)
        try admin.execute(
            """
            CREATE ROLE \(role) LOGIN;
            GRANT USAGE ON SCHEMA \(schema) TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON patient, device_token, revision, version, clinician, assignment, team_session, login_failure, patient_identifier, alert_ack, patient_contact, recovery_code TO \(role);
            GRANT SELECT ON carekit_sync_schema TO \(role);
            GRANT SELECT, INSERT ON audit TO \(role);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(role);
            """)
        let serverURL = ownerURL.replacingOccurrences(of: "user=carekit", with: "user=\(role)")
        let server = try PostgresSyncStorage(conninfo: serverURL)
        #expect(try !server.ownsAuditTable())
        let service = SyncService(storage: server, clock: { T.date(2) })
        let patient = try service.addPatient(name: "Ada").patient
        try server.appendAudit(SyncAuditEntry(date: T.date(2), clinician: nil, clinicianEmail: "x", patient: patient.id, action: "viewed", address: "::1"))
        let connection = try _PGConnection(conninfo: serverURL)
        #expect(throws: (any Error).self) { try connection.execute("ALTER TABLE audit DISABLE TRIGGER audit_append_only") }
        #expect(throws: (any Error).self) { try connection.execute("UPDATE audit SET action = 'nothing'") }
        #expect(throws: (any Error).self) { try connection.execute("DROP TABLE audit") }
        #expect(try server.verifyAudit().count == 1)
    }
}
