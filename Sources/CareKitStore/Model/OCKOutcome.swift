import Foundation

/// What happened for one occurrence of a task: the values the patient recorded.
public struct OCKOutcome: OCKAnyOutcome, OCKVersionedObjectCompatible {
    /// The outcome's identity: a new UUID string (time-ordered, version 7) unless you choose one.
    public var id: String
    /// The task *version* this outcome belongs to.
    public var taskUUID: UUID
    /// The occurrence of that version's schedule this outcome records.
    public var taskOccurrenceIndex: Int
    /// The recorded values.
    public var values: [OCKOutcomeValue]

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

    /// Creates an outcome for an occurrence of a task version, effective now.
    public init(taskUUID: UUID, taskOccurrenceIndex: Int, values: [OCKOutcomeValue]) {
        self.id = _TimeOrderedUUID.make().uuidString
        self.taskUUID = taskUUID
        self.taskOccurrenceIndex = taskOccurrenceIndex
        self.values = values
        self.uuid = _TimeOrderedUUID.make()
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = Date()
        self.timezone = TimeZone.current
    }

    public func belongs(to task: any OCKAnyTask) -> Bool {
        task.uuid == taskUUID
    }
}
