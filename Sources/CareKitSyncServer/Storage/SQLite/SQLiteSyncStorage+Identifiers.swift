import CareKitSQLite
import Foundation

/// The patient's identifiers in other systems (`carekit sync-server set-identifier`), on SQLite.
extension SQLiteSyncStorage {
    public func setIdentifier(patient: Int64, _ identifier: SyncPatientIdentifier, at date: Date) throws {
        try locked {
            let statement = try connection.prepare(
                "INSERT INTO patient_identifier (patient, system, value, updated) VALUES (?, ?, ?, ?) ON CONFLICT (patient, system) DO UPDATE SET value = excluded.value, updated = excluded.updated"
            )
            statement.bind(patient, at: 1)
            statement.bind(identifier.system, at: 2)
            statement.bind(identifier.value, at: 3)
            statement.bind(date, at: 4)
            try statement.run()
        }
    }

    public func identifiers(patient: Int64) throws -> [SyncPatientIdentifier] {
        try locked {
            let statement = try connection.prepare("SELECT system, value FROM patient_identifier WHERE patient = ? ORDER BY system")
            statement.bind(patient, at: 1)
            var result: [SyncPatientIdentifier] = []
            while try statement.step() { result.append(SyncPatientIdentifier(system: statement.string(0), value: statement.string(1))) }
            return result
        }
    }
}
