import Foundation

/// A person on the patient's care team or among their friends and family.
public struct OCKContact: OCKAnyContact, OCKVersionedObjectCompatible {
    public let id: String
    /// The version of the care plan this contact belongs to.
    public var carePlanUUID: UUID?
    /// The contact's name.
    public var name: PersonNameComponents
    /// The contact's postal address.
    public var address: OCKPostalAddress?
    /// Email addresses.
    public var emailAddresses: [OCKLabeledValue]?
    /// Numbers that can receive text messages.
    public var messagingNumbers: [OCKLabeledValue]?
    /// Phone numbers.
    public var phoneNumbers: [OCKLabeledValue]?
    /// Other ways to reach the contact (fax, website...).
    public var otherContactInfo: [OCKLabeledValue]?
    /// The organization the contact works for.
    public var organization: String?
    /// A job title, for example "Cardiologist".
    public var title: String?
    /// A sentence about the contact's role in the patient's care.
    public var role: String?
    /// Care team or friends and family.
    public var category: OCKContactCategory?

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

    /// Creates a contact, effective now.
    public init(id: String, name: PersonNameComponents, carePlanUUID: UUID?) {
        self.id = id
        self.name = name
        self.carePlanUUID = carePlanUUID
        self.uuid = _TimeOrderedUUID.make()
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = Date()
        self.timezone = TimeZone.current
    }

    /// Creates a contact from a given and a family name, effective now.
    public init(id: String, givenName: String, familyName: String, carePlanUUID: UUID?) {
        var name = PersonNameComponents()
        name.givenName = givenName
        name.familyName = familyName
        self.init(id: id, name: name, carePlanUUID: carePlanUUID)
    }

    public func belongs(to plan: any OCKAnyCarePlan) -> Bool {
        guard let plan = plan as? OCKCarePlan, let carePlanUUID else { return false }
        return plan.uuid == carePlanUUID
    }
}
