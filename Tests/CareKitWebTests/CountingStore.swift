import CareKitStore
import Foundation
import Synchronization

/// A custom store in front of an `OCKStore` that counts what is asked of it: each fetch (one
/// read of the store) by name, and each action (one write, which reads the event inside it).
/// It keeps no change count of its own, so it gets `OCKObservableStore`'s default.
final class CountingStore: OCKAnyStoreProtocol, OCKObservableStore {
    let inner: OCKStore
    private let calls = Mutex<[String: Int]>([:])

    init(_ inner: OCKStore) {
        self.inner = inner
    }

    /// The calls so far, by name.
    var counts: [String: Int] { calls.withLock { $0 } }
    /// The fetches so far, all names together.
    var reads: Int { calls.withLock { $0.filter { $0.key.hasPrefix("fetch") }.values.reduce(0, +) } }
    /// Forgets the calls so far.
    func resetCounts() { calls.withLock { $0 = [:] } }

    private func count(_ name: String) { calls.withLock { $0[name, default: 0] += 1 } }

    func storeChanges() -> OCKStoreChangeStream { inner.storeChanges() }
    func storeChanges(affecting scope: OCKQueryScope) -> OCKStoreChangeStream { inner.storeChanges(affecting: scope) }
    func reset() throws { try inner.reset() }

    func fetchAnyPatients(query: OCKPatientQuery) async throws -> [any OCKAnyPatient] { count("fetchAnyPatients"); return try await inner.fetchAnyPatients(query: query) }
    func fetchAnyCarePlans(query: OCKCarePlanQuery) async throws -> [any OCKAnyCarePlan] { count("fetchAnyCarePlans"); return try await inner.fetchAnyCarePlans(query: query) }
    func fetchAnyContacts(query: OCKContactQuery) async throws -> [any OCKAnyContact] { count("fetchAnyContacts"); return try await inner.fetchAnyContacts(query: query) }
    func fetchAnyTasks(query: OCKTaskQuery) async throws -> [any OCKAnyTask] { count("fetchAnyTasks"); return try await inner.fetchAnyTasks(query: query) }
    func fetchAnyOutcomes(query: OCKOutcomeQuery) async throws -> [any OCKAnyOutcome] { count("fetchAnyOutcomes"); return try await inner.fetchAnyOutcomes(query: query) }
    func fetchAnyEvents(query: OCKEventQuery) async throws -> [OCKAnyEvent] { count("fetchAnyEvents"); return try await inner.fetchAnyEvents(query: query) }
    func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int) async throws -> OCKAnyEvent {
        count("fetchAnyEvent"); return try await inner.fetchAnyEvent(forTask: task, occurrence: occurrence)
    }

    func perform(_ action: OCKEventAction, on event: OCKAnyEvent, now: Date, calendar: Calendar) async throws -> OCKAnyEvent {
        count("perform"); return try await inner.perform(action, on: event, now: now, calendar: calendar)
    }

    func addAnyPatients(_ items: [any OCKAnyPatient]) async throws -> [any OCKAnyPatient] { try await inner.addAnyPatients(items) }
    func updateAnyPatients(_ items: [any OCKAnyPatient]) async throws -> [any OCKAnyPatient] { try await inner.updateAnyPatients(items) }
    func deleteAnyPatients(_ items: [any OCKAnyPatient]) async throws -> [any OCKAnyPatient] { try await inner.deleteAnyPatients(items) }
    func addAnyCarePlans(_ items: [any OCKAnyCarePlan]) async throws -> [any OCKAnyCarePlan] { try await inner.addAnyCarePlans(items) }
    func updateAnyCarePlans(_ items: [any OCKAnyCarePlan]) async throws -> [any OCKAnyCarePlan] { try await inner.updateAnyCarePlans(items) }
    func deleteAnyCarePlans(_ items: [any OCKAnyCarePlan]) async throws -> [any OCKAnyCarePlan] { try await inner.deleteAnyCarePlans(items) }
    func addAnyContacts(_ items: [any OCKAnyContact]) async throws -> [any OCKAnyContact] { try await inner.addAnyContacts(items) }
    func updateAnyContacts(_ items: [any OCKAnyContact]) async throws -> [any OCKAnyContact] { try await inner.updateAnyContacts(items) }
    func deleteAnyContacts(_ items: [any OCKAnyContact]) async throws -> [any OCKAnyContact] { try await inner.deleteAnyContacts(items) }
    func addAnyTasks(_ items: [any OCKAnyTask]) async throws -> [any OCKAnyTask] { try await inner.addAnyTasks(items) }
    func updateAnyTasks(_ items: [any OCKAnyTask]) async throws -> [any OCKAnyTask] { try await inner.updateAnyTasks(items) }
    func deleteAnyTasks(_ items: [any OCKAnyTask]) async throws -> [any OCKAnyTask] { try await inner.deleteAnyTasks(items) }
    func addAnyOutcomes(_ items: [any OCKAnyOutcome]) async throws -> [any OCKAnyOutcome] { try await inner.addAnyOutcomes(items) }
    func updateAnyOutcomes(_ items: [any OCKAnyOutcome]) async throws -> [any OCKAnyOutcome] { try await inner.updateAnyOutcomes(items) }
    func deleteAnyOutcomes(_ items: [any OCKAnyOutcome]) async throws -> [any OCKAnyOutcome] { try await inner.deleteAnyOutcomes(items) }
}
