import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// Adding, changing and stopping a planned task: each change a new version that keeps what was
/// recorded, and the store's guard explained in words.
@Suite struct TaskPlanStoreTests {
    let calendar = TestDates.calendar

    func plan(_ times: [String], from: String) -> OCKTaskPlan {
        OCKTaskPlan(
            title: "Metformin", times: times.compactMap(OCKTaskPlan.TimeOfDay.init(parsing:)),
            firstDay: TestDates.date(from), calendar: calendar)
    }

    func starts(_ store: OCKStore, _ day: String) async throws -> [Date] {
        var query = OCKEventQuery(for: TestDates.date(day), calendar: calendar)
        query.taskIDs = ["metformin"]
        return try await store.fetchEvents(query: query).map(\.scheduleEvent.start)
    }

    @Test func aChangeFromTodayKeepsTodaysEarlierEventAndItsEntry() async throws {
        let store = OCKStore(name: "plan", type: .inMemory, clock: { TestDates.date("2026-12-02 10:00") })
        let task = try await store.addTask(planned: plan(["08:00", "20:00"], from: "2026-12-01"))
        #expect(task.id == "metformin")
        let morning = try await store.fetchEvent(forTask: task, occurrence: 2)
        try await store.perform(.complete, on: morning.anyEvent, now: TestDates.date("2026-12-02 08:05"), calendar: calendar)

        try await store.updateTask(
            "metformin", to: plan(["09:00", "21:00"], from: "2026-12-02"),
            startingOn: TestDates.date("2026-12-02"), now: TestDates.date("2026-12-02 10:00"))
        #expect(try await starts(store, "2026-12-02") == [TestDates.date("2026-12-02 08:00"), TestDates.date("2026-12-02 21:00")])
        #expect(try await starts(store, "2026-12-03") == [TestDates.date("2026-12-03 09:00"), TestDates.date("2026-12-03 21:00")])
        var all = OCKEventQuery(for: TestDates.date("2026-12-02"), calendar: calendar)
        all.taskIDs = ["metformin"]
        #expect(try await store.fetchEvents(query: all).first?.outcome != nil)
        // The same name again gets its own id.
        #expect(try await store.addTask(planned: plan(["12:00"], from: "2026-12-02")).id == "metformin-2")
    }

    @Test func theNewestVersionsOfSeveralTasksAreReadTogether() async throws {
        let store = OCKStore(name: "plan", type: .inMemory, clock: { TestDates.date("2026-12-02 10:00") })
        _ = try await store.addTask(planned: plan(["08:00"], from: "2026-12-01"))
        _ = try await store.addTask(planned: plan(["12:00"], from: "2026-12-01"))
        try await store.updateTask(
            "metformin", to: plan(["09:00"], from: "2026-12-03"), startingOn: TestDates.date("2026-12-03"), now: TestDates.date("2026-12-02 10:00"))
        let latest = try await store.latestTaskVersions(ids: ["metformin", "metformin-2", "no-such-task", "metformin"])
        #expect(latest.keys.sorted() == ["metformin", "metformin-2"])
        #expect(latest["metformin"]?.uuid == (try await store.latestTaskVersion(id: "metformin")).uuid)
        #expect(latest["metformin"]?.effectiveDate == TestDates.date("2026-12-03"))
        #expect(latest["metformin-2"]?.uuid == (try await store.latestTaskVersion(id: "metformin-2")).uuid)
        #expect(try await store.latestTaskVersions(ids: []).isEmpty)
    }

    @Test func aChangeThatWouldHideAnEntryIsExplainedWithTheWayForward() async throws {
        let store = OCKStore(name: "plan", type: .inMemory, clock: { TestDates.date("2026-12-04 10:00") })
        let task = try await store.addTask(planned: plan(["08:00"], from: "2026-12-01"))
        let event = try await store.fetchEvent(forTask: task, occurrence: 2)  // Dec 3
        try await store.perform(.complete, on: event.anyEvent, now: TestDates.date("2026-12-03 08:05"), calendar: calendar)
        await #expect {
            try await store.updateTask(
                "metformin", to: plan(["09:00"], from: "2026-12-02"),
                startingOn: TestDates.date("2026-12-02"), now: TestDates.date("2026-12-04 10:00"))
        } throws: { error in
            guard let error = error as? OCKTaskPlanError else { return false }
            return error.kind == .wouldHideEntries && error.message.contains("You recorded Metformin for Thu, Dec 3 at 8:00")
                && error.message.contains("Let the change start on Fri, Dec 4 or later")
        }
        #expect(try await starts(store, "2026-12-05") == [TestDates.date("2026-12-05 08:00")])
    }

    @Test func stoppingEndsTheScheduleAfterTheLastDayAndKeepsHistory() async throws {
        let store = OCKStore(name: "plan", type: .inMemory, clock: { TestDates.date("2026-12-04 10:00") })
        let task = try await store.addTask(planned: plan(["08:00"], from: "2026-12-01"))
        let event = try await store.fetchEvent(forTask: task, occurrence: 1)
        try await store.perform(.complete, on: event.anyEvent, now: TestDates.date("2026-12-02 08:05"), calendar: calendar)
        let stopped = try await store.stopTask("metformin", lastDay: TestDates.date("2026-12-04"), calendar: calendar)
        #expect(stopped.schedule.endDate() == TestDates.date("2026-12-05"))
        #expect(try await starts(store, "2026-12-04") == [TestDates.date("2026-12-04 08:00")])
        #expect(try await starts(store, "2026-12-05").isEmpty)
        var history = OCKEventQuery(for: TestDates.date("2026-12-02"), calendar: calendar)
        history.taskIDs = ["metformin"]
        #expect(try await store.fetchEvents(query: history).first?.outcome != nil)
        // Stopping before an entry is refused in words.
        await #expect {
            try await store.stopTask("metformin", lastDay: TestDates.date("2026-12-01"), calendar: calendar)
        } throws: { error in
            (error as? OCKTaskPlanError)?.message.contains("Choose Wed, Dec 2 or later as the last day") == true
        }
    }
}
