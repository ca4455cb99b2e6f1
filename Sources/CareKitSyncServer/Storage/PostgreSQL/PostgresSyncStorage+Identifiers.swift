import Foundation

/// The patient's identifiers in other systems (`carekit sync-server set-identifier`), on PostgreSQL.
extension PostgresSyncStorage {
    public func setIdentifier(patient: Int64, _ identifier: SyncPatientIdentifier, at date: Date) throws {
        _ = try run { connection in
            try connection.query(
                "INSERT INTO patient_identifier (patient, system, value, updated) VALUES ($1, $2, $3, $4) ON CONFLICT (patient, system) DO UPDATE SET value = excluded.value, updated = excluded.updated",
                [String(patient), identifier.system, identifier.value, Self.text(date)])
        }
    }

    public func identifiers(patient: Int64) throws -> [SyncPatientIdentifier] {
        try run { connection in
            let rows = try connection.query("SELECT system, value FROM patient_identifier WHERE patient = $1 ORDER BY system COLLATE \"C\"", [String(patient)])
            return (0..<rows.count).map { SyncPatientIdentifier(system: rows.string($0, 0), value: rows.string($0, 1)) }
        }
    }
}
