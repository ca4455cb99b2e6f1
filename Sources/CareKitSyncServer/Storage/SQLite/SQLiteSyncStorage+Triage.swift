import CareKitSQLite
import Foundation

/// Triage in the embedded storage (schema 5): acknowledged alerts, each with its audit line in
/// one transaction, and each patient's last contact.
extension SQLiteSyncStorage {
    public func acknowledgeAlert(patient: Int64, key: String, note: String, audit: SyncAuditEntry) throws {
        try locked {
            try connection.transaction {
                let statement = try connection.prepare("INSERT OR REPLACE INTO alert_ack (patient, key, clinician, at, note) VALUES (?, ?, ?, ?, ?)")
                statement.bind(patient, at: 1)
                statement.bind(key, at: 2)
                if let clinician = audit.clinician { statement.bind(clinician, at: 3) } else { statement.bindNull(at: 3) }
                statement.bind(audit.date, at: 4)
                statement.bind(note, at: 5)
                try statement.run()
                try insertChained([audit])
            }
        }
    }

    public func acknowledgedAlerts(of clinician: Int64) throws -> [Int64: Set<String>] {
        try locked {
            let statement = try connection.prepare(
                "SELECT alert_ack.patient, alert_ack.key FROM assignment JOIN alert_ack ON alert_ack.patient = assignment.patient WHERE assignment.clinician = ?")
            statement.bind(clinician, at: 1)
            defer { statement.reset() }
            var result: [Int64: Set<String>] = [:]
            while try statement.step() { result[statement.int64(0), default: []].insert(statement.string(1)) }
            return result
        }
    }

    public func recordContact(patient: Int64, at date: Date) throws {
        try locked {
            let statement = try connection.prepare(
                "INSERT INTO patient_contact (patient, at) VALUES (?, ?) ON CONFLICT (patient) DO UPDATE SET at = max(at, excluded.at)")
            statement.bind(patient, at: 1)
            statement.bind(date, at: 2)
            try statement.run()
        }
    }
}
