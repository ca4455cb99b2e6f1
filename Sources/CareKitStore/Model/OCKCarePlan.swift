import Foundation

/// A care plan groups the tasks and contacts of one treatment, for example "Knee recovery".
public struct OCKCarePlan: OCKAnyCarePlan, OCKVersionedObjectCompatible {
    public let id: String
    /// The title of the plan.
    public var title: String
    /// The version of the patient this plan belongs to.
    public var patientUUID: UUID?

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

    /// Creates a care plan, effective now.
    public init(id: String, title: String, patientUUID: UUID?) {
        self.id = id
        self.title = title
        self.patientUUID = patientUUID
        self.uuid = _TimeOrderedUUID.make()
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = Date()
        self.timezone = TimeZone.current
    }

    public func belongs(to patient: any OCKAnyPatient) -> Bool {
        guard let patient = patient as? OCKPatient, let patientUUID else { return false }
        return patient.uuid == patientUUID
    }
}
