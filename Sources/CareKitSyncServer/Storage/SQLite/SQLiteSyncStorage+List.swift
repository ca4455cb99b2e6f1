import CareKitSQLite
import Foundation

/// The patient list's reads and writes in the embedded storage: one query for every assigned
/// patient's state, (a page's audit lines: SQLiteSyncStorage+Admin.swift).
extension SQLiteSyncStorage {
    public func assignedPatientStates(of clinician: Int64) throws -> [SyncPatientState] {
        try locked {
            // Each patient's latest revision through the primary key (patient, sequence).
            let statement = try connection.prepare(
                """
                SELECT patient.id, patient.name, patient.created,
                    (SELECT sequence FROM revision WHERE revision.patient = patient.id ORDER BY sequence DESC LIMIT 1),
                    (SELECT stored FROM revision WHERE revision.patient = patient.id ORDER BY sequence DESC LIMIT 1),
                    (SELECT at FROM patient_contact WHERE patient_contact.patient = patient.id)
                FROM assignment JOIN patient ON patient.id = assignment.patient
                WHERE assignment.clinician = ? ORDER BY patient.name
                """)
            statement.bind(clinician, at: 1)
            defer { statement.reset() }
            var result: [SyncPatientState] = []
            while try statement.step() {
                result.append(
                    SyncPatientState(
                        patient: SyncPatient(id: statement.int64(0), name: statement.string(1), created: statement.date(2)),
                        latestRevision: statement.isNull(3) ? 0 : statement.int64(3), lastPush: statement.optionalDate(4),
                        lastContact: statement.optionalDate(5)))
            }
            return result
        }
    }
}
