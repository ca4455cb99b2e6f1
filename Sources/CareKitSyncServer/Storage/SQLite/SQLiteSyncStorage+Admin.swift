import CareKitSQLite
import Foundation

/// Device tokens, clinicians' accounts and the chained audit trail in the embedded storage
/// (schema 5). Every change is one transaction with its audit line; the audit table refuses
/// UPDATE, DELETE and a REPLACE of a line (`INSERT OR REPLACE`) by trigger, and each line is
/// chained to the one before by its hash (Accounts/_AuditChain.swift).
extension SQLiteSyncStorage {
    static let auditColumns = "id, at, clinician, patient, actor, action, address, previous, hash"

    /// Schema 4's triggers on the chained audit table.
    static let auditTriggers = """
        CREATE INDEX audit_patient ON audit(patient, id);
        CREATE TRIGGER audit_never_updated BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
        CREATE TRIGGER audit_never_deleted BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
        CREATE TRIGGER audit_never_replaced BEFORE INSERT ON audit WHEN EXISTS (SELECT 1 FROM audit WHERE id = NEW.id)
            BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
        """

    /// Migration 5's step in code: the lines of the unchained table, in order, hashed into the
    /// new one; then the old table goes and the new one gets its triggers.
    func chainAudit() throws {
        let old = try connection.prepare(
            """
            SELECT audit_unchained.id, at, clinician, patient, coalesce(clinician.email, ''), action, address
            FROM audit_unchained LEFT JOIN clinician ON clinician.id = audit_unchained.clinician ORDER BY audit_unchained.id
            """)
        var entries: [SyncAuditEntry] = []
        while try old.step() {
            var entry = SyncAuditEntry(
                date: old.date(1), clinician: old.int64(2), clinicianEmail: old.string(4), patient: old.int64(3), action: old.string(5),
                address: old.string(6))
            entry.id = old.int64(0)
            entries.append(entry)
        }
        old.reset()
        try insertChained(entries)
        // DROP TABLE needs every statement of the connection reset.
        connection.resetStatements()
        try connection.execute("DROP TABLE audit_unchained;" + Self.auditTriggers)
    }

    /// Appends the lines after the trail's last one, each sealed with its hash; inside the
    /// caller's transaction, which holds SQLite's write lock (so across processes too).
    func insertChained(_ entries: [SyncAuditEntry]) throws {
        guard !entries.isEmpty else { return }
        let last = try connection.prepare("SELECT hash FROM audit ORDER BY id DESC LIMIT 1")
        let previous = try last.step() ? last.data(0) : _AuditChain.genesis
        last.reset()
        // A line that names its clinician by number only is written with their address.
        let email = try connection.prepare("SELECT email FROM clinician WHERE id = ?")
        var named = entries
        for index in named.indices where named[index].clinicianEmail.isEmpty {
            guard let clinician = named[index].clinician else { continue }
            email.bind(clinician, at: 1)
            if try email.step() { named[index].clinicianEmail = email.string(0) }
            email.reset()
        }
        let insert = try connection.prepare(
            "INSERT INTO audit (id, at, clinician, patient, actor, action, address, previous, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for entry in _AuditChain.sealed(named, after: previous) {
            insert.reset()
            if let id = entry.id { insert.bind(id, at: 1) } else { insert.bindNull(at: 1) }
            insert.bind(entry.date, at: 2)
            if let clinician = entry.clinician { insert.bind(clinician, at: 3) } else { insert.bindNull(at: 3) }
            if let patient = entry.patient { insert.bind(patient, at: 4) } else { insert.bindNull(at: 4) }
            insert.bind(entry.clinicianEmail, at: 5)
            insert.bind(entry.action, at: 6)
            insert.bind(entry.address, at: 7)
            insert.bind(entry.previousHash ?? Data(), at: 8)
            insert.bind(entry.hash ?? Data(), at: 9)
            try insert.run()
        }
    }

    /// Appends joined with other requests' appends of the same moment (``_GroupCommit``).
    public func appendAudit(_ entries: [SyncAuditEntry]) throws {
        guard !entries.isEmpty else { return }
        try auditAppends.submit(entries) { all in
            try locked { try connection.transaction { try insertChained(all) } }
        }
    }

    static func auditEntry(_ statement: SQLiteStatement) -> SyncAuditEntry {
        var entry = SyncAuditEntry(
            date: statement.date(1), clinician: statement.isNull(2) ? nil : statement.int64(2), clinicianEmail: statement.string(4),
            patient: statement.isNull(3) ? nil : statement.int64(3), action: statement.string(5), address: statement.string(6))
        entry.id = statement.int64(0)
        entry.previousHash = statement.data(7)
        entry.hash = statement.data(8)
        return entry
    }

    public func auditEntries(after id: Int64, limit: Int) throws -> [SyncAuditEntry] {
        try auditLines("WHERE id > ? ORDER BY id LIMIT ?", id, limit: max(1, limit))
    }

    /// The lines a query's condition and order pick (`?` 1: a number, `?` 2: the limit).
    func auditLines(_ condition: String, _ value: Int64, limit: Int) throws -> [SyncAuditEntry] {
        try locked {
            let statement = try connection.prepare("SELECT \(Self.auditColumns) FROM audit " + condition)
            statement.bind(value, at: 1)
            statement.bind(max(0, limit), at: 2)
            defer { statement.reset() }
            var result: [SyncAuditEntry] = []
            while try statement.step() { result.append(Self.auditEntry(statement)) }
            return result
        }
    }

    // MARK: Device tokens

    private static let tokenQuery = """
        SELECT device_token.hash, patient.id, patient.name, patient.created, device_token.label, device_token.created,
            device_token.last_used, device_token.revoked, patient_contact.at
        FROM device_token JOIN patient ON patient.id = device_token.patient
        LEFT JOIN patient_contact ON patient_contact.patient = patient.id
        """

    private static func token(_ statement: SQLiteStatement) -> SyncDeviceToken {
        SyncDeviceToken(
            hash: statement.data(0), patient: SyncPatient(id: statement.int64(1), name: statement.string(2), created: statement.date(3)),
            label: statement.string(4), created: statement.date(5), lastUsed: statement.optionalDate(6), revoked: statement.optionalDate(7),
            patientLastContact: statement.optionalDate(8))
    }

    public func deviceToken(hash: Data) throws -> SyncDeviceToken? {
        try locked {
            let statement = try connection.prepare(Self.tokenQuery + " WHERE device_token.hash = ?")
            statement.bind(hash, at: 1)
            defer { statement.reset() }
            return try statement.step() ? Self.token(statement) : nil
        }
    }

    public func deviceTokens() throws -> [SyncDeviceToken] {
        try locked {
            let statement = try connection.prepare(Self.tokenQuery + " ORDER BY patient.name, device_token.created")
            defer { statement.reset() }
            var result: [SyncDeviceToken] = []
            while try statement.step() { result.append(Self.token(statement)) }
            return result
        }
    }

    public func noteDeviceTokenUse(hash: Data, at date: Date) throws {
        try locked {
            let statement = try connection.prepare("UPDATE device_token SET last_used = ? WHERE hash = ? AND (last_used IS NULL OR last_used < ?)")
            statement.bind(date, at: 1)
            statement.bind(hash, at: 2)
            statement.bind(date, at: 3)
            try statement.run()
        }
    }

    // MARK: Clinicians

    public func clinicians() throws -> [SyncClinician] {
        try locked {
            let statement = try connection.prepare("SELECT id, email, password, created, status FROM clinician ORDER BY email")
            defer { statement.reset() }
            var result: [SyncClinician] = []
            while try statement.step() { result.append(Self.clinician(statement, from: 0)) }
            return result
        }
    }

    public func administer(_ change: SyncAdministration, at date: Date, audit: SyncAuditEntry) throws -> Bool {
        try locked {
            try connection.transaction {
                let changed: Bool
                switch change {
                case .revokeDeviceToken(let hash):
                    let revoke = try connection.prepare("UPDATE device_token SET revoked = ? WHERE hash = ? AND revoked IS NULL")
                    revoke.bind(date, at: 1)
                    revoke.bind(hash, at: 2)
                    try revoke.run()
                    changed = connection.changes > 0
                case .setClinicianStatus(let clinician, let status):
                    changed = try run(
                        "UPDATE clinician SET status = ? WHERE id = ? AND status <> ? AND status <> 'removed'",
                        [.text(status.rawValue), .integer(clinician), .text(status.rawValue)])
                    if changed && status != .active { _ = try run("DELETE FROM team_session WHERE clinician = ?", [.integer(clinician)]) }
                    if changed && status == .removed { _ = try run("DELETE FROM assignment WHERE clinician = ?", [.integer(clinician)]) }
                case .unassign(let clinician, let patient):
                    changed = try run("DELETE FROM assignment WHERE clinician = ? AND patient = ?", [.integer(clinician), .integer(patient)])
                case .setPassword(let clinician, let hash):
                    changed = try run("UPDATE clinician SET password = ? WHERE id = ? AND status <> 'removed'", [.text(hash), .integer(clinician)])
                    if changed { _ = try run("DELETE FROM team_session WHERE clinician = ?", [.integer(clinician)]) }
                case .resetSecondFactor(let clinician):
                    let codes = try run("DELETE FROM recovery_code WHERE clinician = ?", [.integer(clinician)])
                    changed = try run("UPDATE clinician SET totp_secret = NULL WHERE id = ? AND totp_secret IS NOT NULL", [.integer(clinician)]) || codes
                    if changed { _ = try run("DELETE FROM team_session WHERE clinician = ?", [.integer(clinician)]) }
                }
                if changed { try insertChained([audit]) }
                return changed
            }
        }
    }

    /// Runs one statement; whether it changed a row.
    func run(_ sql: String, _ values: [SQLiteValue]) throws -> Bool {
        let statement = try connection.prepare(sql)
        _ = statement.bind(values: values, from: 1)
        try statement.run()
        statement.reset()
        return connection.changes > 0
    }

    /// A consistent copy of the whole database as one file's bytes (`VACUUM INTO` a private
    /// temporary folder, read, then removed): `carekit sync-server backup`.
    public func snapshot() throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("sync-server.sqlite")
        try locked {
            let statement = try connection.prepare("VACUUM INTO ?")
            statement.bind(copy.path, at: 1)
            try statement.run()
        }
        return try Data(contentsOf: copy)
    }
}
