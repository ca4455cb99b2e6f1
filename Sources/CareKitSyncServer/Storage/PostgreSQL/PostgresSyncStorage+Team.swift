import Foundation

/// The care team's accounts, sessions and audit trail on PostgreSQL (migration 2). Each method
/// is one statement, so one transaction; a trigger refuses to update, delete or truncate the
/// audit trail.
extension PostgresSyncStorage {
    public func lastPush(patient: Int64) throws -> Date? {
        try run { connection in
            let rows = try connection.query("SELECT max(stored) FROM revision WHERE patient = $1", [String(patient)])
            return rows.count == 1 && rows[0, 0] != nil ? Date(timeIntervalSince1970: rows.double(0, 0)) : nil
        }
    }

    public func addClinician(email: String, passwordHash: String, created: Date) throws -> SyncClinician {
        try run { connection in
            do {
                let rows = try connection.query(
                    "INSERT INTO clinician (email, password, created) VALUES ($1, $2, $3) RETURNING id",
                    [email, passwordHash, Self.text(created)])
                return SyncClinician(id: rows.int64(0, 0), email: email, passwordHash: passwordHash, created: created)
            } catch let error as _PGError where error.isUniqueViolation {
                throw SyncStorageError("A clinician with the address \(email) already exists on this server.", isConflict: true)
            }
        }
    }

    public func clinician(email: String) throws -> SyncClinician? {
        try run { connection in
            let rows = try connection.query("SELECT id, email, password, created, status FROM clinician WHERE email = $1", [email])
            return rows.count == 1 ? Self.clinician(rows, 0, from: 0) : nil
        }
    }

    public func assign(patient: Int64, to clinician: Int64, at date: Date) throws {
        _ = try run { connection in
            try connection.query(
                "INSERT INTO assignment (clinician, patient, created) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [String(clinician), String(patient), Self.text(date)])
        }
    }

    public func assignedPatients(of clinician: Int64) throws -> [SyncPatient] {
        try run { connection in
            let rows = try connection.query(
                """
                SELECT patient.id, patient.name, patient.created FROM assignment JOIN patient ON patient.id = assignment.patient
                WHERE assignment.clinician = $1 ORDER BY patient.name COLLATE "C"
                """, [String(clinician)])
            return (0..<rows.count).map { SyncPatient(id: rows.int64($0, 0), name: rows.string($0, 1), created: Date(timeIntervalSince1970: rows.double($0, 2))) }
        }
    }

    public func addSession(hash: Data, clinician: Int64, at date: Date, stage: SyncSessionStage) throws {
        _ = try run { connection in
            try connection.query(
                "INSERT INTO team_session (hash, clinician, created, last_seen, stage) VALUES (decode($1, 'hex'), $2, $3, $3, $4)",
                [Self.hex(hash), String(clinician), Self.text(date), stage.rawValue])
        }
    }

    public func session(hash: Data) throws -> SyncTeamSession? {
        try run { connection in
            let rows = try connection.query(
                """
                SELECT clinician.id, clinician.email, clinician.password, clinician.created, clinician.status, team_session.created,
                    team_session.last_seen, team_session.stage, team_session.pending_secret
                FROM team_session JOIN clinician ON clinician.id = team_session.clinician
                WHERE team_session.hash = decode($1, 'hex') AND clinician.status = 'active'
                """, [Self.hex(hash)])
            guard rows.count == 1, let stage = SyncSessionStage(rawValue: rows.string(0, 7)) else { return nil }
            return SyncTeamSession(
                clinician: Self.clinician(rows, 0, from: 0), created: Date(timeIntervalSince1970: rows.double(0, 5)),
                lastSeen: Date(timeIntervalSince1970: rows.double(0, 6)), stage: stage, pendingSecret: rows[0, 8].map(Self.bytes))
        }
    }

    public func touchSession(hash: Data, at date: Date) throws {
        _ = try run { connection in
            try connection.query(
                "UPDATE team_session SET last_seen = greatest(last_seen, $2) WHERE hash = decode($1, 'hex')",
                [Self.hex(hash), Self.text(date)])
        }
    }

    public func removeSession(hash: Data) throws {
        _ = try run { connection in
            try connection.query("DELETE FROM team_session WHERE hash = decode($1, 'hex')", [Self.hex(hash)])
        }
    }

    public func appendAudit(_ entry: SyncAuditEntry) throws { try appendAudit([entry]) }

    public func auditTrail(patient: Int64, limit: Int) throws -> [SyncAuditEntry] {
        try run { connection in
            let rows = try connection.query(
                "SELECT \(Self.auditColumns) FROM audit WHERE patient = $1 ORDER BY id DESC LIMIT $2", [String(patient), String(max(0, limit))])
            return (0..<rows.count).map { Self.auditEntry(rows, $0) }
        }
    }

    static func clinician(_ rows: _PGRows, _ row: Int, from column: Int) -> SyncClinician {
        SyncClinician(
            id: rows.int64(row, column), email: rows.string(row, column + 1), passwordHash: rows.string(row, column + 2),
            created: Date(timeIntervalSince1970: rows.double(row, column + 3)),
            status: SyncClinicianStatus(rawValue: rows.string(row, column + 4)) ?? .disabled)
    }
}
