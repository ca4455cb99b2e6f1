import CareKitStore
import Foundation
import Testing

/// The change count every observable store has: it moves before a write returns, so whatever
/// was computed at one count (a cached page) is known to be stale at the next.
@Suite("Change counts")
struct ChangeCountTests {
    typealias S = StoreTestSupport

    @Test func aCustomStoreIsCountedWithoutCountingItself() async throws {
        let reminders = ReminderStore()
        let before = reminders.changeCount
        #expect(reminders.changeCount == before, "nothing changed")
        let schedule = OCKSchedule.dailyAtTime(hour: 8, minutes: 0, start: S.date("2025-01-01"), end: nil, text: nil, calendar: S.calendar)
        try await reminders.addTask(ReminderTask(id: "aspirin", title: "Aspirin", dose: "1 tablet", schedule: schedule, effectiveDate: schedule.startDate()))
        #expect(reminders.changeCount > before, "counted by the time the write returned")
        let after = reminders.changeCount
        try reminders.reset()
        #expect(reminders.changeCount > after)
    }

    @Test func aCoordinatorCountsEveryAttachedStoreAndEveryAttachment() async throws {
        let coordinator = OCKStoreCoordinator()
        let store = S.makeStore(.inMemory)
        let start = coordinator.changeCount
        coordinator.attach(store: store)
        #expect(coordinator.changeCount > start, "a new store changes what the coordinator shows")
        let attached = coordinator.changeCount
        try await coordinator.addAnyTask(S.dailyTask("walk"))
        #expect(coordinator.changeCount > attached, "a write through the coordinator is counted before it returns")
        let written = coordinator.changeCount
        let reminders = ReminderStore()
        coordinator.attach(eventStore: reminders)
        let withReminders = coordinator.changeCount
        #expect(withReminders > written)
        let schedule = OCKSchedule.dailyAtTime(hour: 8, minutes: 0, start: S.date("2025-01-01"), end: nil, text: nil, calendar: S.calendar)
        try await reminders.addTask(ReminderTask(id: "aspirin", title: "Aspirin", dose: "1 tablet", schedule: schedule, effectiveDate: schedule.startDate()))
        #expect(coordinator.changeCount > withReminders, "a write straight into an attached store is counted too")
    }
}
