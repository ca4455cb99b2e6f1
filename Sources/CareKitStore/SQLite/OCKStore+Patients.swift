import CareKitLocalization
import Foundation

extension OCKStore {

    public func fetchPatients(query: OCKPatientQuery) async throws -> [OCKPatient] {
        try await read { [cache] connection in
            var builder = _SQLBuilder()
            builder.addCommonFilters(query, table: OCKPatient.table, entity: .patient)
            let order = query.sortDescriptors.map { descriptor -> String in
                switch descriptor {
                case .groupIdentifier(let ascending): return "t.group_identifier \(ascending.sqlDirection)"
                case .givenName(let ascending): return "t.given_name \(ascending.sqlDirection)"
                case .familyName(let ascending): return "t.family_name \(ascending.sqlDirection)"
                case .effectiveDate(let ascending): return "t.effective_date \(ascending.sqlDirection)"
                }
            }
            return try builder.fetch(OCKPatient.self, orderBy: order, limit: query.limit, offset: query.offset, connection: connection, cache: cache)
        }
    }

    /// Adds patients. A store holds one patient, as in CareKit: adding a second one fails.
    @discardableResult
    public func addPatients(_ patients: [OCKPatient]) async throws -> [OCKPatient] {
        try await write(.add, .patient) { [clock] connection in
            let existing = try connection.scalarInt("SELECT count(*) FROM patient") ?? 0
            if existing > 0 || patients.count > 1 {
                throw OCKStoreError.addFailed(
                    reason: existing > 0
                        ? loc("This store already has a patient; a store holds one patient, as in CareKit. Update the existing patient instead.")
                        : loc("A store holds one patient, as in CareKit; this call adds {count}.", ["count": OCKLocalization.number(patients.count)]))
            }
            return try _Writer.add(patients, now: clock(), connection: connection) { _ in }
        }
    }

    @discardableResult
    public func updatePatients(_ patients: [OCKPatient]) async throws -> [OCKPatient] {
        try await write(.update, .patient) { [clock] connection in
            try _Writer.append(patients, deleting: false, now: clock(), connection: connection) { _, _ in }
        }
    }

    @discardableResult
    public func deletePatients(_ patients: [OCKPatient]) async throws -> [OCKPatient] {
        try await write(.delete, .patient) { [clock] connection in
            try _Writer.append(patients, deleting: true, now: clock(), connection: connection) { _, _ in }
        }
    }
}
