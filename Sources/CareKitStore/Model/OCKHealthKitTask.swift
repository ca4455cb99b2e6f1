import Foundation

/// How a HealthKit task is linked to a HealthKit quantity. HealthKit does not exist on Linux;
/// the type is kept so that data written by an iOS CareKit app (sync, export) reads and writes
/// back losslessly.
public struct OCKHealthKitLinkage: Codable, Hashable, Sendable {
    /// Whether samples are summed (steps) or kept one by one (heart rate).
    public enum QuantityType: String, Codable, Hashable, Sendable {
        case cumulative, discrete
    }
    /// The raw HealthKit identifier, for example `HKQuantityTypeIdentifierStepCount`.
    public var quantityIdentifier: String
    /// Cumulative or discrete.
    public var quantityType: QuantityType
    /// The HealthKit unit string, for example `count`.
    public var unitString: String

    /// Creates a linkage.
    public init(quantityIdentifier: String, quantityType: QuantityType, unitString: String) {
        self.quantityIdentifier = quantityIdentifier
        self.quantityType = quantityType
        self.unitString = unitString
    }
}

/// A task whose outcomes come from HealthKit on iOS. Here it is data only: it can be stored,
/// synced and exported, and its events are computed like any task's.
public struct OCKHealthKitTask: OCKAnyVersionableTask, OCKAnyMutableTask, OCKVersionedObjectCompatible {
    public let id: String
    public var carePlanUUID: UUID?
    public var title: String?
    public var instructions: String?
    public var impactsAdherence: Bool
    public var schedule: OCKSchedule
    /// The HealthKit quantity the task reads.
    public var healthKitLinkage: OCKHealthKitLinkage

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

    /// Creates a HealthKit task, effective from the start of its schedule.
    public init(id: String, title: String?, carePlanUUID: UUID?, schedule: OCKSchedule, healthKitLinkage: OCKHealthKitLinkage) {
        self.id = id
        self.title = title
        self.carePlanUUID = carePlanUUID
        self.schedule = schedule
        self.healthKitLinkage = healthKitLinkage
        self.impactsAdherence = true
        self.uuid = _TimeOrderedUUID.make()
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = schedule.startDate()
        self.timezone = TimeZone.current
    }

    public func belongs(to plan: any OCKAnyCarePlan) -> Bool {
        guard let plan = plan as? OCKCarePlan, let carePlanUUID else { return false }
        return plan.uuid == carePlanUUID
    }
}
