import Foundation

extension OCKStore {

    public func fetchCarePlans(query: OCKCarePlanQuery) async throws -> [OCKCarePlan] {
        try await read { [cache] connection in
            var builder = _SQLBuilder()
            builder.addCommonFilters(query, table: OCKCarePlan.table, entity: .carePlan)
            builder.whereRelated("t.patient_uuid", table: OCKPatient.table, field: "id", query.patientIDs)
            builder.whereIn("t.patient_uuid", query.patientUUIDs.map(\.uuidString))
            builder.whereRelated("t.patient_uuid", table: OCKPatient.table, field: "remote_id", nullable: query.patientRemoteIDs)
            let order = query.sortDescriptors.map { descriptor -> String in
                switch descriptor {
                case .title(let ascending): return "t.title \(ascending.sqlDirection)"
                case .effectiveDate(let ascending): return "t.effective_date \(ascending.sqlDirection)"
                }
            }
            return try builder.fetch(OCKCarePlan.self, orderBy: order, limit: query.limit, offset: query.offset, connection: connection, cache: cache)
        }
    }

    @discardableResult
    public func addCarePlans(_ plans: [OCKCarePlan]) async throws -> [OCKCarePlan] {
        try await write(.add, .carePlan) { [clock] connection in
            try _Writer.add(plans, now: clock(), connection: connection) { _ in }
        }
    }

    @discardableResult
    public func updateCarePlans(_ plans: [OCKCarePlan]) async throws -> [OCKCarePlan] {
        try await write(.update, .carePlan) { [clock] connection in
            try _Writer.append(plans, deleting: false, now: clock(), connection: connection) { _, _ in }
        }
    }

    @discardableResult
    public func deleteCarePlans(_ plans: [OCKCarePlan]) async throws -> [OCKCarePlan] {
        try await write(.delete, .carePlan) { [clock] connection in
            try _Writer.append(plans, deleting: true, now: clock(), connection: connection) { _, _ in }
        }
    }
}
