import Foundation

/// A patient of any concrete type, seen read-only.
public protocol OCKAnyPatient: Sendable {
    var id: String { get }
    var name: PersonNameComponents { get }
    var sex: OCKBiologicalSex? { get }
    var birthday: Date? { get }
    var allergies: [String]? { get }
    var remoteID: String? { get }
    var groupIdentifier: String? { get }
    var notes: [OCKNote]? { get }
    var effectiveDate: Date { get }
}

/// A care plan of any concrete type, seen read-only.
public protocol OCKAnyCarePlan: Sendable {
    var id: String { get }
    var title: String { get }
    var remoteID: String? { get }
    var groupIdentifier: String? { get }
    var notes: [OCKNote]? { get }
    var effectiveDate: Date { get }
    /// Whether this plan belongs to the given patient version.
    func belongs(to patient: any OCKAnyPatient) -> Bool
}

/// A contact of any concrete type, seen read-only.
public protocol OCKAnyContact: Sendable {
    var id: String { get }
    var name: PersonNameComponents { get }
    var address: OCKPostalAddress? { get }
    var emailAddresses: [OCKLabeledValue]? { get }
    var messagingNumbers: [OCKLabeledValue]? { get }
    var phoneNumbers: [OCKLabeledValue]? { get }
    var otherContactInfo: [OCKLabeledValue]? { get }
    var organization: String? { get }
    var title: String? { get }
    var role: String? { get }
    var category: OCKContactCategory? { get }
    var remoteID: String? { get }
    var groupIdentifier: String? { get }
    var notes: [OCKNote]? { get }
    var asset: String? { get }
    var effectiveDate: Date { get }
    /// Whether this contact belongs to the given care plan version.
    func belongs(to plan: any OCKAnyCarePlan) -> Bool
}

extension OCKAnyContact {
    /// Whether two contacts of any type are equal.
    public func isEqual(to other: any OCKAnyContact) -> Bool {
        _ockAnyEqual(self, other)
    }
}

/// A task of any concrete type, seen read-only.
public protocol OCKAnyTask: Sendable {
    var id: String { get }
    /// The identity of this version of the task.
    var uuid: UUID { get }
    var title: String? { get }
    var instructions: String? { get }
    var impactsAdherence: Bool { get }
    var schedule: OCKSchedule { get }
    var groupIdentifier: String? { get }
    var tags: [String]? { get }
    var asset: String? { get }
    var remoteID: String? { get }
    var notes: [OCKNote]? { get }
    var effectiveDate: Date { get }
    /// Whether this task belongs to the given care plan version.
    func belongs(to plan: any OCKAnyCarePlan) -> Bool
}

/// A task whose display fields can be changed.
public protocol OCKAnyMutableTask: OCKAnyTask {
    var title: String? { get set }
    var instructions: String? { get set }
    var impactsAdherence: Bool { get set }
    var schedule: OCKSchedule { get set }
}

/// A task that knows its place in the version graph, so events can be built across versions.
public protocol OCKAnyVersionableTask: OCKAnyTask {
    var previousVersionUUIDs: [UUID] { get }
    var nextVersionUUIDs: [UUID] { get }
    var effectiveDate: Date { get }
}

/// An outcome of any concrete type.
public protocol OCKAnyOutcome: Sendable {
    var id: String { get }
    /// The task version the outcome belongs to.
    var taskUUID: UUID { get }
    /// The occurrence of that task version's schedule.
    var taskOccurrenceIndex: Int { get }
    var values: [OCKOutcomeValue] { get set }
    var remoteID: String? { get }
    var groupIdentifier: String? { get }
    var notes: [OCKNote]? { get }
    /// Whether this outcome belongs to the given task version.
    func belongs(to task: any OCKAnyTask) -> Bool
}

/// Equality across existentials: true when both values have the same Equatable type and are equal.
func _ockAnyEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs._isEqual(toAny: rhs)
}

extension Equatable {
    fileprivate func _isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

// Defaults so that a custom task type only has to provide what it really has.
extension OCKAnyTask {
    public var tags: [String]? { nil }
    public var asset: String? { nil }
    public var remoteID: String? { nil }
    public var notes: [OCKNote]? { nil }
    public var groupIdentifier: String? { nil }
    public var instructions: String? { nil }
    public var effectiveDate: Date { schedule.startDate() }
}
