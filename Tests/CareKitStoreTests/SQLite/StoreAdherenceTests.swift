import Foundation
import Testing

@testable import CareKitStore

/// `fetchAdherence`: one value per local day of the query's calendar.
@Suite("Adherence")
struct StoreAdherenceTests {
    typealias S = StoreTestSupport

    static func adherence(
        _ store: OCKStore, _ from: String, _ to: String, taskIDs: [String] = [],
        progress: (@Sendable (OCKAnyEvent) -> any CareTaskProgress)? = nil
    ) async throws -> [OCKAdherence] {
        var query = OCKAdherenceQuery(taskIDs: taskIDs, dateInterval: S.interval(from, to), calendar: S.calendar)
        if let progress { query.computeProgress = progress }
        return try await store.fetchAdherence(query: query)
    }

    @Test(arguments: S.Kind.allCases)
    func aWeekIsSevenDaysEvenWhenItEndsAtMidnight(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        #expect(try await Self.adherence(store, "2025-01-06", "2025-01-13") == Array(repeating: .noTasks, count: 7))
        try await store.addTask(S.dailyTask("pills"))
        #expect(try await Self.adherence(store, "2025-01-06", "2025-01-13").count == 7)
        // An interval that starts mid-day still counts that whole day.
        #expect(try await Self.adherence(store, "2025-01-06 12:00", "2025-01-08 12:00") == [.progress(0), .progress(0), .progress(0)])
    }

    @Test(arguments: S.Kind.allCases)
    func daysBeforeTheTaskHaveNoTasksAndOutcomesCount(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills", start: "2025-01-08"))
        try await store.addOutcomes([S.outcome(task, 0, id: "jan8"), S.outcome(task, 1, id: "jan9")])
        let result = try await Self.adherence(store, "2025-01-06", "2025-01-13")
        #expect(result == [.noTasks, .noTasks, .progress(1), .progress(1), .progress(0), .progress(0), .progress(0)])
    }

    @Test(arguments: S.Kind.allCases)
    func dayProgressIsTheMeanOfItsEvents(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let morning = OCKScheduleElement(start: S.date("2025-01-01 08:00"), end: nil, interval: DateComponents(day: 1), calendar: S.calendar)
        let evening = OCKScheduleElement(start: S.date("2025-01-01 20:00"), end: nil, interval: DateComponents(day: 1), calendar: S.calendar)
        let task = try await store.addTask(OCKTask(id: "twice", title: "Twice a day", carePlanUUID: nil, schedule: OCKSchedule(composing: [morning, evening])))
        // Jan 2: occurrences 2 (08:00) and 3 (20:00); only the morning is done.
        try await store.addOutcome(S.outcome(task, 2, id: "jan2-morning"))
        #expect(try await Self.adherence(store, "2025-01-02", "2025-01-03") == [.progress(0.5)])
    }

    @Test(arguments: S.Kind.allCases)
    func daysWithoutEventsAreNoEvents(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let saturdays = try await store.addTask(
            OCKTask(
                id: "weigh-in", title: "Weigh in", carePlanUUID: nil,
                schedule: .weeklyAtTime(weekday: 7, hours: 9, minutes: 0, start: S.date("2025-01-01"), end: nil, text: nil, calendar: S.calendar)))
        try await store.addOutcome(S.outcome(saturdays, 1, id: "jan11"))  // Saturday Jan 11
        let result = try await Self.adherence(store, "2025-01-06", "2025-01-13")  // Mon ... Sun
        #expect(result == [.noEvents, .noEvents, .noEvents, .noEvents, .noEvents, .progress(1), .noEvents])
    }

    @Test(arguments: S.Kind.allCases)
    func onlyTasksThatImpactAdherenceCountAndTaskIDsFilter(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var optional = S.dailyTask("as-needed")
        optional.impactsAdherence = false
        let pills = S.dailyTask("pills")
        let walk = S.dailyTask("walk")
        let added = try await store.addTasks([optional, pills, walk])
        try await store.addOutcomes([S.outcome(added[0], 5, id: "optional"), S.outcome(added[1], 5, id: "pills")])

        #expect(try await Self.adherence(store, "2025-01-06", "2025-01-07") == [.progress(0.5)], "pills done, walk not, as-needed ignored")
        #expect(try await Self.adherence(store, "2025-01-06", "2025-01-07", taskIDs: ["pills"]) == [.progress(1)])
        #expect(try await Self.adherence(store, "2025-01-06", "2025-01-07", taskIDs: ["as-needed"]) == [.noTasks])
    }

    @Test(arguments: S.Kind.allCases)
    func aCustomProgressRuleIsUsed(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let schedule = OCKSchedule.dailyAtTime(
            hour: 8, minutes: 0, start: S.date("2025-01-01"), end: nil, text: nil,
            targetValues: [OCKOutcomeValue(8)], calendar: S.calendar)
        let task = try await store.addTask(OCKTask(id: "water", title: "Glasses of water", carePlanUUID: nil, schedule: schedule))
        try await store.addOutcome(S.outcome(task, 5, id: "jan6", values: [OCKOutcomeValue(2), OCKOutcomeValue(4)]))
        let result = try await Self.adherence(store, "2025-01-06", "2025-01-07") { event in
            event.computeProgress(by: .summingOutcomeValues)
        }
        #expect(result == [.progress(0.75)])
    }

    /// A change of schedule mid-week must not erase the days done under the old schedule.
    @Test(arguments: S.Kind.allCases)
    func daysOfAnEarlierVersionKeepTheirProgress(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("pills", hour: 8))
        try await store.addOutcomes([S.outcome(v1, 7, id: "jan8"), S.outcome(v1, 8, id: "jan9")])
        var v2 = S.dailyTask("pills", hour: 9, start: "2025-01-10")
        v2.effectiveDate = S.date("2025-01-10")
        let stored = try await store.updateTask(v2)
        try await store.addOutcome(S.outcome(stored, 0, id: "jan10"))

        let result = try await Self.adherence(store, "2025-01-08", "2025-01-12")
        #expect(result == [.progress(1), .progress(1), .progress(1), .progress(0)])
    }

    /// A task deleted mid-interval keeps its days before the deletion; after it, nothing is due.
    @Test(arguments: S.Kind.allCases)
    func aDeletedTaskCountsUntilItsDeletion(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))
        try await store.addOutcome(S.outcome(task, 7, id: "jan8"))
        var stop = task
        stop.effectiveDate = S.date("2025-01-10 12:00")  // after that day's 08:00 event
        try await store.deleteTask(stop)
        let result = try await Self.adherence(store, "2025-01-08", "2025-01-13")
        #expect(result == [.progress(1), .progress(0), .progress(0), .noTasks, .noTasks])
    }

    /// Eventless days are `.noEvents` while the version in effect is scheduled, and `.noTasks`
    /// once its schedule has ended, even though the version before it never ended.
    @Test(arguments: S.Kind.allCases)
    func activeDaysFollowTheVersionInEffect(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let daily = try await store.addTask(S.dailyTask("pills"))
        let everyOtherDay = OCKScheduleElement(start: S.date("2025-01-10 09:00"), end: S.date("2025-01-13"), interval: DateComponents(day: 2), calendar: S.calendar)
        var change = OCKTask(id: "pills", title: "Every other day", carePlanUUID: nil, schedule: OCKSchedule(composing: [everyOtherDay]))
        change.effectiveDate = S.date("2025-01-10")
        try await store.updateTask(change)
        #expect(daily.schedule.endDate() == nil)
        // Jan 9: the daily event; Jan 10 and 12: the new version's events; Jan 11: nothing due
        // that day; Jan 13: the new schedule has ended.
        let result = try await Self.adherence(store, "2025-01-09", "2025-01-14")
        #expect(result == [.progress(0), .progress(0), .noEvents, .progress(0), .noTasks])
    }

    @Test(arguments: S.Kind.allCases)
    func daysFollowTheCalendarAcrossDaylightSaving(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills", start: "2025-03-01"))
        try await store.addOutcome(S.outcome(task, 8, id: "mar9"))  // the 23-hour day
        let result = try await Self.adherence(store, "2025-03-08", "2025-03-11")
        #expect(result == [.progress(0), .progress(1), .progress(0)])
        let days = OCKAdherenceQuery(taskIDs: [], dateInterval: S.interval("2025-03-08", "2025-03-11"), calendar: S.calendar).dates()
        #expect(days == [S.date("2025-03-08"), S.date("2025-03-09"), S.date("2025-03-10")])
    }
}
