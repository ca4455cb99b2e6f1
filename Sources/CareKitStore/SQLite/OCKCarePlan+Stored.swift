import Foundation

extension OCKCarePlan: _StoredEntity {
    static var table: String { "care_plan" }
    static var entityCode: _Schema.EntityCode { .carePlan }
    static var noun: String { "care plan" }
    static var specificColumns: [String] { ["title", "patient_uuid"] }

    func bindSpecific(to statement: _SQLiteStatement, from index: Int32, context: Void) throws {
        statement.bind(title, at: index)
        statement.bind(patientUUID, at: index + 1)
    }

    static func make(id: String, row: Int64, from s: _SQLiteStatement, at index: Int32, connection: _SQLiteConnection) throws -> OCKCarePlan {
        OCKCarePlan(id: id, title: s.string(index), patientUUID: s.uuid(index + 1))
    }
}
