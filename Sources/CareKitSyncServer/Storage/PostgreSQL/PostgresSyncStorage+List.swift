import Foundation

/// The patient list's reads and writes on PostgreSQL: one query for every assigned patient's
/// state, each patient's latest revision read from their row (migration 10); a page's audit lines:
/// PostgresSyncStorage+Admin.swift.
extension PostgresSyncStorage {
    public func assignedPatientStates(of clinician: Int64) throws -> [SyncPatientState] {
        try run { connection in
            let rows = try connection.query(
                """
                SELECT patient.id, patient.name, patient.created, patient.latest_sequence, patient.latest_stored, patient_contact.at
                FROM assignment JOIN patient ON patient.id = assignment.patient
                LEFT JOIN patient_contact ON patient_contact.patient = patient.id
                WHERE assignment.clinician = $1 ORDER BY patient.name COLLATE "C"
                """, [String(clinician)])
            return (0..<rows.count).map { row in
                SyncPatientState(
                    patient: SyncPatient(id: rows.int64(row, 0), name: rows.string(row, 1), created: Date(timeIntervalSince1970: rows.double(row, 2))),
                    latestRevision: rows.int64(row, 3), lastPush: rows[row, 4] == nil ? nil : Date(timeIntervalSince1970: rows.double(row, 4)),
                    lastContact: rows[row, 5] == nil ? nil : Date(timeIntervalSince1970: rows.double(row, 5)))
            }
        }
    }
}
