import Foundation
import Synchronization

/// Lets one app read from and write to several stores as if they were one.
///
/// Reads fan out to every attached store the ``delegate`` lets handle the query, run
/// concurrently, and are merged and sorted by the query's sort (events by start); `limit` and
/// `offset` apply to the merged result. A write goes, whole, to the first store that accepts
/// every item, or fails with a reason. Settings (``OCKPreferenceStore``) are kept by one store,
/// the first attached for writing that keeps them. Streams re-run the merged fetch after a
/// change in any attached store. Nothing relies on the main queue.
public final class OCKStoreCoordinator: OCKAnyStoreProtocol, OCKObservableStore, OCKStoreCoordinatorDelegate {

    private struct Stores {
        var patientReaders: [any OCKAnyReadOnlyPatientStore] = []
        var patientWriters: [any OCKAnyPatientStore] = []
        var planReaders: [any OCKAnyReadOnlyCarePlanStore] = []
        var planWriters: [any OCKAnyCarePlanStore] = []
        var contactReaders: [any OCKAnyReadOnlyContactStore] = []
        var contactWriters: [any OCKAnyContactStore] = []
        var eventReaders: [any OCKAnyReadOnlyEventStore] = []
        var eventWriters: [any OCKAnyEventStore] = []
        /// How many times a store was attached (each changes what the coordinator shows).
        var attachments = 0
        /// Every store attached for writing, in the order attached (where settings go).
        var writers: [AnyObject] = []

        var all: [AnyObject] {
            var seen = Set<ObjectIdentifier>()
            let objects: [AnyObject] = patientReaders + planReaders + contactReaders + eventReaders
            return objects.filter { seen.insert(ObjectIdentifier($0)).inserted }
        }
    }

    private struct WeakDelegate: @unchecked Sendable {
        weak var value: (any OCKStoreCoordinatorDelegate)?
    }

    private let stores = Mutex(Stores())
    private let delegateBox = Mutex(WeakDelegate())

    /// Creates a coordinator with no stores; it is its own delegate until you set one.
    public init() {}

    /// Decides routing; held weakly. Nil (or released) means the default rules.
    public var delegate: (any OCKStoreCoordinatorDelegate)? {
        get { delegateBox.withLock { $0.value } }
        set { delegateBox.withLock { $0.value = newValue } }
    }

    private var router: any OCKStoreCoordinatorDelegate { delegate ?? self }

    /// Every store attached for writing, in the order attached.
    var attachedWriters: [AnyObject] { stores.withLock { $0.writers } }

    // MARK: Attaching

    /// Attaches a store for reading and writing every kind of entity.
    public func attach(store: any OCKAnyStoreProtocol) {
        stores.withLock {
            $0.attachments += 1; $0.writers.append(store)
            $0.patientReaders.append(store); $0.patientWriters.append(store)
            $0.planReaders.append(store); $0.planWriters.append(store)
            $0.contactReaders.append(store); $0.contactWriters.append(store)
            $0.eventReaders.append(store); $0.eventWriters.append(store)
        }
    }

    /// Attaches a store of patients.
    public func attach(patientStore: any OCKAnyPatientStore) {
        stores.withLock {
            $0.attachments += 1; $0.writers.append(patientStore); $0.patientReaders.append(patientStore); $0.patientWriters.append(patientStore)
        }
    }

    /// Attaches a store of care plans.
    public func attach(planStore: any OCKAnyCarePlanStore) {
        stores.withLock {
            $0.attachments += 1; $0.writers.append(planStore); $0.planReaders.append(planStore); $0.planWriters.append(planStore)
        }
    }

    /// Attaches a store of contacts.
    public func attach(contactStore: any OCKAnyContactStore) {
        stores.withLock {
            $0.attachments += 1; $0.writers.append(contactStore); $0.contactReaders.append(contactStore); $0.contactWriters.append(contactStore)
        }
    }

    /// Attaches a store of tasks, outcomes and events.
    public func attach(eventStore: any OCKAnyEventStore) {
        stores.withLock {
            $0.attachments += 1; $0.writers.append(eventStore); $0.eventReaders.append(eventStore); $0.eventWriters.append(eventStore)
        }
    }

    /// Attaches a store of patients that is only read.
    public func attachReadOnly(patientStore: any OCKAnyReadOnlyPatientStore) {
        stores.withLock {
            $0.attachments += 1; $0.patientReaders.append(patientStore)
        }
    }

    /// Attaches a store of care plans that is only read.
    public func attachReadOnly(carePlanStore: any OCKAnyReadOnlyCarePlanStore) {
        stores.withLock {
            $0.attachments += 1; $0.planReaders.append(carePlanStore)
        }
    }

    /// Attaches a store of contacts that is only read.
    public func attachReadOnly(contactStore: any OCKAnyReadOnlyContactStore) {
        stores.withLock {
            $0.attachments += 1; $0.contactReaders.append(contactStore)
        }
    }

    /// Attaches a store of tasks, outcomes and events that is only read.
    public func attachReadOnly(eventStore: any OCKAnyReadOnlyEventStore) {
        stores.withLock {
            $0.attachments += 1; $0.eventReaders.append(eventStore)
        }
    }

    /// Empties every attached store.
    public func reset() throws {
        for store in stores.withLock({ $0.all }) {
            try (store as? any OCKAnyResettableStore)?.reset()
        }
    }

    /// The changes of every attached store that counts them, plus one for each store attached:
    /// it grows before a write through the coordinator (or into an attached store) returns.
    public var changeCount: Int {
        let (observables, attachments) = stores.withLock { ($0.all.compactMap { $0 as? any OCKObservableStore }, $0.attachments) }
        return observables.reduce(attachments) { $0 + $1.changeCount }
    }

    /// Changes of every attached store that reports them. The relays end with the stream.
    public func storeChanges() -> OCKStoreChangeStream {
        relayChanges { $0.storeChanges() }
    }

    /// Changes of every attached store that may affect a query reading what `scope` describes.
    public func storeChanges(affecting scope: OCKQueryScope) -> OCKStoreChangeStream {
        relayChanges { $0.storeChanges(affecting: scope) }
    }

    private func relayChanges(_ subscribe: (any OCKObservableStore) -> OCKStoreChangeStream) -> OCKStoreChangeStream {
        let relays = Mutex<[_Concurrency.Task<Void, Never>]>([])
        let notifier = OCKStoreChangeNotifier(
            onFirstSubscriber: nil,
            onLastSubscriber: {
                relays.withLock { tasks in tasks.forEach { $0.cancel() } }
            })
        let stream = notifier.changes()
        let observables = stores.withLock { $0.all }.compactMap { $0 as? any OCKObservableStore }
        for observable in observables {
            let changes = subscribe(observable)
            // The relays keep the notifier alive; the last subscriber leaving cancels them.
            let relay = _Concurrency.Task {
                for await change in changes {
                    notifier.notify(change)
                }
            }
            relays.withLock { $0.append(relay) }
        }
        return stream
    }

    // MARK: Reading

    /// Runs a fetch on each store concurrently and concatenates the results in store order.
    private func fanOut<Store: Sendable, Item: Sendable>(
        _ stores: [Store], _ fetch: @escaping @Sendable (Store) async throws -> [Item]
    ) async throws -> [Item] {
        try await withThrowingTaskGroup(of: (Int, [Item]).self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask { (index, try await fetch(store)) }
            }
            var parts = Array(repeating: [Item](), count: stores.count)
            for try await (index, items) in group { parts[index] = items }
            return parts.flatMap { $0 }
        }
    }

    private static func page<Item>(_ items: [Item], limit: Int?, offset: Int) -> [Item] {
        let rest = items.dropFirst(max(offset, 0))
        return Array(limit.map { rest.prefix(max($0, 0)) } ?? rest)
    }

    /// The query each store runs: the merged result is paged afterwards.
    private static func widened<Query: OCKQueryProtocol>(_ query: Query) -> Query {
        var wide = query
        wide.limit = query.limit.map { $0 + max(query.offset, 0) }
        wide.offset = 0
        return wide
    }

    public func fetchAnyPatients(query: OCKPatientQuery) async throws -> [any OCKAnyPatient] {
        let router = self.router
        let targets = stores.withLock { $0.patientReaders }.filter { router.patientStore($0, shouldHandleQuery: query) }
        let items = try await fanOut(targets) { try await $0.fetchAnyPatients(query: Self.widened(query)) }
        return Self.page(_OCKSorting.patients(items, by: query.sortDescriptors), limit: query.limit, offset: query.offset)
    }

    public func fetchAnyCarePlans(query: OCKCarePlanQuery) async throws -> [any OCKAnyCarePlan] {
        let router = self.router
        let targets = stores.withLock { $0.planReaders }.filter { router.carePlanStore($0, shouldHandleQuery: query) }
        let items = try await fanOut(targets) { try await $0.fetchAnyCarePlans(query: Self.widened(query)) }
        return Self.page(_OCKSorting.plans(items, by: query.sortDescriptors), limit: query.limit, offset: query.offset)
    }

    public func fetchAnyContacts(query: OCKContactQuery) async throws -> [any OCKAnyContact] {
        let router = self.router
        let targets = stores.withLock { $0.contactReaders }.filter { router.contactStore($0, shouldHandleQuery: query) }
        let items = try await fanOut(targets) { try await $0.fetchAnyContacts(query: Self.widened(query)) }
        return Self.page(_OCKSorting.contacts(items, by: query.sortDescriptors), limit: query.limit, offset: query.offset)
    }

    public func fetchAnyTasks(query: OCKTaskQuery) async throws -> [any OCKAnyTask] {
        let router = self.router
        let targets = stores.withLock { $0.eventReaders }.filter { router.taskStore($0, shouldHandleQuery: query) }
        let items = try await fanOut(targets) { try await $0.fetchAnyTasks(query: Self.widened(query)) }
        return Self.page(_OCKSorting.tasks(items, by: query.sortDescriptors), limit: query.limit, offset: query.offset)
    }

    public func fetchAnyOutcomes(query: OCKOutcomeQuery) async throws -> [any OCKAnyOutcome] {
        let router = self.router
        let targets = stores.withLock { $0.eventReaders }.filter { router.outcomeStore($0, shouldHandleQuery: query) }
        let items = try await fanOut(targets) { try await $0.fetchAnyOutcomes(query: Self.widened(query)) }
        return Self.page(items, limit: query.limit, offset: query.offset)
    }

    public func fetchAnyEvents(query: OCKEventQuery) async throws -> [OCKAnyEvent] {
        let router = self.router
        let taskQuery = query.taskQuery
        let targets = stores.withLock { $0.eventReaders }.filter { router.taskStore($0, shouldHandleQuery: taskQuery) }
        return try await fanOut(targets) { try await $0.fetchAnyEvents(query: query) }.sorted()
    }

    public func fetchAnyEventCompletions(query: OCKEventQuery) async throws -> [OCKEventCompletion] {
        let router = self.router
        let taskQuery = query.taskQuery
        let targets = stores.withLock { $0.eventReaders }.filter { router.taskStore($0, shouldHandleQuery: taskQuery) }
        return try await fanOut(targets) { try await $0.fetchAnyEventCompletions(query: query) }.sorted { lhs, rhs in
            OCKEventID.isOrderedBefore(
                (lhs.scheduleEvent.start, lhs.task.uuid, lhs.scheduleEvent.occurrence),
                (rhs.scheduleEvent.start, rhs.task.uuid, rhs.scheduleEvent.occurrence))
        }
    }

    public func fetchAdherenceCounts(query: OCKAdherenceQuery) async throws -> [OCKAdherence.DayCount] {
        let days = query.dates()
        guard let first = days.first else { return [] }
        let router = self.router
        let taskQuery = query.eventQuery(from: first).taskQuery
        let targets = stores.withLock { $0.eventReaders }.filter { router.taskStore($0, shouldHandleQuery: taskQuery) }
        // Each event comes from one store, so a day's numbers are the sums of the stores' numbers.
        var total = Array(repeating: OCKAdherence.DayCount(), count: days.count)
        for counts in try await fanOut(targets, { [try await $0.fetchAdherenceCounts(query: query)] }) {
            for (day, count) in zip(total.indices, counts) {
                total[day].events += count.events
                total[day].completed += count.completed
            }
        }
        return total
    }

    public func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int) async throws -> OCKAnyEvent {
        let targets = stores.withLock { $0.eventReaders }
        var reasons: [String] = []
        for store in targets {
            do { return try await store.fetchAnyEvent(forTask: task, occurrence: occurrence) } catch {
                reasons.append((error as? OCKStoreError)?.reason ?? "\(error)")
            }
        }
        throw OCKStoreError.fetchFailed(
            reason: targets.isEmpty
                ? loc("No event store is attached to the coordinator.")
                : loc("No attached store has occurrence {occurrence} of task '{task}': {reasons}", ["occurrence": String(occurrence), "task": task.id, "reasons": reasons.joined(separator: "; ")]))
    }

    // MARK: Writing

    /// The first store that accepts every item, or a failure naming the kind of item.
    private func route<Store, Item>(_ items: [Item], among stores: [Store], entity: OCKEntity.EntityType, kind: _WriteKind, accepts: (Store, Item) -> Bool) throws(OCKStoreError) -> Store {
        guard let store = stores.first(where: { store in items.allSatisfy { accepts(store, $0) } }) else {
            throw kind.error(
                stores.isEmpty
                    ? loc("No store that can write {nouns} is attached to the coordinator.", ["nouns": entity.nouns])
                    : loc("None of the {count} attached stores accepts all of these {nouns}; nothing was written.", ["count": String(stores.count), "nouns": entity.nouns]))
        }
        return store
    }

    private func write<Store, Item>(
        _ items: [Item], _ stores: [Store], entity: OCKEntity.EntityType, kind: _WriteKind,
        accepts: (Store, Item) -> Bool, perform: (Store, [Item]) async throws -> [Item]
    ) async throws -> [Item] {
        try await perform(try route(items, among: stores, entity: entity, kind: kind, accepts: accepts), items)
    }

    @discardableResult
    public func addAnyPatients(_ patients: [any OCKAnyPatient]) async throws -> [any OCKAnyPatient] {
        let router = self.router
        return try await write(
            patients, stores.withLock { $0.patientWriters }, entity: .patient, kind: .add,
            accepts: { router.patientStore($0, shouldHandleWritingPatient: $1) }, perform: { try await $0.addAnyPatients($1) })
    }

    @discardableResult
    public func updateAnyPatients(_ patients: [any OCKAnyPatient]) async throws -> [any OCKAnyPatient] {
        let router = self.router
        return try await write(
            patients, stores.withLock { $0.patientWriters }, entity: .patient, kind: .update,
            accepts: { router.patientStore($0, shouldHandleWritingPatient: $1) }, perform: { try await $0.updateAnyPatients($1) })
    }

    @discardableResult
    public func deleteAnyPatients(_ patients: [any OCKAnyPatient]) async throws -> [any OCKAnyPatient] {
        let router = self.router
        return try await write(
            patients, stores.withLock { $0.patientWriters }, entity: .patient, kind: .delete,
            accepts: { router.patientStore($0, shouldHandleWritingPatient: $1) }, perform: { try await $0.deleteAnyPatients($1) })
    }

    @discardableResult
    public func addAnyCarePlans(_ plans: [any OCKAnyCarePlan]) async throws -> [any OCKAnyCarePlan] {
        let router = self.router
        return try await write(
            plans, stores.withLock { $0.planWriters }, entity: .carePlan, kind: .add,
            accepts: { router.carePlanStore($0, shouldHandleWritingCarePlan: $1) }, perform: { try await $0.addAnyCarePlans($1) })
    }

    @discardableResult
    public func updateAnyCarePlans(_ plans: [any OCKAnyCarePlan]) async throws -> [any OCKAnyCarePlan] {
        let router = self.router
        return try await write(
            plans, stores.withLock { $0.planWriters }, entity: .carePlan, kind: .update,
            accepts: { router.carePlanStore($0, shouldHandleWritingCarePlan: $1) }, perform: { try await $0.updateAnyCarePlans($1) })
    }

    @discardableResult
    public func deleteAnyCarePlans(_ plans: [any OCKAnyCarePlan]) async throws -> [any OCKAnyCarePlan] {
        let router = self.router
        return try await write(
            plans, stores.withLock { $0.planWriters }, entity: .carePlan, kind: .delete,
            accepts: { router.carePlanStore($0, shouldHandleWritingCarePlan: $1) }, perform: { try await $0.deleteAnyCarePlans($1) })
    }

    @discardableResult
    public func addAnyContacts(_ contacts: [any OCKAnyContact]) async throws -> [any OCKAnyContact] {
        let router = self.router
        return try await write(
            contacts, stores.withLock { $0.contactWriters }, entity: .contact, kind: .add,
            accepts: { router.contactStore($0, shouldHandleWritingContact: $1) }, perform: { try await $0.addAnyContacts($1) })
    }

    @discardableResult
    public func updateAnyContacts(_ contacts: [any OCKAnyContact]) async throws -> [any OCKAnyContact] {
        let router = self.router
        return try await write(
            contacts, stores.withLock { $0.contactWriters }, entity: .contact, kind: .update,
            accepts: { router.contactStore($0, shouldHandleWritingContact: $1) }, perform: { try await $0.updateAnyContacts($1) })
    }

    @discardableResult
    public func deleteAnyContacts(_ contacts: [any OCKAnyContact]) async throws -> [any OCKAnyContact] {
        let router = self.router
        return try await write(
            contacts, stores.withLock { $0.contactWriters }, entity: .contact, kind: .delete,
            accepts: { router.contactStore($0, shouldHandleWritingContact: $1) }, perform: { try await $0.deleteAnyContacts($1) })
    }

    @discardableResult
    public func addAnyTasks(_ tasks: [any OCKAnyTask]) async throws -> [any OCKAnyTask] {
        let router = self.router
        return try await write(
            tasks, stores.withLock { $0.eventWriters }, entity: .task, kind: .add,
            accepts: { router.taskStore($0, shouldHandleWritingTask: $1) }, perform: { try await $0.addAnyTasks($1) })
    }

    @discardableResult
    public func updateAnyTasks(_ tasks: [any OCKAnyTask]) async throws -> [any OCKAnyTask] {
        let router = self.router
        return try await write(
            tasks, stores.withLock { $0.eventWriters }, entity: .task, kind: .update,
            accepts: { router.taskStore($0, shouldHandleWritingTask: $1) }, perform: { try await $0.updateAnyTasks($1) })
    }

    @discardableResult
    public func deleteAnyTasks(_ tasks: [any OCKAnyTask]) async throws -> [any OCKAnyTask] {
        let router = self.router
        return try await write(
            tasks, stores.withLock { $0.eventWriters }, entity: .task, kind: .delete,
            accepts: { router.taskStore($0, shouldHandleWritingTask: $1) }, perform: { try await $0.deleteAnyTasks($1) })
    }

    @discardableResult
    public func addAnyOutcomes(_ outcomes: [any OCKAnyOutcome]) async throws -> [any OCKAnyOutcome] {
        let router = self.router
        return try await write(
            outcomes, stores.withLock { $0.eventWriters }, entity: .outcome, kind: .add,
            accepts: { router.outcomeStore($0, shouldHandleWritingOutcome: $1) }, perform: { try await $0.addAnyOutcomes($1) })
    }

    @discardableResult
    public func updateAnyOutcomes(_ outcomes: [any OCKAnyOutcome]) async throws -> [any OCKAnyOutcome] {
        let router = self.router
        return try await write(
            outcomes, stores.withLock { $0.eventWriters }, entity: .outcome, kind: .update,
            accepts: { router.outcomeStore($0, shouldHandleWritingOutcome: $1) }, perform: { try await $0.updateAnyOutcomes($1) })
    }

    @discardableResult
    public func deleteAnyOutcomes(_ outcomes: [any OCKAnyOutcome]) async throws -> [any OCKAnyOutcome] {
        let router = self.router
        return try await write(
            outcomes, stores.withLock { $0.eventWriters }, entity: .outcome, kind: .delete,
            accepts: { router.outcomeStore($0, shouldHandleWritingOutcome: $1) }, perform: { try await $0.deleteAnyOutcomes($1) })
    }
}

extension OCKStoreCoordinator {
    /// Applies the action in the first attached event store that writes the event's task and
    /// holds its task version (and so, for `OCKStore`, in one transaction there).
    @discardableResult
    public func perform(_ action: OCKEventAction, on event: OCKAnyEvent, now: Date, calendar: Calendar) async throws -> OCKAnyEvent {
        let router = self.router
        let writers = stores.withLock { $0.eventWriters }.filter { router.taskStore($0, shouldHandleWritingTask: event.task) }
        for store in writers {
            var query = OCKTaskQuery()
            query.uuids = [event.task.uuid]
            guard try await !store.fetchAnyTasks(query: query).isEmpty else { continue }
            return try await store.perform(action, on: event, now: now, calendar: calendar)
        }
        throw OCKStoreError.updateFailed(
            reason: loc("No attached store that writes outcomes holds task version {uuid} of '{task}'; nothing was recorded.", ["uuid": event.task.uuid.uuidString, "task": event.task.id]))
    }
}
