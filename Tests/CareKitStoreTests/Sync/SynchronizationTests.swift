import Foundation
import Testing

@testable import CareKitStore

/// Two or three devices of one patient, each with its own store, through one server.
@Suite("Remote synchronization")
struct SynchronizationTests {
    typealias S = StoreTestSupport

    static func device(_ server: SimulatedServer, now: String = "2025-01-02 12:00", automatic: Bool = false, seed: UInt64 = 1) -> (OCKStore, SimulatedRemote) {
        let remote = SimulatedRemote(server: server, automaticallySynchronizes: automatic, seed: seed)
        let clock = S.date(now)
        return (OCKStore(name: "device", type: .inMemory, remote: remote, clock: { clock }), remote)
    }

    /// Every version, encoded with sorted keys: equal bytes mean equal stores.
    static func exported(_ store: OCKStore) async throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(try await store.exportVersions())
    }

    static func outcomeIDs(_ store: OCKStore, _ interval: DateInterval) async throws -> [String] {
        try await store.fetchEvents(query: OCKEventQuery(dateInterval: interval)).map { "\($0.task.id)#\($0.scheduleEvent.occurrence)=\($0.outcome?.id ?? "-")" }
    }

    @Test("A task and an outcome written on one device arrive on the other; clocks advance as CareKit's")
    func twoDevicesConverge() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server)
        let (tablet, _) = Self.device(server)
        let task = try await phone.addTask(S.dailyTask("pills"))
        try await phone.addOutcome(S.outcome(task, 0, id: "jan1"))

        try await phone.synchronize()
        let phoneProcess = try await phone.read { try _Knowledge.process(connection: $0) }
        // +1 after the pull, +1 after computing the push, as CareKit: [phone: 3].
        #expect(try await phone.read { try _Knowledge.current(connection: $0) } == .init([phoneProcess: 3]))
        #expect(server.knowledge == .init([phoneProcess: 2]))

        let summary = try await tablet.synchronize()
        #expect(summary.merged == [.task: 1, .outcome: 1])
        #expect(try await tablet.fetchTasks(query: OCKTaskQuery(id: "pills")).map(\.uuid) == [task.uuid])
        #expect(try await Self.outcomeIDs(tablet, S.day("2025-01-01")) == ["pills#0=jan1"])
        #expect(try await Self.exported(tablet) == Self.exported(phone))

        // Nothing new: nothing is pushed again and the server holds each version once.
        try await phone.synchronize()
        try await tablet.synchronize()
        #expect(server.versionCount == 2)
        #expect(server.entityDeliveries == 2)
    }

    @Test("Completing the same event on two devices apart ends with one live outcome everywhere; the other stays in the history")
    func sameOccurrenceCompletedTwice() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server, now: "2025-01-02 09:00")
        let (tablet, _) = Self.device(server, now: "2025-01-02 21:00")  // clocks apart by 12 hours
        let task = try await phone.addTask(S.dailyTask("pills"))
        try await phone.synchronize()
        try await tablet.synchronize()

        var early = S.outcome(task, 1, id: "phone-jan2")
        early.createdDate = S.date("2025-01-02 08:05")
        var late = S.outcome(task, 1, id: "tablet-jan2")
        late.createdDate = S.date("2025-01-02 08:40")
        try await phone.addOutcome(early)
        try await tablet.addOutcome(late)

        try await tablet.synchronize()
        try await phone.synchronize()
        try await tablet.synchronize()

        for store in [phone, tablet] {
            // The one recorded first is shown; both are kept.
            #expect(try await Self.outcomeIDs(store, S.day("2025-01-02")) == ["pills#1=phone-jan2"])
            let ids = try await store.exportVersions().compactMap { entity -> String? in
                if case .outcome(let outcome) = entity { return outcome.id } else { return nil }
            }
            #expect(Set(ids) == ["phone-jan2", "tablet-jan2"])
        }
        #expect(try await Self.exported(phone) == Self.exported(tablet))

        // Deleting the shown outcome shows the other one, on both devices.
        try await phone.deleteOutcome(try await phone.fetchOutcome(withID: "phone-jan2"))
        try await phone.synchronize()
        try await tablet.synchronize()
        #expect(try await Self.outcomeIDs(phone, S.day("2025-01-02")) == ["pills#1=tablet-jan2"])
        #expect(try await Self.outcomeIDs(tablet, S.day("2025-01-02")) == ["pills#1=tablet-jan2"])
    }

    @Test("Editing one task on two devices apart is a conflict; the version written last is kept, following both")
    func concurrentEditsAreResolved() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server, now: "2025-01-02 09:00")
        let (tablet, _) = Self.device(server, now: "2025-01-02 10:00")
        let first = try await phone.addTask(S.dailyTask("pills", title: "Pills"))
        try await phone.synchronize()
        try await tablet.synchronize()

        var onPhone = first
        onPhone.title = "Pills (phone)"
        onPhone.effectiveDate = S.date("2025-01-05")
        let phoneVersion = try await phone.updateTask(onPhone)
        var onTablet = first
        onTablet.title = "Pills (tablet)"
        onTablet.effectiveDate = S.date("2025-01-05")
        let tabletVersion = try await tablet.updateTask(onTablet)

        try await phone.synchronize()
        let summary = try await tablet.synchronize()
        #expect(summary.resolvedConflicts == 1)
        try await phone.synchronize()

        for store in [phone, tablet] {
            let current = try await store.fetchTasks(query: OCKTaskQuery(id: "pills").inEffect(at: S.date("2025-01-06")))
            #expect(current.map(\.title) == ["Pills (tablet)"], "the tablet's edit was written last (10:00)")
            #expect(current.first.map { Set($0.previousVersionUUIDs) } == [phoneVersion.uuid, tabletVersion.uuid])
            #expect(try await store.read { try _Writer.conflictedIDs(OCKTask.self, connection: $0) }.isEmpty)
        }
        #expect(try await Self.exported(phone) == Self.exported(tablet))
    }

    @Test("The same id created on two devices apart becomes one history")
    func sameIDCreatedTwice() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server, now: "2025-01-02 09:00")
        let (tablet, _) = Self.device(server, now: "2025-01-02 10:00")
        try await phone.addTask(S.dailyTask("walk", title: "Walk (phone)"))
        try await tablet.addTask(S.dailyTask("walk", title: "Walk (tablet)"))
        try await phone.synchronize()
        try await tablet.synchronize()
        try await phone.synchronize()
        for store in [phone, tablet] {
            #expect(try await store.fetchTasks(query: OCKTaskQuery(id: "walk").inEffect(at: S.date("2025-01-03"))).map(\.title) == ["Walk (tablet)"])
        }
        #expect(try await Self.exported(phone) == Self.exported(tablet))
        // A local add of the id is still refused.
        await S.expectError(.addFailed, mentioning: ["already exists"]) { try await phone.addTask(S.dailyTask("walk")) }
    }

    @Test("An outcome recorded on one device is not hidden by a task change made on another while apart, and stays editable")
    func mergedOutcomesAreNeverHidden() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server, now: "2025-01-06 12:00")
        let (tablet, _) = Self.device(server, now: "2025-01-06 12:00")
        let v1 = try await phone.addTask(S.dailyTask("pills", title: "v1"))
        try await phone.synchronize()
        try await tablet.synchronize()

        // The phone records Jan 5 (occurrence 4); the tablet, apart, changes the task from Jan 3.
        try await phone.addOutcome(S.outcome(v1, 4, id: "jan5"))
        var change = v1
        change.title = "v2"
        change.effectiveDate = S.date("2025-01-03")
        try await tablet.updateTask(change)
        try await phone.synchronize()
        try await tablet.synchronize()
        try await phone.synchronize()

        let week = S.interval("2025-01-02", "2025-01-07")
        for store in [phone, tablet] {
            let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: week))
            let shown = events.map { "\(S.calendar.component(.day, from: $0.scheduleEvent.start)):\($0.task.title ?? "")=\($0.outcome?.id ?? "-")" }
            // One event a day; Jan 5 is v1's with the phone's outcome, the others follow the change.
            #expect(shown == ["2:v1=-", "3:v2=-", "4:v2=-", "5:v1=jan5", "6:v2=-"])
        }
        #expect(try await Self.exported(phone) == Self.exported(tablet))

        // The patient can still undo it on the tablet; v2's event takes its place again.
        let jan5 = try #require(try await tablet.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-05"))).first)
        try await tablet.perform(.markIncomplete, on: jan5.anyEvent, now: S.date("2025-01-06 12:00"), calendar: S.calendar)
        let after = try await tablet.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-05")))
        #expect(after.map { "\($0.task.title ?? "")=\($0.outcome?.id ?? "-")" } == ["v2=-"])
    }

    @Test("A push that fails is repeated by the next synchronization, without duplicates")
    func failedPushIsRepeated() async throws {
        let server = SimulatedServer()
        let (phone, remote) = Self.device(server)
        let task = try await phone.addTask(S.dailyTask("pills"))
        try await phone.addOutcome(S.outcome(task, 0, id: "jan1"))
        remote.faults.failPush = true
        await S.expectError(.remoteSynchronizationFailed, mentioning: ["Pushing", "next synchronization"]) { try await phone.synchronize() }
        #expect(server.versionCount == 0)
        remote.faults.failPush = false
        let summary = try await phone.synchronize()
        #expect(summary.pushed == 2)
        try await phone.synchronize()
        #expect(server.versionCount == 2)
        #expect(server.entityDeliveries == 2)
    }

    @Test("A pull that fails half-way stores nothing; the next one stores everything once")
    func failedPullStoresNothing() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server)
        let (tablet, remote) = Self.device(server)
        let task = try await phone.addTask(S.dailyTask("pills"))
        try await phone.addOutcome(S.outcome(task, 0, id: "jan1"))
        try await phone.synchronize()

        remote.faults.failPullAfterDelivering = true
        await S.expectError(.remoteSynchronizationFailed, mentioning: ["Pulling"]) { try await tablet.synchronize() }
        #expect(try await S.rowCount(tablet, "task") == 0)
        remote.faults.failPullAfterDelivering = false
        try await tablet.synchronize()
        #expect(try await Self.outcomeIDs(tablet, S.day("2025-01-01")) == ["pills#0=jan1"])
    }

    @Test("A version delivered before the version it follows waits; knowledge does not advance, so the next pull completes it")
    func reorderedDeliveryWaits() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server)
        let (tablet, remote) = Self.device(server)
        let first = try await phone.addTask(S.dailyTask("pills", title: "v1"))
        try await phone.synchronize()
        var change = first
        change.title = "v2"
        change.effectiveDate = S.date("2025-01-03")
        try await phone.updateTask(change)
        try await phone.synchronize()

        // Only the newest revision arrives (the server's list, reversed, cut after one).
        remote.faults.shuffle = true
        remote.faults.truncateTo = 1
        remote.faults.truncationSucceeds = true
        var waited = false
        for _ in 0..<20 where !waited {
            let summary = try await tablet.synchronize()
            if summary.waiting > 0 {
                waited = true
                #expect(try await S.rowCount(tablet, "task") == 0)
            }
        }
        #expect(waited, "some delivery brought v2 before v1")
        remote.faults = .init()
        try await tablet.synchronize()
        #expect(try await tablet.fetchTasks(query: OCKTaskQuery(id: "pills").inEffect(at: S.date("2025-01-04"))).map(\.title) == ["v2"])
        #expect(try await Self.exported(tablet) == Self.exported(phone))
    }

    @Test("Writes are synchronized by themselves when the remote asks for it, once for a burst")
    func automaticSynchronizationIsCoalesced() async throws {
        let server = SimulatedServer()
        let (phone, remote) = Self.device(server, automatic: true)
        let task = try await phone.addTask(S.dailyTask("pills"))
        for day in 0..<20 { try await phone.addOutcome(S.outcome(task, day, id: "day\(day)")) }
        let deadline = Date().addingTimeInterval(20)
        while server.versionCount < 21 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.versionCount == 21)
        #expect(remote.pullCount < 10, "21 writes, \(remote.pullCount) synchronizations")
        #expect(phone.lastAutomaticSynchronizationError == nil)
    }

    @Test("Streams update when a synchronization brings changes")
    func streamsSeeMergedChanges() async throws {
        let server = SimulatedServer()
        let (phone, _) = Self.device(server)
        let (tablet, _) = Self.device(server)
        let task = try await phone.addTask(S.dailyTask("pills"))
        try await phone.synchronize()
        try await tablet.synchronize()
        var iterator = tablet.events(matching: OCKEventQuery(dateInterval: S.day("2025-01-01"))).makeAsyncIterator()
        #expect(try await iterator.next()?.first?.outcome == nil)
        try await phone.addOutcome(S.outcome(task, 0, id: "jan1"))
        try await phone.synchronize()
        try await tablet.synchronize()
        #expect(try await iterator.next()?.first?.outcome?.id == "jan1")
    }

    @Test("A HealthKit task pulled from an iPhone is listed as unusable; the rest of its revision is stored and its knowledge taken in")
    func healthKitTasksAreUnusable() async throws {
        let server = SimulatedServer()
        let iPhone = OCKRevisionRecord.KnowledgeVector([UUID(): 1])
        let steps = OCKHealthKitTask(
            id: "steps", title: "Steps", carePlanUUID: nil, schedule: S.dailyTask("steps").schedule,
            healthKitLinkage: OCKHealthKitLinkage(quantityIdentifier: "HKQuantityTypeIdentifierStepCount", quantityType: .cumulative, unitString: "count"))
        server.push([OCKRevisionRecord(entities: [.healthKitTask(steps), .task(S.dailyTask("pills"))], knowledgeVector: iPhone)], knowledge: iPhone)
        let (tablet, _) = Self.device(server)
        let summary = try await tablet.synchronize()
        #expect(summary.unusable.count == 1 && summary.unusable.first?.contains("HealthKit task 'steps'") == true, "\(summary.unusable)")
        #expect(summary.merged == [.task: 1] && summary.waiting == 0)
        #expect(try await tablet.fetchTasks(query: OCKTaskQuery()).map(\.id) == ["pills"])
        #expect(try await tablet.synchronize().merged.isEmpty, "the revision is not pulled again")
    }

    @Test("A store without a remote says how to get one")
    func noRemote() async throws {
        let store = S.makeStore(.inMemory)
        await S.expectError(.remoteSynchronizationFailed, mentioning: ["remote:"]) { try await store.synchronize() }
    }
}

extension OCKTaskQuery {
    /// The versions in effect at one instant.
    func inEffect(at date: Date) -> OCKTaskQuery {
        var query = self
        query.dateInterval = DateInterval(start: date, end: date.addingTimeInterval(1))
        return query
    }
}
