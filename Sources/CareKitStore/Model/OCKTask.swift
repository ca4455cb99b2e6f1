import Foundation

/// Something the patient does on a schedule: take a medication, exercise, log a symptom.
public struct OCKTask: OCKAnyVersionableTask, OCKAnyMutableTask, OCKVersionedObjectCompatible {
    public let id: String
    /// The version of the care plan this task belongs to.
    public var carePlanUUID: UUID?
    /// A short title, for example "Doxylamine".
    public var title: String?
    /// How to perform the task.
    public var instructions: String?
    /// Whether the task counts towards the patient's adherence. Optional tasks (as needed
    /// medication, optional symptoms) set this to false.
    public var impactsAdherence: Bool
    /// When the task occurs.
    public var schedule: OCKSchedule

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

    /// Creates a task, effective from the start of its schedule.
    public init(id: String, title: String?, carePlanUUID: UUID?, schedule: OCKSchedule) {
        self.id = id
        self.title = title
        self.carePlanUUID = carePlanUUID
        self.schedule = schedule
        self.impactsAdherence = true
        self.uuid = _TimeOrderedUUID.make()
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = schedule.startDate()
        self.timezone = TimeZone.current
    }

    /// Creates a task; `carePlanID` is the older spelling of `carePlanUUID` kept so that
    /// CareKit 2 sample code (`carePlanID: nil`) compiles.
    public init(id: String, title: String?, carePlanID: UUID?, schedule: OCKSchedule) {
        self.init(id: id, title: title, carePlanUUID: carePlanID, schedule: schedule)
    }

    public func belongs(to plan: any OCKAnyCarePlan) -> Bool {
        guard let plan = plan as? OCKCarePlan, let carePlanUUID else { return false }
        return plan.uuid == carePlanUUID
    }
}
