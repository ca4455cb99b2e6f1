import Foundation

extension OCKContact: _StoredEntity {
    static var table: String { "contact" }
    static var entityCode: _Schema.EntityCode { .contact }
    static var noun: String { "contact" }
    static var specificColumns: [String] {
        [
            "care_plan_uuid", "name", "given_name", "family_name", "address", "email_addresses", "messaging_numbers",
            "phone_numbers", "other_contact_info", "organization", "title", "role", "category"
        ]
    }

    func bindSpecific(to statement: _SQLiteStatement, from index: Int32, context: Void) throws {
        statement.bind(carePlanUUID, at: index)
        statement.bind(try _Encoding.json(name) ?? "{}", at: index + 1)
        statement.bind(name.givenName, at: index + 2)
        statement.bind(name.familyName, at: index + 3)
        statement.bind(try _Encoding.json(address), at: index + 4)
        statement.bind(try _Encoding.json(emailAddresses), at: index + 5)
        statement.bind(try _Encoding.json(messagingNumbers), at: index + 6)
        statement.bind(try _Encoding.json(phoneNumbers), at: index + 7)
        statement.bind(try _Encoding.json(otherContactInfo), at: index + 8)
        statement.bind(organization, at: index + 9)
        statement.bind(title, at: index + 10)
        statement.bind(role, at: index + 11)
        statement.bind(category?.rawValue, at: index + 12)
    }

    static func make(id: String, row: Int64, from s: _SQLiteStatement, at index: Int32, connection: _SQLiteConnection) throws -> OCKContact {
        let name = try _Encoding.decode(PersonNameComponents.self, s.string(index + 1)) ?? PersonNameComponents()
        var contact = OCKContact(id: id, name: name, carePlanUUID: s.uuid(index))
        contact.address = try _Encoding.decode(OCKPostalAddress.self, s.optionalString(index + 4))
        contact.emailAddresses = try _Encoding.decode([OCKLabeledValue].self, s.optionalString(index + 5))
        contact.messagingNumbers = try _Encoding.decode([OCKLabeledValue].self, s.optionalString(index + 6))
        contact.phoneNumbers = try _Encoding.decode([OCKLabeledValue].self, s.optionalString(index + 7))
        contact.otherContactInfo = try _Encoding.decode([OCKLabeledValue].self, s.optionalString(index + 8))
        contact.organization = s.optionalString(index + 9)
        contact.title = s.optionalString(index + 10)
        contact.role = s.optionalString(index + 11)
        contact.category = s.optionalString(index + 12).flatMap(OCKContactCategory.init(rawValue:))
        return contact
    }
}
