import Foundation

/// An identifier of a patient in another system: a hospital's medical record number, served on
/// the patient's FHIR `Patient` (`carekit sync-server set-identifier`).
public struct SyncPatientIdentifier: Hashable, Sendable {
    /// The namespace: a URI (`urn:oid:…`, `https://hospital.example/mrn`).
    public var system: String
    /// The identifier in that system.
    public var value: String

    public init(system: String, value: String) {
        self.system = system
        self.value = value
    }
}

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
