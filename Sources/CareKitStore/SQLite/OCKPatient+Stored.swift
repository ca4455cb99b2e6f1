import Foundation

extension OCKPatient: _StoredEntity {
    static var table: String { "patient" }
    static var entityCode: _Schema.EntityCode { .patient }
    static var noun: String { "patient" }
    static var specificColumns: [String] { ["name", "given_name", "family_name", "sex", "birthday", "allergies"] }

    func bindSpecific(to statement: _SQLiteStatement, from index: Int32, context: Void) throws {
        statement.bind(try _Encoding.json(name) ?? "{}", at: index)
        statement.bind(name.givenName, at: index + 1)
        statement.bind(name.familyName, at: index + 2)
        statement.bind(sex?.rawValue, at: index + 3)
        statement.bind(birthday, at: index + 4)
        statement.bind(allergies.map(_Encoding.jsonArray), at: index + 5)
    }

    static func make(id: String, row: Int64, from s: _SQLiteStatement, at index: Int32, connection: _SQLiteConnection) throws -> OCKPatient {
        let name = try _Encoding.decode(PersonNameComponents.self, s.string(index)) ?? PersonNameComponents()
        var patient = OCKPatient(id: id, name: name)
        patient.sex = s.optionalString(index + 3).map(OCKBiologicalSex.init(rawValue:))
        patient.birthday = s.optionalDate(index + 4)
        patient.allergies = _Encoding.stringArray(s.optionalString(index + 5))
        return patient
    }
}
