import CareKitSQLite
import Foundation

/// The care team's accounts, sessions and audit trail in the embedded storage (schema 2).
/// Each method is one statement, so one transaction; the audit table refuses updates and
/// deletions by trigger.
extension SQLiteSyncStorage {
    public func lastPush(patient: Int64) throws -> Date? {
        try locked {
            let statement = try connection.prepare("SELECT max(stored) FROM revision WHERE patient = ?")
            statement.bind(patient, at: 1)
            defer { statement.reset() }
            return try statement.step() ? statement.optionalDate(0) : nil
        }
    }

    public func addClinician(email: String, passwordHash: String, created: Date) throws -> SyncClinician {
        try locked {
            let statement = try connection.prepare("INSERT INTO clinician (email, password, created) VALUES (?, ?, ?)")
            statement.bind(email, at: 1)
            statement.bind(passwordHash, at: 2)
            statement.bind(created, at: 3)
            do {
                try statement.run()
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw SyncStorageError("A clinician with the address \(email) already exists on this server.", isConflict: true)
            }
            return SyncClinician(id: connection.lastInsertRowID, email: email, passwordHash: passwordHash, created: created)
        }
    }

    public func clinician(email: String) throws -> SyncClinician? {
        try locked {
            let statement = try connection.prepare("SELECT id, email, password, created, status FROM clinician WHERE email = ?")
            statement.bind(email, at: 1)
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            return Self.clinician(statement, from: 0)
        }
    }

    public func assign(patient: Int64, to clinician: Int64, at date: Date) throws {
        try locked {
            let statement = try connection.prepare("INSERT OR IGNORE INTO assignment (clinician, patient, created) VALUES (?, ?, ?)")
            statement.bind(clinician, at: 1)
            statement.bind(patient, at: 2)
            statement.bind(date, at: 3)
            try statement.run()
        }
    }

    public func assignedPatients(of clinician: Int64) throws -> [SyncPatient] {
        try locked {
            let statement = try connection.prepare(
                """
                SELECT patient.id, patient.name, patient.created FROM assignment JOIN patient ON patient.id = assignment.patient
                WHERE assignment.clinician = ? ORDER BY patient.name
                """)
            statement.bind(clinician, at: 1)
            defer { statement.reset() }
            var result: [SyncPatient] = []
            while try statement.step() {
                result.append(SyncPatient(id: statement.int64(0), name: statement.string(1), created: statement.date(2)))
            }
            return result
        }
    }

    public func addSession(hash: Data, clinician: Int64, at date: Date, stage: SyncSessionStage) throws {
        try locked {
            let statement = try connection.prepare("INSERT INTO team_session (hash, clinician, created, last_seen, stage) VALUES (?, ?, ?, ?, ?)")
            statement.bind(hash, at: 1)
            statement.bind(clinician, at: 2)
            statement.bind(date, at: 3)
            statement.bind(date, at: 4)
            statement.bind(stage.rawValue, at: 5)
            try statement.run()
        }
    }

    public func session(hash: Data) throws -> SyncTeamSession? {
        try locked {
            let statement = try connection.prepare(
                """
                SELECT clinician.id, clinician.email, clinician.password, clinician.created, clinician.status, team_session.created,
                    team_session.last_seen, team_session.stage, team_session.pending_secret
                FROM team_session JOIN clinician ON clinician.id = team_session.clinician
                WHERE team_session.hash = ? AND clinician.status = 'active'
                """)
            statement.bind(hash, at: 1)
            defer { statement.reset() }
            guard try statement.step(), let stage = SyncSessionStage(rawValue: statement.string(7)) else { return nil }
            return SyncTeamSession(
                clinician: Self.clinician(statement, from: 0), created: statement.date(5), lastSeen: statement.date(6), stage: stage,
                pendingSecret: statement.isNull(8) ? nil : statement.data(8))
        }
    }

    public func touchSession(hash: Data, at date: Date) throws {
        try locked {
            let statement = try connection.prepare("UPDATE team_session SET last_seen = max(last_seen, ?) WHERE hash = ?")
            statement.bind(date, at: 1)
            statement.bind(hash, at: 2)
            try statement.run()
        }
    }

    public func removeSession(hash: Data) throws {
        try locked {
            let statement = try connection.prepare("DELETE FROM team_session WHERE hash = ?")
            statement.bind(hash, at: 1)
            try statement.run()
        }
    }

    public func appendAudit(_ entry: SyncAuditEntry) throws { try appendAudit([entry]) }

    public func auditTrail(patient: Int64, limit: Int) throws -> [SyncAuditEntry] {
        try auditLines("WHERE patient = ? ORDER BY id DESC LIMIT ?", patient, limit: limit)
    }

    static func clinician(_ statement: SQLiteStatement, from column: Int32) -> SyncClinician {
        SyncClinician(
            id: statement.int64(column), email: statement.string(column + 1), passwordHash: statement.string(column + 2),
            created: statement.date(column + 3), status: SyncClinicianStatus(rawValue: statement.string(column + 4)) ?? .disabled)
    }
}
