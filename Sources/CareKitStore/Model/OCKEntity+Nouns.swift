import CareKitLocalization

extension OCKEntity.EntityType {
    /// The entity's name in a reason, in the current language ("task", "Aufgabe").
    var noun: String {
        switch self {
        case .patient: return loc("patient")
        case .carePlan: return loc("care plan")
        case .contact: return loc("contact")
        case .task, .healthKitTask: return loc("task")
        case .outcome: return loc("outcome")
        }
    }

    /// The entity's plural name in a reason, in the current language ("tasks", "Aufgaben").
    var nouns: String {
        switch self {
        case .patient: return loc("patients")
        case .carePlan: return loc("care plans")
        case .contact: return loc("contacts")
        case .task, .healthKitTask: return loc("tasks")
        case .outcome: return loc("outcomes")
        }
    }
}
