import Foundation
import Testing

@testable import CareKitStore

/// A complete backup: `exportVersions()` then `importVersions(_:)` into an empty store gives
/// the same store — the same versions, links and dates, so the same events and outcomes on
/// every day — in one transaction.
@Suite("Backup and restore")
struct StoreRestoreTests {
    typealias S = StoreTestSupport

    /// A store with a history: edited answers, an updated task, a deleted outcome, a deleted
    /// task, a plan, a patient and an edited contact.
    static func storeWithHistory() async throws -> OCKStore {
        let store = S.makeStore(.onDisk)
        let patient = try await store.addPatient(S.patient("ada"))
        let plan = try await store.addCarePlan(S.carePlan("plan", patientUUID: patient.uuid))
        var contact = try await store.addContact(S.contact("grace", carePlanUUID: plan.uuid))
        contact.title = "Dr."
        try await store.updateContact(contact)

        var temperature = try await store.addTask(S.dailyTask("temperature", hour: 8))
        let pills = try await store.addTask(S.dailyTask("pills", hour: 20))
        let walk = try await store.addTask(S.dailyTask("walk", hour: 10))

        // Answers on Jan 1–5; the one on Jan 2 edited twice (101.2 → 99 → 98.6), Jan 3 deleted.
        var outcomes: [OCKOutcome] = []
        for day in 0..<5 {
            outcomes.append(try await store.addOutcome(S.outcome(temperature, day, id: "t\(day)", values: [OCKOutcomeValue(100.0 + Double(day) / 5)])))
        }
        var edited = outcomes[1]
        edited.values = [OCKOutcomeValue(101.2)]
        edited = try await store.updateOutcome(edited)
        edited.values = [OCKOutcomeValue(99.0)]
        edited.effectiveDate = S.date("2025-01-02 09:00")
        try await store.updateOutcome(edited)
        try await store.deleteOutcome(outcomes[2])
        _ = try await store.addOutcome(S.outcome(pills, 0, id: "p0"))
        _ = try await store.addOutcome(S.outcome(walk, 1, id: "w1"))

        // The temperature moves to 09:00 from Jan 10; the walk stops on Jan 15.
        temperature.schedule = OCKSchedule.dailyAtTime(hour: 9, minutes: 0, start: S.date("2025-01-10"), end: nil, text: nil, calendar: S.calendar)
        temperature.effectiveDate = S.date("2025-01-10")
        temperature = try await store.updateTask(temperature)
        _ = try await store.addOutcome(S.outcome(temperature, 2, id: "t-after"))
        var stopped = walk
        stopped.effectiveDate = S.date("2025-01-15")
        try await store.deleteTask(stopped)
        return store
    }

    /// Every day's events, with their outcome's uuid and values, as text.
    static func days(_ store: OCKStore) async throws -> [String] {
        var lines: [String] = []
        for day in 0..<40 {
            let date = S.calendar.date(byAdding: .day, value: day, to: S.date("2024-12-30")) ?? S.date("2024-12-30")
            let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: .ockDay(containing: date, calendar: S.calendar)))
            lines += events.map { "\($0.id) \($0.scheduleEvent.start) \($0.outcome?.uuid.uuidString ?? "-") \($0.outcome?.values.map(\.description) ?? [])" }
        }
        return lines
    }

    static func encoded(_ entities: [OCKEntity]) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try entities.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    }

    @Test func aRestoredStoreIsTheSameStore() async throws {
        let original = try await Self.storeWithHistory()
        let backup = try await original.exportVersions()
        #expect(backup.count == 20, "every version, tombstones included")

        let copy = S.makeStore(.onDisk, now: "2026-03-01 12:00")
        let summary = try await copy.importVersions(backup.shuffled())
        #expect(summary.addedCount == backup.count)
        // The same versions (rows are numbered in another order: compare them sorted).
        #expect(try Self.encoded(await copy.exportVersions()).sorted() == Self.encoded(backup).sorted(), "identical versions, links and dates")
        #expect(try await Self.days(copy) == Self.days(original), "identical events and outcomes on every day")
        let history = try await copy.fetchOutcomes(query: OCKOutcomeQuery()).filter { $0.id == "t1" }
        #expect(Set(history.compactMap { $0.values.first?.doubleValue }) == [100.2, 101.2, 99.0])
        #expect(try await copy.fetchOutcomes(query: OCKOutcomeQuery(dateInterval: S.interval("2025-01-03", "2025-01-04"))).isEmpty, "the deleted answer stays deleted")
        #expect(try await S.events(copy, on: "2025-01-20", taskIDs: ["walk"]).isEmpty, "the deleted task stays deleted")
    }

    @Test func importingTwiceAddsNothingTheSecondTime() async throws {
        let original = try await Self.storeWithHistory()
        let backup = try await original.exportVersions()
        let copy = S.makeStore(.inMemory)
        try await copy.importVersions(backup)
        let again = try await copy.importVersions(backup)
        #expect(again.addedCount == 0)
        #expect(again.alreadyPresent.values.reduce(0, +) == backup.count)
        #expect(try await copy.exportVersions().count == backup.count)
    }

    /// Apple's CareKit may export HealthKit tasks; this store cannot hold them (no HealthKit),
    /// so they are counted and left out, and the rest is imported.
    @Test func healthKitTasksAreLeftOutAndCounted() async throws {
        let steps = OCKHealthKitTask(
            id: "steps", title: "Steps", carePlanUUID: nil, schedule: S.dailyTask("steps").schedule,
            healthKitLinkage: OCKHealthKitLinkage(quantityIdentifier: "HKQuantityTypeIdentifierStepCount", quantityType: .cumulative, unitString: "count"))
        let store = S.makeStore(.inMemory)
        let summary = try await store.importVersions([.healthKitTask(steps), .task(S.dailyTask("pills"))])
        #expect(summary.unsupported == [.healthKitTask: 1])
        #expect(summary.added[.task] == 1 && summary.addedCount == 1)
        #expect(try await store.exportVersions().map(\.id) == ["pills"])
    }

    @Test func aBackupBringsAnOlderCopyUpToDate() async throws {
        let original = try await Self.storeWithHistory()
        let copy = S.makeStore(.inMemory)
        try await copy.importVersions(try await original.exportVersions())
        let task = try #require(try await original.fetchTasks(query: OCKTaskQuery(for: S.date("2025-01-12"))).first { $0.id == "temperature" })
        try await original.addOutcome(S.outcome(task, 5, id: "later"))
        let summary = try await copy.importVersions(try await original.exportVersions())
        #expect(summary.added[.outcome] == 1)
        #expect(try await Self.days(copy) == Self.days(original))
    }

    @Test func aBadVersionWritesNothingAtAll() async throws {
        let original = try await Self.storeWithHistory()
        var backup = try await original.exportVersions()
        let task = try #require(backup.compactMap { if case .task(let task) = $0 { task } else { nil } }.first)
        backup.append(.outcome(OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: -3, values: [])))
        let copy = S.makeStore(.onDisk)
        _ = await S.expectError(.invalidValue, mentioning: ["no occurrence -3"]) {
            try await copy.importVersions(backup)
        }
        for table in ["patient", "care_plan", "contact", "task", "outcome"] {
            #expect(try await S.rowCount(copy, table) == 0, "nothing of \(table) was written")
        }
    }

    @Test func aVersionWhoseHistoryIsMissingIsRefused() async throws {
        let original = try await Self.storeWithHistory()
        let backup = try await original.exportVersions()
        // Drop the first version of the contact: its edit now follows nothing the store knows.
        let firstContact = try #require(backup.firstIndex { $0.entityType == .contact })
        var broken = backup
        broken.remove(at: firstContact)
        let copy = S.makeStore(.inMemory)
        _ = await S.expectError(.invalidValue, mentioning: ["neither in the file nor in the store", "Nothing was imported"]) {
            try await copy.importVersions(broken)
        }
        #expect(try await copy.exportVersions().isEmpty)
    }

    @Test func anotherHistoryOfAnExistingIDIsRefused() async throws {
        let store = S.makeStore(.inMemory)
        try await store.addTask(S.dailyTask("pills"))
        let other = S.makeStore(.inMemory)
        try await other.addTask(S.dailyTask("pills", hour: 9))
        _ = await S.expectError(.invalidValue, mentioning: ["already has a task 'pills' with another history"]) {
            try await store.importVersions(try await other.exportVersions())
        }
        #expect(try await store.exportVersions().count == 1)
    }
}
