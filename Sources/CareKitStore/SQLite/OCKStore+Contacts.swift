import Foundation

extension OCKStore {

    public func fetchContacts(query: OCKContactQuery) async throws -> [OCKContact] {
        try await read { [cache] connection in
            var builder = _SQLBuilder()
            builder.addCommonFilters(query, table: OCKContact.table, entity: .contact)
            builder.whereRelated("t.care_plan_uuid", table: OCKCarePlan.table, field: "id", query.carePlanIDs)
            builder.whereIn("t.care_plan_uuid", query.carePlanUUIDs.map(\.uuidString))
            builder.whereRelated("t.care_plan_uuid", table: OCKCarePlan.table, field: "remote_id", nullable: query.carePlanRemoteIDs)
            let order = query.sortDescriptors.map { descriptor -> String in
                switch descriptor {
                case .givenName(let ascending): return "t.given_name \(ascending.sqlDirection)"
                case .familyName(let ascending): return "t.family_name \(ascending.sqlDirection)"
                case .effectiveDate(let ascending): return "t.effective_date \(ascending.sqlDirection)"
                }
            }
            return try builder.fetch(OCKContact.self, orderBy: order, limit: query.limit, offset: query.offset, connection: connection, cache: cache)
        }
    }

    @discardableResult
    public func addContacts(_ contacts: [OCKContact]) async throws -> [OCKContact] {
        try await write(.add, .contact) { [clock] connection in
            try _Writer.add(contacts, now: clock(), connection: connection) { _ in }
        }
    }

    @discardableResult
    public func updateContacts(_ contacts: [OCKContact]) async throws -> [OCKContact] {
        try await write(.update, .contact) { [clock] connection in
            try _Writer.append(contacts, deleting: false, now: clock(), connection: connection) { _, _ in }
        }
    }

    @discardableResult
    public func deleteContacts(_ contacts: [OCKContact]) async throws -> [OCKContact] {
        try await write(.delete, .contact) { [clock] connection in
            try _Writer.append(contacts, deleting: true, now: clock(), connection: connection) { _, _ in }
        }
    }
}
