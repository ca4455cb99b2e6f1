import CareKitSQLite
import Foundation

/// Two-step sign-in in the embedded storage (schema 8): each change one transaction, so two
/// servers on one file cannot both take the same code or recovery code.
extension SQLiteSyncStorage {
    public func secondFactor(of clinician: Int64) throws -> SyncSecondFactor? {
        try locked {
            let statement = try connection.prepare("SELECT totp_secret, totp_last_step FROM clinician WHERE id = ? AND totp_secret IS NOT NULL")
            statement.bind(clinician, at: 1)
            defer { statement.reset() }
            return try statement.step() ? SyncSecondFactor(secret: statement.data(0), lastStep: statement.int64(1)) : nil
        }
    }

    public func takeTimeStep(_ step: Int64, of clinician: Int64) throws -> Bool {
        try locked {
            try connection.transaction {
                try run("UPDATE clinician SET totp_last_step = ? WHERE id = ? AND totp_secret IS NOT NULL AND totp_last_step < ?", [.integer(step), .integer(clinician), .integer(step)])
            }
        }
    }

    public func useRecoveryCode(hash: Data, of clinician: Int64, at date: Date) throws -> (used: Bool, left: Int) {
        try locked {
            try connection.transaction {
                let used = try run("UPDATE recovery_code SET used = ? WHERE clinician = ? AND hash = ? AND used IS NULL", [.real(date.timeIntervalSince1970), .integer(clinician), .blob(hash)])
                let count = try connection.prepare("SELECT count(*) FROM recovery_code WHERE clinician = ? AND used IS NULL")
                count.bind(clinician, at: 1)
                defer { count.reset() }
                return (used, try count.step() ? Int(count.int64(0)) : 0)
            }
        }
    }

    public func enrollSecondFactor(clinician: Int64, secret: Data, step: Int64, recoveryCodes: [Data], session: Data, audit: SyncAuditEntry) throws {
        try locked {
            try connection.transaction {
                guard try run("UPDATE clinician SET totp_secret = ?, totp_last_step = ? WHERE id = ? AND status = 'active'", [.blob(secret), .integer(step), .integer(clinician)]) else {
                    throw SyncStorageError("The account was disabled or removed while the second factor was being set up; nothing was kept.", isConflict: true)
                }
                _ = try run("DELETE FROM recovery_code WHERE clinician = ?", [.integer(clinician)])
                for code in recoveryCodes { _ = try run("INSERT INTO recovery_code (clinician, hash) VALUES (?, ?)", [.integer(clinician), .blob(code)]) }
                _ = try run("UPDATE team_session SET stage = 'signed-in', pending_secret = NULL WHERE hash = ?", [.blob(session)])
                try insertChained([audit])
            }
        }
    }

    public func setSessionStage(hash: Data, stage: SyncSessionStage, pendingSecret: Data?) throws {
        try locked {
            _ = try run("UPDATE team_session SET stage = ?, pending_secret = ? WHERE hash = ?", [.text(stage.rawValue), pendingSecret.map { .blob($0) } ?? .null, .blob(hash)])
        }
    }
}
