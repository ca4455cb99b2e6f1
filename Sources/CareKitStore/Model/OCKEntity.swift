import Foundation

/// Any one versioned entity, tagged with its type; the unit of synchronization.
/// JSON form: `{"type": "task", "object": {...}}`.
public enum OCKEntity: Codable, Hashable, Sendable {
    case patient(OCKPatient)
    case carePlan(OCKCarePlan)
    case contact(OCKContact)
    case task(OCKTask)
    case healthKitTask(OCKHealthKitTask)
    case outcome(OCKOutcome)

    /// The type tags used in JSON.
    public enum EntityType: String, Codable, Hashable, Sendable, CaseIterable {
        case patient, carePlan, contact, task, healthKitTask, outcome
    }

    /// The type of the wrapped entity.
    public var entityType: EntityType {
        switch self {
        case .patient: return .patient
        case .carePlan: return .carePlan
        case .contact: return .contact
        case .task: return .task
        case .healthKitTask: return .healthKitTask
        case .outcome: return .outcome
        }
    }

    /// The wrapped entity's logical id.
    public var id: String { versioned.id }

    /// The wrapped entity's version uuid.
    public var uuid: UUID { versioned.uuid }

    /// The wrapped entity, seen through the fields all versioned entities share.
    public var versioned: any OCKVersionedObjectCompatible {
        switch self {
        case .patient(let value): return value
        case .carePlan(let value): return value
        case .contact(let value): return value
        case .task(let value): return value
        case .healthKitTask(let value): return value
        case .outcome(let value): return value
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, object
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(EntityType.self, forKey: .type) {
        case .patient: self = .patient(try container.decode(OCKPatient.self, forKey: .object))
        case .carePlan: self = .carePlan(try container.decode(OCKCarePlan.self, forKey: .object))
        case .contact: self = .contact(try container.decode(OCKContact.self, forKey: .object))
        case .task: self = .task(try container.decode(OCKTask.self, forKey: .object))
        case .healthKitTask: self = .healthKitTask(try container.decode(OCKHealthKitTask.self, forKey: .object))
        case .outcome: self = .outcome(try container.decode(OCKOutcome.self, forKey: .object))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entityType, forKey: .type)
        switch self {
        case .patient(let value): try container.encode(value, forKey: .object)
        case .carePlan(let value): try container.encode(value, forKey: .object)
        case .contact(let value): try container.encode(value, forKey: .object)
        case .task(let value): try container.encode(value, forKey: .object)
        case .healthKitTask(let value): try container.encode(value, forKey: .object)
        case .outcome(let value): try container.encode(value, forKey: .object)
        }
    }
}
