import Foundation

/// Decides which attached store handles each query and each write of an
/// ``OCKStoreCoordinator``. Every method has a default: queries go to every store, and a write
/// goes to a store that holds the item's type.
public protocol OCKStoreCoordinatorDelegate: AnyObject, Sendable {
    func patientStore(_ store: any OCKAnyReadOnlyPatientStore, shouldHandleQuery query: OCKPatientQuery) -> Bool
    func patientStore(_ store: any OCKAnyPatientStore, shouldHandleWritingPatient patient: any OCKAnyPatient) -> Bool
    func carePlanStore(_ store: any OCKAnyReadOnlyCarePlanStore, shouldHandleQuery query: OCKCarePlanQuery) -> Bool
    func carePlanStore(_ store: any OCKAnyCarePlanStore, shouldHandleWritingCarePlan plan: any OCKAnyCarePlan) -> Bool
    func contactStore(_ store: any OCKAnyReadOnlyContactStore, shouldHandleQuery query: OCKContactQuery) -> Bool
    func contactStore(_ store: any OCKAnyContactStore, shouldHandleWritingContact contact: any OCKAnyContact) -> Bool
    func taskStore(_ store: any OCKAnyReadOnlyTaskStore, shouldHandleQuery query: OCKTaskQuery) -> Bool
    func taskStore(_ store: any OCKAnyTaskStore, shouldHandleWritingTask task: any OCKAnyTask) -> Bool
    func outcomeStore(_ store: any OCKAnyReadOnlyOutcomeStore, shouldHandleQuery query: OCKOutcomeQuery) -> Bool
    func outcomeStore(_ store: any OCKAnyOutcomeStore, shouldHandleWritingOutcome outcome: any OCKAnyOutcome) -> Bool
}

extension OCKStoreCoordinatorDelegate {
    public func patientStore(_ store: any OCKAnyReadOnlyPatientStore, shouldHandleQuery query: OCKPatientQuery) -> Bool { true }
    public func patientStore(_ store: any OCKAnyPatientStore, shouldHandleWritingPatient patient: any OCKAnyPatient) -> Bool {
        _OCKTypeRouting.holds(patient, store)
    }
    public func carePlanStore(_ store: any OCKAnyReadOnlyCarePlanStore, shouldHandleQuery query: OCKCarePlanQuery) -> Bool { true }
    public func carePlanStore(_ store: any OCKAnyCarePlanStore, shouldHandleWritingCarePlan plan: any OCKAnyCarePlan) -> Bool {
        _OCKTypeRouting.holds(plan, store)
    }
    public func contactStore(_ store: any OCKAnyReadOnlyContactStore, shouldHandleQuery query: OCKContactQuery) -> Bool { true }
    public func contactStore(_ store: any OCKAnyContactStore, shouldHandleWritingContact contact: any OCKAnyContact) -> Bool {
        _OCKTypeRouting.holds(contact, store)
    }
    public func taskStore(_ store: any OCKAnyReadOnlyTaskStore, shouldHandleQuery query: OCKTaskQuery) -> Bool { true }
    public func taskStore(_ store: any OCKAnyTaskStore, shouldHandleWritingTask task: any OCKAnyTask) -> Bool {
        _OCKTypeRouting.holds(task, store)
    }
    public func outcomeStore(_ store: any OCKAnyReadOnlyOutcomeStore, shouldHandleQuery query: OCKOutcomeQuery) -> Bool { true }
    public func outcomeStore(_ store: any OCKAnyOutcomeStore, shouldHandleWritingOutcome outcome: any OCKAnyOutcome) -> Bool {
        _OCKTypeRouting.holds(outcome, store)
    }
}

/// Whether a typed store holds items of a given concrete type; type-erased stores accept all.
enum _OCKTypeRouting {
    static func holds(_ item: Any, _ store: Any) -> Bool {
        if item is any OCKAnyPatient, let typed = store as? any OCKPatientStore { return holdsPatient(item, typed) }
        if item is any OCKAnyCarePlan, let typed = store as? any OCKCarePlanStore { return holdsPlan(item, typed) }
        if item is any OCKAnyContact, let typed = store as? any OCKContactStore { return holdsContact(item, typed) }
        if item is any OCKAnyTask, let typed = store as? any OCKTaskStore { return holdsTask(item, typed) }
        if item is any OCKAnyOutcome, let typed = store as? any OCKOutcomeStore { return holdsOutcome(item, typed) }
        return true
    }

    private static func holdsPatient<Store: OCKPatientStore>(_ item: Any, _ store: Store) -> Bool { item is Store.Patient }
    private static func holdsPlan<Store: OCKCarePlanStore>(_ item: Any, _ store: Store) -> Bool { item is Store.Plan }
    private static func holdsContact<Store: OCKContactStore>(_ item: Any, _ store: Store) -> Bool { item is Store.Contact }
    private static func holdsTask<Store: OCKTaskStore>(_ item: Any, _ store: Store) -> Bool { item is Store.Task }
    private static func holdsOutcome<Store: OCKOutcomeStore>(_ item: Any, _ store: Store) -> Bool { item is Store.Outcome }
}
