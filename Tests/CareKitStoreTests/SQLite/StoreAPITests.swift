import Foundation
import Testing

@testable import CareKitStore

/// The compatibility APIs: completion handlers (in a process whose main queue never runs),
/// the type-erased `Any` API, and the single-item helpers.
@Suite("Completion handlers, type-erased API, single-item helpers")
struct StoreAPITests {
    typealias S = StoreTestSupport

    /// A task type that is not the store's own.
    struct ForeignTask: OCKAnyTask {
        var id: String
        var uuid = UUID()
        var title: String? = "Foreign"
        var impactsAdherence = true
        var schedule: OCKSchedule
        func belongs(to plan: any OCKAnyCarePlan) -> Bool { false }
    }

    /// A result delivered to a completion handler, and where it was delivered.
    struct Delivery<T: Sendable>: Sendable {
        var result: Result<T, OCKStoreError>
        var onQueue: Bool
        var onMainThread: Bool
    }

    static let queueKey = DispatchSpecificKey<String>()

    static func callback<T: Sendable>(on queue: DispatchQueue?, _ call: (@escaping OCKResultClosure<T>) -> Void) async -> Delivery<T> {
        await withCheckedContinuation { continuation in
            call { result in
                continuation.resume(
                    returning: Delivery(
                        result: result,
                        onQueue: queue.map { _ in DispatchQueue.getSpecific(key: queueKey) == "custom" } ?? true,
                        onMainThread: Thread.isMainThread))
            }
        }
    }

    @Test(arguments: S.Kind.allCases)
    func completionHandlersRunOnTheGivenQueueOrABackgroundOne(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let queue = DispatchQueue(label: "custom callbacks")
        queue.setSpecific(key: Self.queueKey, value: "custom")

        let added = await Self.callback(on: queue) { store.addTask(S.dailyTask("pills"), callbackQueue: queue, completion: $0) }
        let task = try added.result.get()
        #expect(added.onQueue)
        #expect(!added.onMainThread)

        let fetched = await Self.callback(on: queue) { store.fetchTasks(query: OCKTaskQuery(), callbackQueue: queue, completion: $0) }
        #expect(try fetched.result.get().map(\.uuid) == [task.uuid])
        #expect(fetched.onQueue)

        // The default queue is a background queue, never the main queue.
        let byDefault = await Self.callback(on: nil) { store.fetchTasks(query: OCKTaskQuery(), completion: $0) }
        #expect(try byDefault.result.get().map(\.uuid) == [task.uuid])
        #expect(!byDefault.onMainThread)

        // Failures arrive the same way.
        let failed = await Self.callback(on: queue) { store.addTask(S.dailyTask("pills"), callbackQueue: queue, completion: $0) }
        #expect(failed.onQueue)
        guard case .failure(let error) = failed.result else {
            Issue.record("adding the same id twice succeeded")
            return
        }
        #expect(S.ErrorCase(error) == .addFailed)

        let outcome = await Self.callback(on: queue) { store.addOutcome(S.outcome(task, 0, id: "jan1"), callbackQueue: queue, completion: $0) }
        #expect(try outcome.result.get().id == "jan1")
        let events = await Self.callback(on: queue) {
            store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-01")), callbackQueue: queue, completion: $0)
        }
        #expect(try events.result.get().map { $0.outcome?.id } == ["jan1"])
        #expect(events.onQueue)
        let adherence = await Self.callback(on: queue) {
            store.fetchAdherence(
                query: OCKAdherenceQuery(taskIDs: [], dateInterval: S.interval("2025-01-01", "2025-01-03"), calendar: S.calendar),
                callbackQueue: queue, completion: $0)
        }
        #expect(try adherence.result.get() == [.progress(1), .progress(0)])
        #expect(adherence.onQueue)
        let anyEvents = await Self.callback(on: nil) {
            store.fetchAnyEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-01")), callbackQueue: .ockDefault, completion: $0)
        }
        #expect(try anyEvents.result.get().map(\.id) == ["\(task.uuid.uuidString)#0"])
    }

    @Test(arguments: S.Kind.allCases)
    func theTypeErasedAPI(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let added = try await store.addAnyTasks([S.dailyTask("pills"), S.dailyTask("walk")])
        #expect(added.map(\.id) == ["pills", "walk"])
        #expect(added.allSatisfy { $0 is OCKTask })

        let fetched = try await store.fetchAnyTasks(query: OCKTaskQuery(id: "pills"))
        #expect(fetched.count == 1)
        #expect((fetched.first as? OCKTask)?.uuid == added[0].uuid)

        let foreign = ForeignTask(id: "foreign", schedule: S.dailyTask("x").schedule)
        await S.expectError(.addFailed, mentioning: ["OCKTask", "nothing was written"]) {
            try await store.addAnyTasks([S.dailyTask("yoga"), foreign])
        }
        await S.expectError(.updateFailed, mentioning: ["OCKTask"]) {
            try await store.updateAnyTask(foreign)
        }
        await S.expectError(.deleteFailed, mentioning: ["OCKTask"]) {
            try await store.deleteAnyTask(foreign)
        }
        #expect(try await store.fetchAnyTasks(query: OCKTaskQuery()).map(\.id).sorted() == ["pills", "walk"])

        // Outcomes, plans, contacts and patients go through the same doors.
        let outcome = try await store.addAnyOutcome(S.outcome(added[0] as! OCKTask, 0, id: "jan1"))
        #expect(outcome.id == "jan1")
        #expect(outcome.belongs(to: added[0]))
        #expect(try await store.fetchAnyOutcomes(query: OCKOutcomeQuery()).map(\.id) == ["jan1"])
        try await store.addAnyPatient(S.patient("ada"))
        try await store.addAnyCarePlan(S.carePlan("heart"))
        try await store.addAnyContact(S.contact("hopper"))
        #expect(try await store.fetchAnyPatients(query: OCKPatientQuery()).map(\.id) == ["ada"])
        #expect(try await store.fetchAnyCarePlans(query: OCKCarePlanQuery()).map(\.id) == ["heart"])
        #expect(try await store.fetchAnyContacts(query: OCKContactQuery()).map(\.id) == ["hopper"])

        // Events at the same time are ordered by task version uuid: look them up by task.
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-01")))
        let byTask = Dictionary(uniqueKeysWithValues: events.map { ($0.task.id, $0) })
        #expect(events.count == 2)
        #expect(byTask["pills"]?.outcome?.id == "jan1")
        #expect(byTask["walk"].map { $0.outcome == nil } == true)
        #expect(events.map(\.task.uuid.uuidString) == events.map(\.task.uuid.uuidString).sorted())
        let typed = try #require(byTask["pills"]?.prettified(task: OCKTask.self, outcome: OCKOutcome.self))
        #expect(typed.outcome?.id == "jan1")
        await S.expectError(.fetchFailed, mentioning: ["ForeignTask"]) {
            _ = try await store.fetchAnyEvent(forTask: foreign, occurrence: 0)
        }
    }

    /// `fetchTask(withID:)` and friends return the version in effect today, whatever versions
    /// lie in the past or the future.
    @Test(arguments: S.Kind.allCases)
    func singleItemHelpersReturnTheVersionInEffectToday(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let old = try await store.addTask(S.dailyTask("pills", start: "2000-01-01", title: "Since 2000"))
        var future = old
        future.title = "From 2999"
        future.effectiveDate = S.date("2999-01-01")
        let later = try await store.updateTask(future)
        #expect(later.previousVersionUUIDs == [old.uuid])

        let today = try await store.fetchTask(withID: "pills")
        #expect(today.uuid == old.uuid)
        #expect(today.title == "Since 2000")
        let anyToday = try await store.fetchAnyTask(withID: "pills")
        #expect(anyToday.uuid == old.uuid)
        await S.expectError(.fetchFailed, mentioning: ["naproxen"]) {
            _ = try await store.fetchTask(withID: "naproxen")
        }

        var patient = S.patient("ada", effective: "2000-01-01")
        patient.allergies = ["penicillin"]
        try await store.addPatient(patient)
        try await store.addCarePlan(S.carePlan("heart", effective: "2000-01-01"))
        try await store.addContact(S.contact("hopper", effective: "2000-01-01"))
        #expect(try await store.fetchPatient(withID: "ada").allergies == ["penicillin"])
        #expect(try await store.fetchCarePlan(withID: "heart").id == "heart")
        #expect(try await store.fetchContact(withID: "hopper").id == "hopper")

        // A task deleted (from the past on) is gone for the helper too.
        let gone = try await store.addTask(S.dailyTask("walk", start: "2000-01-01"))
        var stop = gone
        stop.effectiveDate = S.date("2001-01-01")
        try await store.deleteTask(stop)
        await S.expectError(.fetchFailed, mentioning: ["walk"]) {
            _ = try await store.fetchTask(withID: "walk")
        }
    }
}
