import Foundation

/// Triage on PostgreSQL (migration 5): acknowledged alerts, each with its audit line in one
/// transaction, and each patient's last contact.
extension PostgresSyncStorage {
    public func acknowledgeAlert(patient: Int64, key: String, note: String, audit: SyncAuditEntry) throws {
        _ = try run { connection in
            try connection.transaction {
                _ = try connection.query(
                    """
                    INSERT INTO alert_ack (patient, key, clinician, at, note) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (patient, key) DO UPDATE SET clinician = excluded.clinician, at = excluded.at, note = excluded.note
                    """, [String(patient), key, audit.clinician.map(String.init) ?? "", Self.text(audit.date), note])
                try Self.insertChained([audit], connection)
            }
        }
    }

    public func acknowledgedAlerts(of clinician: Int64) throws -> [Int64: Set<String>] {
        try run { connection in
            let rows = try connection.query(
                "SELECT alert_ack.patient, alert_ack.key FROM assignment JOIN alert_ack ON alert_ack.patient = assignment.patient WHERE assignment.clinician = $1",
                [String(clinician)])
            var result: [Int64: Set<String>] = [:]
            for row in 0..<rows.count { result[rows.int64(row, 0), default: []].insert(rows.string(row, 1)) }
            return result
        }
    }

    public func recordContact(patient: Int64, at date: Date) throws {
        _ = try run { connection in
            try connection.query(
                "INSERT INTO patient_contact (patient, at) VALUES ($1, $2) ON CONFLICT (patient) DO UPDATE SET at = greatest(patient_contact.at, excluded.at)",
                [String(patient), Self.text(date)])
        }
    }
}
