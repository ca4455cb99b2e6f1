import Foundation

/// The person who follows the care plans in a store.
public struct OCKPatient: OCKAnyPatient, OCKVersionedObjectCompatible {
    public let id: String
    /// The patient's name.
    public var name: PersonNameComponents
    /// The patient's biological sex.
    public var sex: OCKBiologicalSex?
    /// The patient's date of birth.
    public var birthday: Date?
    /// Known allergies.
    public var allergies: [String]?

    public var uuid: UUID
    public var previousVersionUUIDs: [UUID]
    public var nextVersionUUIDs: [UUID]
    public var effectiveDate: Date
    public var deletedDate: Date?
    public var createdDate: Date?
    public var updatedDate: Date?
    public var schemaVersion: OCKSemanticVersion?
    public var remoteID: String?
    public var groupIdentifier: String?
    public var tags: [String]?
    public var source: String?
    public var userInfo: [String: String]?
    public var asset: String?
    public var notes: [OCKNote]?
    public var timezone: TimeZone

    /// Creates a patient, effective now.
    public init(id: String, name: PersonNameComponents) {
        self.id = id
        self.name = name
        self.uuid = _TimeOrderedUUID.make()
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = Date()
        self.timezone = TimeZone.current
    }

    /// Creates a patient from a given and a family name, effective now.
    public init(id: String, givenName: String, familyName: String) {
        var name = PersonNameComponents()
        name.givenName = givenName
        name.familyName = familyName
        self.init(id: id, name: name)
    }

    /// The patient's age in whole years today, or nil without a birthday.
    public var age: Int? { age(at: Date(), calendar: Calendar(identifier: .gregorian)) }

    /// The patient's age in whole years on a given date.
    public func age(at date: Date, calendar: Calendar) -> Int? {
        guard let birthday else { return nil }
        return calendar.dateComponents([.year], from: birthday, to: date).year
    }
}
