import Foundation

/// Two-step sign-in on PostgreSQL (migration 8): each change one statement or one
/// transaction, so two servers on one database cannot both take the same code or recovery code.
extension PostgresSyncStorage {
    public func secondFactor(of clinician: Int64) throws -> SyncSecondFactor? {
        try run { connection in
            let rows = try connection.query("SELECT totp_secret, totp_last_step FROM clinician WHERE id = $1 AND totp_secret IS NOT NULL", [String(clinician)])
            return rows.count == 1 ? SyncSecondFactor(secret: Self.bytes(rows.string(0, 0)), lastStep: rows.int64(0, 1)) : nil
        }
    }

    public func takeTimeStep(_ step: Int64, of clinician: Int64) throws -> Bool {
        try run { connection in
            try connection.query(
                "UPDATE clinician SET totp_last_step = $2 WHERE id = $1 AND totp_secret IS NOT NULL AND totp_last_step < $2 RETURNING 1",
                [String(clinician), String(step)]
            ).count == 1
        }
    }

    public func useRecoveryCode(hash: Data, of clinician: Int64, at date: Date) throws -> (used: Bool, left: Int) {
        try run { connection in
            try connection.transaction {
                let used =
                    try connection.query(
                        "UPDATE recovery_code SET used = $3 WHERE clinician = $1 AND hash = decode($2, 'hex') AND used IS NULL RETURNING 1",
                        [String(clinician), Self.hex(hash), Self.text(date)]
                    ).count == 1
                let left = try connection.query("SELECT count(*) FROM recovery_code WHERE clinician = $1 AND used IS NULL", [String(clinician)])
                return (used, Int(left.int64(0, 0)))
            }
        }
    }

    public func enrollSecondFactor(clinician: Int64, secret: Data, step: Int64, recoveryCodes: [Data], session: Data, audit: SyncAuditEntry) throws {
        try run { connection in
            try connection.transaction {
                let enrolled = try connection.query(
                    "UPDATE clinician SET totp_secret = decode($2, 'hex'), totp_last_step = $3 WHERE id = $1 AND status = 'active' RETURNING 1",
                    [String(clinician), Self.hex(secret), String(step)])
                guard enrolled.count == 1 else {
                    throw SyncStorageError("The account was disabled or removed while the second factor was being set up; nothing was kept.", isConflict: true)
                }
                _ = try connection.query("DELETE FROM recovery_code WHERE clinician = $1", [String(clinician)])
                for code in recoveryCodes {
                    _ = try connection.query("INSERT INTO recovery_code (clinician, hash) VALUES ($1, decode($2, 'hex'))", [String(clinician), Self.hex(code)])
                }
                _ = try connection.query("UPDATE team_session SET stage = 'signed-in', pending_secret = NULL WHERE hash = decode($1, 'hex')", [Self.hex(session)])
                try Self.insertChained([audit], connection)
            }
        }
    }

    public func setSessionStage(hash: Data, stage: SyncSessionStage, pendingSecret: Data?) throws {
        _ = try run { connection in
            try connection.query(
                "UPDATE team_session SET stage = $2, pending_secret = decode($3, 'hex') WHERE hash = decode($1, 'hex')",
                [Self.hex(hash), stage.rawValue, pendingSecret.map(Self.hex)])
        }
    }
}
