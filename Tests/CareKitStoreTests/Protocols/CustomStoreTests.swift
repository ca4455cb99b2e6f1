import Foundation
import Testing

@testable import CareKitStore

/// A custom store (``JSONFileStore``) used the way an app would: its own task type and query,
/// and everything CareKit's protocol extensions add on top of four CRUD methods per entity.
@Suite("Custom store: JSON file")
struct CustomStoreTests {
    typealias S = StoreTestSupport

    static func makeStore(file: URL? = nil) throws -> JSONFileStore {
        let clock = S.date("2025-06-01 12:00")
        return try JSONFileStore(fileURL: file ?? S.temporaryDirectory().appendingPathComponent("care.json"), clock: { clock })
    }

    static func outcome(_ taskUUID: UUID, _ occurrence: Int, id: String) -> OCKOutcome {
        var outcome = OCKOutcome(taskUUID: taskUUID, taskOccurrenceIndex: occurrence, values: [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: S.date("2025-01-01"))])
        outcome.id = id
        outcome.effectiveDate = S.date("2025-01-01")
        return outcome
    }

    static func breakfast(_ start: String = "2025-01-01", hour: Int = 8) -> OCKSchedule {
        .dailyAtTime(hour: hour, minutes: 0, start: S.date(start), end: nil, text: "Breakfast", calendar: S.calendar)
    }

    @Test func tasksWithACustomPropertyAndACustomFilter() async throws {
        let store = try Self.makeStore()
        // `addTask(_:)` async and `addTasks` come from the protocol extensions.
        let stretch = try await store.addTask(MyTask(id: "stretch", title: "Stretch", schedule: Self.breakfast(), difficulty: .easy))
        try await store.addTasks([
            MyTask(id: "run", title: "Run 5 km", schedule: Self.breakfast(), difficulty: .hard),
            MyTask(id: "swim", title: "Swim", schedule: Self.breakfast(), difficulty: .hard)
        ])
        #expect(stretch.difficulty == .easy)

        let hard = try await store.fetchTasks(query: MyTaskQuery(difficulty: .hard))
        #expect(hard.map(\.id).sorted() == ["run", "swim"])
        #expect(hard.allSatisfy { $0.difficulty == .hard })
        let hardInJanuary = try await store.fetchTasks(query: MyTaskQuery(difficulty: .hard, dateInterval: S.interval("2025-01-01", "2025-02-01")))
        #expect(hardInJanuary.count == 2)
        #expect(try await store.fetchTasks(query: MyTaskQuery(difficulty: .medium)).isEmpty)

        // The single-item helper, typed: it returns MyTask with its difficulty.
        let run: MyTask = try await store.fetchTask(withID: "run")
        #expect(run.difficulty == .hard)
        await S.expectError(.fetchFailed, mentioning: ["walk"]) { _ = try await store.fetchTask(withID: "walk") }

        // Adding an id twice fails, as CareKit requires of every store.
        await S.expectError(.addFailed, mentioning: ["run"]) {
            try await store.addTask(MyTask(id: "run", title: "Run again", schedule: Self.breakfast(), difficulty: .medium))
        }
    }

    /// The store announces no changes (it is not an `OCKObservableStore`), yet its streams are
    /// live: the protocol extensions re-read them once a second.
    @Test func streamsOfAStoreThatAnnouncesNothingAreReadAgain() async throws {
        let store = try Self.makeStore()
        var tasks = store.tasks(matching: MyTaskQuery()).makeAsyncIterator()
        #expect(try await tasks.next()?.isEmpty == true)
        try await store.addTask(MyTask(id: "run", title: "Run 5 km", schedule: Self.breakfast(), difficulty: .hard))
        #expect(try await tasks.next()?.map(\.id) == ["run"])
    }

    @Test func everythingIsKeptInTheJSONFile() async throws {
        let file = S.temporaryDirectory().appendingPathComponent("care.json")
        do {
            let store = try Self.makeStore(file: file)
            let patient = try await store.addPatient(S.patient("ada"))
            let plan = try await store.addCarePlan(S.carePlan("fitness", patientUUID: patient.uuid))
            try await store.addContact(S.contact("coach", carePlanUUID: plan.uuid))
            var task = MyTask(id: "run", title: "Run 5 km", schedule: Self.breakfast(), difficulty: .hard)
            task.carePlanUUID = plan.uuid
            let stored = try await store.addTask(task)
            try await store.addOutcome(Self.outcome(stored.uuid, 0, id: "jan1"))
        }
        // The file is plain JSON, with the custom property in it.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let tasks = try #require(json["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["difficulty"] as? String } == ["hard"])

        let reopened = try Self.makeStore(file: file)
        #expect(try await reopened.fetchPatient(withID: "ada").name.givenName == "Ada")
        #expect(try await reopened.fetchCarePlan(withID: "fitness").id == "fitness")
        #expect(try await reopened.fetchContacts(query: OCKContactQuery()).map(\.id) == ["coach"])
        let run = try await reopened.fetchTask(withID: "run")
        #expect(run.difficulty == .hard)
        #expect(try await reopened.fetchOutcomes(query: OCKOutcomeQuery()).map(\.taskUUID) == [run.uuid])
        var byPlan = MyTaskQuery()
        byPlan.carePlanIDs = ["fitness"]
        #expect(try await reopened.fetchTasks(query: byPlan).map(\.id) == ["run"])

        try reopened.reset()
        #expect(try await Self.makeStore(file: file).fetchTasks(query: MyTaskQuery()).isEmpty)
    }

    /// The README's versioning example, on the custom store: the default event implementation
    /// walks the versions, gives each day to the version in effect, and joins outcomes.
    @Test func eventsAcrossVersionsComeFromTheDefaultImplementation() async throws {
        let store = try Self.makeStore()
        let v1 = try await store.addTask(MyTask(id: "doxylamine", title: "Take 1 tablet", schedule: Self.breakfast(), difficulty: .easy))
        var change = v1
        change.title = "Take 2 tablets"
        change.effectiveDate = S.date("2025-01-10")
        let v2 = try await store.updateTask(change)
        #expect(v2.previousVersionUUIDs == [v1.uuid])

        #expect(try await store.fetchTasks(query: MyTaskQuery(dateInterval: S.interval("2025-01-01", "2025-01-05"))).map(\.uuid) == [v1.uuid])
        #expect(try await store.fetchTasks(query: MyTaskQuery(dateInterval: S.interval("2025-01-05", "2025-01-15"))).map(\.uuid) == [v2.uuid])
        #expect(try await store.fetchTasks(query: MyTaskQuery()).count == 2)

        try await store.addOutcome(Self.outcome(v1.uuid, 8, id: "jan9"))
        try await store.addOutcome(Self.outcome(v2.uuid, 9, id: "jan10"))

        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-08", "2025-01-12")))
        #expect(events.map(\.task.title) == ["Take 1 tablet", "Take 1 tablet", "Take 2 tablets", "Take 2 tablets"])
        #expect(events.map(\.task.uuid) == [v1.uuid, v1.uuid, v2.uuid, v2.uuid])
        #expect(events.map(\.scheduleEvent.occurrence) == [7, 8, 9, 10])
        #expect(events.map { $0.outcome?.id } == [nil, "jan9", "jan10", nil])
        #expect(events.map(\.task.difficulty) == [.easy, .easy, .easy, .easy])

        let one = try await store.fetchEvent(forTask: v2, occurrence: 9)
        #expect(one.outcome?.id == "jan10")

        // Adherence from the protocol extension, per day of the calendar.
        let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: [], dateInterval: S.interval("2025-01-08", "2025-01-12"), calendar: S.calendar))
        #expect(adherence == [.progress(0), .progress(1), .progress(1), .progress(0)])
    }

    @Test func theTypeErasedAndCompletionAPIsComeForFree() async throws {
        let store = try Self.makeStore()
        try await store.addTask(MyTask(id: "run", title: "Run", schedule: Self.breakfast(), difficulty: .hard))

        let any = try await store.fetchAnyTasks(query: OCKTaskQuery(id: "run"))
        #expect((any.first as? MyTask)?.difficulty == .hard)
        await S.expectError(.addFailed, mentioning: ["MyTask"]) {
            try await store.addAnyTask(S.dailyTask("an-OCKTask"))
        }
        #expect(try await store.fetchTasks(query: MyTaskQuery()).map(\.id) == ["run"])

        let queue = DispatchQueue(label: "json-store callbacks")
        let tasks: [MyTask] = try await withCheckedThrowingContinuation { continuation in
            store.fetchTask(withID: "run", callbackQueue: queue) { result in continuation.resume(with: result.map { [$0] }) }
        }
        #expect(tasks.map(\.id) == ["run"])

        // The completion forms of writes are bridges to the async requirements: they deliver
        // on the queue given, successes and failures alike, and the write happened.
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let added: (Result<MyTask, OCKStoreError>, Bool) = await withCheckedContinuation { continuation in
            store.addTask(MyTask(id: "swim", title: "Swim", schedule: Self.breakfast(), difficulty: .medium), callbackQueue: queue) { result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: key) == true))
            }
        }
        #expect((try? added.0.get())?.id == "swim")
        #expect(added.1, "the completion ran on the queue it was given")
        #expect(try await store.fetchTasks(query: MyTaskQuery(difficulty: .medium)).map(\.id) == ["swim"])
        let duplicate: (Result<MyTask, OCKStoreError>, Bool) = await withCheckedContinuation { continuation in
            store.addTask(MyTask(id: "swim", title: "Swim", schedule: Self.breakfast(), difficulty: .medium), callbackQueue: queue) { result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: key) == true))
            }
        }
        guard case .failure(.addFailed(let reason)) = duplicate.0 else {
            Issue.record("a second task 'swim' was not refused: \(duplicate.0)")
            return
        }
        #expect(reason.contains("already exists"))
        #expect(duplicate.1)
    }

    /// Code written against `OCKStoreProtocol` runs unchanged on OCKStore and on the custom store.
    @Test func genericCodeRunsOnBothStores() async throws {
        func completeFirstEvent<Store: OCKStoreProtocol>(in store: Store, task: Store.Task) async throws -> [String?]
        where Store.Outcome == OCKOutcome, Store.Task: OCKAnyVersionableTask {
            let added = try await store.addTask(task)
            let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-01", "2025-01-04")))
            let first = try #require(events.first)
            try await store.addOutcome(Self.outcome(added.uuid, first.scheduleEvent.occurrence, id: "done"))
            return try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-01", "2025-01-04"))).map { $0.outcome?.id }
        }
        let onOCKStore = try await completeFirstEvent(in: S.makeStore(.inMemory), task: OCKTask(id: "pills", title: nil, carePlanUUID: nil, schedule: Self.breakfast()))
        let onJSONStore = try await completeFirstEvent(in: try Self.makeStore(), task: MyTask(id: "pills", title: nil, schedule: Self.breakfast(), difficulty: .easy))
        #expect(onOCKStore == ["done", nil, nil])
        #expect(onJSONStore == onOCKStore)
    }
}
