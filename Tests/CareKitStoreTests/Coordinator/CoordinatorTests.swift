import Foundation
import Synchronization
import Testing

@testable import CareKitStore

/// A task type of a custom store: a medication reminder with a dose.
struct ReminderTask: OCKAnyVersionableTask, Equatable, Identifiable {
    var id: String
    var uuid = UUID()
    var title: String?
    var dose: String
    var schedule: OCKSchedule
    var impactsAdherence = true
    var effectiveDate: Date
    var previousVersionUUIDs: [UUID] = []
    var nextVersionUUIDs: [UUID] = []
    func belongs(to plan: any OCKAnyCarePlan) -> Bool { false }
}

/// A minimal custom store held in memory, with its own task type and change notifications.
final class ReminderStore: OCKEventStore, OCKObservableStore {
    typealias Task = ReminderTask
    typealias Outcome = OCKOutcome

    private let tasks = Mutex<[ReminderTask]>([])
    private let outcomes = Mutex<[OCKOutcome]>([])
    let notifier = OCKStoreChangeNotifier()

    func storeChanges() -> OCKStoreChangeStream { notifier.changes() }

    func reset() throws {
        tasks.withLock { $0.removeAll() }
        outcomes.withLock { $0.removeAll() }
        notifier.notify(.everything)
    }

    func fetchTasks(query: OCKTaskQuery) async throws -> [ReminderTask] {
        tasks.withLock { list in
            list.filter { task in
                (query.ids.isEmpty || query.ids.contains(task.id)) && (query.uuids.isEmpty || query.uuids.contains(task.uuid))
                    && (query.dateInterval.map { task.effectiveDate < $0.end } ?? true)
            }
        }
    }

    func addTasks(_ new: [ReminderTask]) async throws -> [ReminderTask] {
        let duplicate = tasks.withLock { list in
            new.contains { item in list.contains { $0.id == item.id } }
                ? true
                : {
                    list += new; return false
                }()
        }
        if duplicate { throw OCKStoreError.addFailed(reason: "duplicate id") }
        notifier.notify(OCKStoreChange(entityTypes: [.task]))
        return new
    }

    func updateTasks(_ items: [ReminderTask]) async throws -> [ReminderTask] {
        throw OCKStoreError.updateFailed(reason: "reminders are immutable")
    }

    func deleteTasks(_ items: [ReminderTask]) async throws -> [ReminderTask] {
        tasks.withLock { list in list.removeAll { task in items.contains { $0.id == task.id } } }
        notifier.notify(OCKStoreChange(entityTypes: [.task]))
        return items
    }

    func fetchOutcomes(query: OCKOutcomeQuery) async throws -> [OCKOutcome] {
        outcomes.withLock { list in list.filter { query.taskUUIDs.isEmpty || query.taskUUIDs.contains($0.taskUUID) } }
    }

    func addOutcomes(_ items: [OCKOutcome]) async throws -> [OCKOutcome] {
        outcomes.withLock { $0 += items }
        notifier.notify(OCKStoreChange(entityTypes: [.outcome]))
        return items
    }

    func updateOutcomes(_ items: [OCKOutcome]) async throws -> [OCKOutcome] {
        throw OCKStoreError.updateFailed(reason: "not supported")
    }

    func deleteOutcomes(_ items: [OCKOutcome]) async throws -> [OCKOutcome] {
        outcomes.withLock { list in list.removeAll { outcome in items.contains { $0.id == outcome.id } } }
        notifier.notify(OCKStoreChange(entityTypes: [.outcome]))
        return items
    }
}

/// Sends every task whose title starts with "Lab" to nowhere, to test rejection.
final class RejectingLabTasks: OCKStoreCoordinatorDelegate {
    func taskStore(_ store: any OCKAnyTaskStore, shouldHandleWritingTask task: any OCKAnyTask) -> Bool {
        !(task.title ?? "").hasPrefix("Lab")
    }
}

@Suite("Store coordinator")
struct CoordinatorTests {
    typealias S = StoreTestSupport

    func reminder(_ id: String, hour: Int) -> ReminderTask {
        let schedule = OCKSchedule.dailyAtTime(hour: hour, minutes: 0, start: S.date("2025-01-01"), end: nil, text: nil, calendar: S.calendar)
        return ReminderTask(id: id, title: id.capitalized, dose: "1 tablet", schedule: schedule, effectiveDate: schedule.startDate())
    }

    @Test func readsAreMergedAndSorted() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        let reminders = ReminderStore()
        coordinator.attach(store: store)
        coordinator.attach(eventStore: reminders)

        try await store.addTask(S.dailyTask("walk", hour: 9, title: "Walk"))
        try await reminders.addTask(reminder("aspirin", hour: 8))

        var query = OCKTaskQuery()
        query.sortDescriptors = [.title(ascending: true)]
        let tasks = try await coordinator.fetchAnyTasks(query: query)
        #expect(tasks.map(\.id) == ["aspirin", "walk"])

        let events = try await coordinator.fetchAnyEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-02")))
        #expect(events.map(\.task.id) == ["aspirin", "walk"])
        #expect(events.map(\.scheduleEvent.start) == [S.date("2025-01-02 08:00"), S.date("2025-01-02 09:00")])

        query.limit = 1
        query.offset = 1
        #expect(try await coordinator.fetchAnyTasks(query: query).map(\.id) == ["walk"])
    }

    @Test func writesGoToTheStoreThatHoldsTheType() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        let reminders = ReminderStore()
        coordinator.attach(eventStore: reminders)
        coordinator.attach(store: store)

        try await coordinator.addAnyTask(S.dailyTask("walk"))
        try await coordinator.addAnyTask(reminder("aspirin", hour: 8))
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).map(\.id) == ["walk"])
        #expect(try await reminders.fetchTasks(query: OCKTaskQuery()).map(\.id) == ["aspirin"])

        // A batch mixing both types fits no single store: nothing is written.
        await #expect(throws: OCKStoreError.self) {
            try await coordinator.addAnyTasks([S.dailyTask("swim"), reminder("statin", hour: 20)])
        }
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).count == 1)
        #expect(try await reminders.fetchTasks(query: OCKTaskQuery()).count == 1)
    }

    @Test func delegateCanRejectWrites() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        coordinator.attach(store: store)
        let delegate = RejectingLabTasks()
        coordinator.delegate = delegate
        var lab = S.dailyTask("lab")
        lab.title = "Lab draw"
        do {
            try await coordinator.addAnyTask(lab)
            Issue.record("The write should have been refused")
        } catch let error as OCKStoreError {
            guard case .addFailed(let reason) = error else { Issue.record("Wrong error \(error)"); return }
            #expect(reason.contains("accepts"))
        }
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).isEmpty)
        try await coordinator.addAnyTask(S.dailyTask("walk"))
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).count == 1)
    }

    @Test func streamsMergeChangesFromEveryStore() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        let reminders = ReminderStore()
        coordinator.attach(store: store)
        coordinator.attach(eventStore: reminders)
        let recorder = StreamRecorder(coordinator.anyEvents(matching: OCKEventQuery(dateInterval: S.day("2025-01-02"))))
        #expect(await recorder.wait(forCount: 1) == 1)
        #expect(recorder.values[0].isEmpty)

        try await reminders.addTask(reminder("aspirin", hour: 8))
        #expect(await recorder.wait(forCount: 2) == 2)
        #expect(recorder.values[1].map(\.task.id) == ["aspirin"])

        let walk = try await store.addTask(S.dailyTask("walk", hour: 9))
        #expect(await recorder.wait(forCount: 3) == 3)
        #expect(recorder.values[2].map(\.task.id) == ["aspirin", "walk"])

        try await store.addOutcome(S.outcome(walk, 1))
        #expect(await recorder.wait(forCount: 4) == 4)
        #expect(recorder.values[3].last?.outcome != nil)
        recorder.cancel()
    }

    @Test func adherenceWorksThroughTheCoordinator() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        coordinator.attach(store: store)
        let walk = try await store.addTask(S.dailyTask("walk"))
        try await store.addOutcome(S.outcome(walk, 1))
        let query = OCKAdherenceQuery(taskIDs: [], dateInterval: S.interval("2025-01-01", "2025-01-04"), calendar: S.calendar)
        let adherence = try await coordinator.fetchAdherence(query: query)
        #expect(adherence == [.progress(0), .progress(1), .progress(0)])
    }

    @Test func resetEmptiesEveryStore() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        let reminders = ReminderStore()
        coordinator.attach(store: store)
        coordinator.attach(eventStore: reminders)
        try await store.addTask(S.dailyTask("walk"))
        try await reminders.addTask(reminder("aspirin", hour: 8))
        try coordinator.reset()
        #expect(try await coordinator.fetchAnyTasks(query: OCKTaskQuery()).isEmpty)
    }
}
