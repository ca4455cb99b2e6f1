import CareKitSQLite
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// The care team's accounts, assignments, sessions and audit trail in storage: run on SQLite
/// and, with `CAREKIT_SYNC_STORAGE=postgres`, on PostgreSQL.
@Suite("Care team storage")
struct TeamStorageTests {
    typealias T = SyncFixtures

    @Test("A clinician's password is kept as an Argon2id hash that verifies it and nothing else")
    func clinicianPassword() async throws {
        let service = try T.makeService()
        let clinician = try await service.addClinician(email: " Grace@Clinic.Example ", password: "correct horse battery", limits: .minimum)
        #expect(clinician.email == "grace@clinic.example")
        #expect(clinician.passwordHash.hasPrefix("$argon2id$"))
        #expect(!clinician.passwordHash.contains("correct horse"))
        let stored = try #require(try service.storage.clinician(email: "grace@clinic.example"))
        #expect(stored == clinician)
        #expect(await ClinicianPassword.verify("correct horse battery", hash: stored.passwordHash))
        #expect(await !ClinicianPassword.verify("correct horse batterY", hash: stored.passwordHash))
        #expect(try service.storage.clinician(email: "nobody@clinic.example") == nil)
        #expect(ClinicianPassword.Limits.moderate.memory >= 256 << 20)
    }

    @Test("Refusals in words: a taken address, a short password, not an address, an unknown patient or clinician")
    func refusals() async throws {
        let service = try T.makeService()
        _ = try await service.addClinician(email: "grace@clinic.example", password: "correct horse battery", limits: .minimum)
        await #expect { try await service.addClinician(email: "GRACE@clinic.example", password: "another long password", limits: .minimum) } throws: {
            "\($0)".contains("already exists")
        }
        await #expect { try await service.addClinician(email: "ada@clinic.example", password: "short", limits: .minimum) } throws: {
            "\($0)".contains("at least 12 characters")
        }
        await #expect { try await service.addClinician(email: "not an address", password: "correct horse battery", limits: .minimum) } throws: {
            "\($0)".contains("not an e-mail address")
        }
        #expect { try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: "Nobody") } throws: { "\($0)".contains("No patient named") }
        _ = try service.addPatient(name: "Ada")
        #expect { try service.assign(clinicianEmail: "nobody@clinic.example", patientNamed: "Ada") } throws: { "\($0)".contains("No clinician") }
    }

    @Test("Assignments: each clinician sees only their own patients, assigning twice changes nothing")
    func assignments() async throws {
        let service = try T.makeService()
        let grace = try await service.addClinician(email: "grace@clinic.example", password: "correct horse battery", limits: .minimum)
        let alan = try await service.addClinician(email: "alan@clinic.example", password: "another long password", limits: .minimum)
        let ada = try service.addPatient(name: "Ada").patient
        let bob = try service.addPatient(name: "Bob").patient
        try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: "Ada")
        try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: "Ada")
        try service.assign(clinicianEmail: "alan@clinic.example", patientNamed: "Bob")
        #expect(try service.storage.assignedPatients(of: grace.id) == [ada])
        #expect(try service.storage.assignedPatients(of: alan.id) == [bob])
        try service.assign(clinicianEmail: "alan@clinic.example", patientNamed: "Ada")
        #expect(try service.storage.assignedPatients(of: alan.id).map(\.name) == ["Ada", "Bob"])
    }

    @Test("Sessions are found by the hash of their cookie, used, and removed")
    func sessions() async throws {
        let service = try T.makeService()
        let grace = try await service.addClinician(email: "grace@clinic.example", password: "correct horse battery", limits: .minimum)
        let hash = DeviceToken.hash(try #require(DeviceToken.generate()))
        try service.storage.addSession(hash: hash, clinician: grace.id, at: T.date(2, 9), stage: .signedIn)
        try service.storage.touchSession(hash: hash, at: T.date(2, 10))
        try service.storage.touchSession(hash: hash, at: T.date(2, 9))
        let session = try #require(try service.storage.session(hash: hash))
        #expect(session.clinician == grace && session.created == T.date(2, 9) && session.lastSeen == T.date(2, 10))
        #expect(try service.storage.session(hash: DeviceToken.hash(try #require(DeviceToken.generate()))) == nil)
        try service.storage.removeSession(hash: hash)
        #expect(try service.storage.session(hash: hash) == nil)
    }

    @Test("The audit trail is appended to, read per patient newest first, and refuses to be rewritten")
    func auditTrail() async throws {
        let path = TestPostgres.selected ? "audit-\(UUID().uuidString)" : ":memory:"
        let storage = try T.makeStorage(path: path)
        let service = SyncService(storage: storage, clock: { T.date(2) })
        let grace = try await service.addClinician(email: "grace@clinic.example", password: "correct horse battery", limits: .minimum)
        let ada = try service.addPatient(name: "Ada").patient
        let bob = try service.addPatient(name: "Bob").patient
        for hour in 9..<12 {
            try storage.appendAudit(SyncAuditEntry(date: T.date(2, hour), clinician: grace.id, patient: ada.id, action: "viewed at \(hour)", address: "192.0.2.7"))
        }
        try storage.appendAudit(SyncAuditEntry(date: T.date(2, 12), clinician: grace.id, patient: bob.id, action: "viewed Bob", address: "::1"))
        let trail = try storage.auditTrail(patient: ada.id, limit: 2)
        #expect(trail.map(\.action) == ["viewed at 11", "viewed at 10"])
        #expect(trail.first?.clinicianEmail == "grace@clinic.example" && trail.first?.address == "192.0.2.7" && trail.first?.date == T.date(2, 11))
        #expect(try storage.auditTrail(patient: bob.id, limit: 10).map(\.action) == ["viewed Bob"])
        if let sqlite = storage as? SQLiteSyncStorage {
            #expect(throws: (any Error).self) { try sqlite.connection.execute("UPDATE audit SET action = 'nothing'") }
            #expect(throws: (any Error).self) { try sqlite.connection.execute("DELETE FROM audit") }
        } else {
            let connection = try _PGConnection(conninfo: TestPostgres.schemaURL(reopening: path))
            #expect(throws: (any Error).self) { try connection.execute("UPDATE audit SET action = 'nothing'") }
            #expect(throws: (any Error).self) { try connection.execute("DELETE FROM audit") }
            #expect(throws: (any Error).self) { try connection.execute("TRUNCATE audit") }
        }
        #expect(try storage.auditTrail(patient: ada.id, limit: 10).count == 3)
    }

    @Test("A SQLite database of schema 1 is upgraded to the current schema (team, sign-ins, identifiers, triage, chained audit, named attempts), one transaction a step, keeping its patients")
    func sqliteMigration() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("sync.sqlite").path
        do {
            let old = try SQLiteConnection(path: path)
            try old.execute(SQLiteSyncStorage.schema + "PRAGMA application_id=\(SQLiteSyncStorage.applicationID); PRAGMA user_version=1;")
            try old.execute("INSERT INTO patient (name, created) VALUES ('Ada', 0)")
            old.close()
        }
        let storage = try SQLiteSyncStorage(path: path)
        #expect(try storage.connection.scalarInt("PRAGMA user_version") == SQLiteSyncStorage.schemaVersion)
        #expect(try storage.patients().map(\.name) == ["Ada"])
        let service = SyncService(storage: storage, clock: { T.date(2) })
        _ = try service.setIdentifier(patientNamed: "Ada", system: "urn:oid:1.2.3", value: "MRN-1")
        #expect(try storage.identifiers(patient: try #require(try storage.patients().first).id) == [SyncPatientIdentifier(system: "urn:oid:1.2.3", value: "MRN-1")])
        _ = try await service.addClinician(email: "grace@clinic.example", password: "correct horse battery", limits: .minimum)
        try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: "Ada")
        try storage.recordContact(patient: 1, at: T.date(2))
        #expect(try storage.assignedPatientStates(of: 1).first?.lastContact == T.date(2), "schema 5's tables are there")
        // A newer schema is refused untouched.
        try storage.connection.execute("PRAGMA user_version=9")
        #expect { try SQLiteSyncStorage(path: path) } throws: { "\($0)".contains("newer carekit") }
    }
}
