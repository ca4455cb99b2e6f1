import Foundation
import Testing

@testable import CareKitStore

/// `fetchAnyEventCompletions` (occurrences joined with the existence of a live outcome, no
/// outcome decoded) must give the same occurrences, in the same order, and the same default
/// progress per day as the whole events of `fetchAnyEvents`, on stores built to be awkward.
@Suite("Event completions against whole events")
struct EventCompletionTests {
    typealias S = StoreTestSupport

    /// One line per occurrence: version, occurrence, start, end, and whether it is done.
    static func lines(_ events: [OCKAnyEvent]) -> [String] {
        events.map { line(OCKEventCompletion(task: $0.task, scheduleEvent: $0.scheduleEvent, hasOutcome: $0.outcome != nil)) }
    }

    static func line(_ completion: OCKEventCompletion) -> String {
        let event = completion.scheduleEvent
        return "\(completion.task.uuid)#\(event.occurrence) \(event.start.timeIntervalSinceReferenceDate)-\(event.end.timeIntervalSinceReferenceDate) \(completion.hasOutcome)"
    }

    /// An event with the outcome it shows: "uuid#occurrence start outcome-uuid".
    static func outcomeLine(_ event: OCKAnyEvent) -> String {
        "\(event.id) \(event.scheduleEvent.start.timeIntervalSinceReferenceDate) \((event.outcome as? OCKOutcome)?.uuid.uuidString ?? "-")"
    }

    /// Compares both reads over `interval` and over each of its days, and the days' progress.
    static func expectSame(_ store: OCKStore, over interval: DateInterval, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let days = OCKAdherence.days(in: interval, calendar: S.calendar)
        for range in [interval] + days.map({ DateInterval.ockDay(containing: $0, calendar: S.calendar) }) {
            let query = OCKEventQuery(dateInterval: range)
            let events = try await store.fetchAnyEvents(query: query)
            let completions = try await store.fetchAnyEventCompletions(query: query)
            #expect(completions.map(line) == lines(events), "over \(range)", sourceLocation: sourceLocation)
            // Read together with the completions of the whole interval: the same events, with
            // the same outcomes, and the same completions.
            let both = try await store.fetchAnyEvents(query: query, completionsOf: OCKEventQuery(dateInterval: interval))
            #expect(both.events.map(Self.outcomeLine) == events.map(Self.outcomeLine), "over \(range)", sourceLocation: sourceLocation)
            let whole = try await store.fetchAnyEventCompletions(query: OCKEventQuery(dateInterval: interval))
            #expect(both.completions.map(line) == whole.map(line), sourceLocation: sourceLocation)
        }
        let query = OCKEventQuery(dateInterval: interval)
        let events = try await store.fetchAnyEvents(query: query)
        let completions = try await store.fetchAnyEventCompletions(query: query)
        let full = OCKAdherence.countedEvents(events, byDay: days).map {
            OCKAdherence.fractionCompleted(of: $0, computeProgress: CareTaskProgressStrategy.checkingOutcomeExists.computeProgress)
        }
        let cheap = OCKAdherence.countedEvents(completions, byDay: days).map(OCKAdherence.fractionCompleted(of:))
        #expect(cheap == full, sourceLocation: sourceLocation)
        // The days' numbers counted without events: the same as the events of the days.
        let adherenceQuery = OCKAdherenceQuery(taskIDs: [], dateInterval: interval, calendar: S.calendar)
        let dayEvents = try await store.fetchAnyEvents(query: adherenceQuery.eventQuery(from: days[0]))
        let counted = OCKAdherence.countedEvents(dayEvents, byDay: days).map { OCKAdherence.DayCount(events: $0.count, completed: $0.filter { $0.outcome != nil }.count) }
        #expect(try await store.fetchAdherenceCounts(query: adherenceQuery) == counted, sourceLocation: sourceLocation)
        #expect(full.contains { $0 != nil }, "the store has counted events", sourceLocation: sourceLocation)
    }

    static func allDayTask(_ id: String, start: String = "2025-01-01") -> OCKTask {
        let element = OCKScheduleElement(start: S.date(start), end: nil, interval: DateComponents(day: 1), duration: .allDay, calendar: S.calendar)
        var task = OCKTask(id: id, title: id, carePlanUUID: nil, schedule: OCKSchedule(composing: [element]))
        task.timezone = S.newYork
        return task
    }

    @Test("Task versions, a deleted task, deleted and edited outcomes, all-day and non-adherence tasks", arguments: S.Kind.allCases)
    func versionsAndDeletions(kind: S.Kind) async throws {
        let store = S.makeStore(kind, now: "2025-01-20 12:00")
        // Version 1 at 08:00, version 2 at 09:00 from Jan 10, version 3 at 07:00 from Jan 12 10:00.
        let v1 = try await store.addTask(S.dailyTask("pills", hour: 8))
        var change = v1
        change.schedule = S.dailyTask("pills", hour: 9, start: "2025-01-10").schedule
        change.effectiveDate = S.date("2025-01-10")
        let v2 = try await store.updateTask(change)
        change = v2
        change.schedule = S.dailyTask("pills", hour: 7, start: "2025-01-12").schedule
        change.effectiveDate = S.date("2025-01-12 10:00")
        let v3 = try await store.updateTask(change)
        // A task deleted on Jan 11 keeps its earlier events.
        let walk = try await store.addTask(S.dailyTask("walk", hour: 18))
        var gone = walk
        gone.effectiveDate = S.date("2025-01-11")
        try await store.deleteTask(gone)
        // An all-day task and a task that does not count towards adherence.
        let journal = try await store.addTask(Self.allDayTask("journal"))
        var optional = S.dailyTask("stretch", hour: 12)
        optional.impactsAdherence = false
        let stretch = try await store.addTask(optional)

        try await store.addOutcomes([
            S.outcome(v1, 7, id: "v1-jan8"), S.outcome(v1, 8, id: "v1-jan9"),
            S.outcome(v2, 0, id: "v2-jan10"), S.outcome(v2, 1, id: "v2-jan11"),
            S.outcome(v3, 1, id: "v3-jan13"), S.outcome(v3, 2, id: "v3-jan14"),
            S.outcome(walk, 8, id: "walk-jan9"), S.outcome(walk, 9, id: "walk-jan10"),
            S.outcome(journal, 9, id: "journal-jan10"), S.outcome(journal, 12, id: "journal-jan13"),
            S.outcome(stretch, 10, id: "stretch-jan11")
        ])
        // A deleted outcome no longer counts; an edited one counts once.
        try await store.deleteOutcome(try await store.fetchOutcome(withID: "v2-jan11"))
        try await store.deleteOutcome(try await store.fetchOutcome(withID: "journal-jan13"))
        var edited = try await store.fetchOutcome(withID: "v3-jan14")
        edited.values = [OCKOutcomeValue(2.5)]
        try await store.updateOutcome(edited)

        try await Self.expectSame(store, over: S.interval("2025-01-06", "2025-01-16"))
        try await Self.expectSame(store, over: S.interval("2025-01-09 12:00", "2025-01-12 12:00"))
    }

    @Test("Daylight-saving days: 23 and 25 hours, times that are skipped or repeated", arguments: S.Kind.allCases)
    func daylightSavingDays(kind: S.Kind) async throws {
        let store = S.makeStore(kind, now: "2025-11-10 12:00")
        let night = try await store.addTask(S.dailyTask("night", hour: 2, start: "2025-03-01"))
        let early = try await store.addTask(S.dailyTask("early", hour: 1, start: "2025-03-01"))
        let journal = try await store.addTask(Self.allDayTask("journal", start: "2025-03-01"))
        let hourly = OCKScheduleElement(start: S.date("2025-03-08 00:30"), end: nil, interval: DateComponents(hour: 5), duration: .minutes(30), calendar: S.calendar)
        var task = OCKTask(id: "hourly", title: "hourly", carePlanUUID: nil, schedule: OCKSchedule(composing: [hourly]))
        task.timezone = S.newYork
        let often = try await store.addTask(task)

        let march9 = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-03-09")))
        let november2 = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-11-02")))
        var outcomes: [OCKOutcome] = []
        for (index, event) in (march9 + november2).enumerated() where index % 2 == 0 {
            outcomes.append(S.outcome(event.task, event.scheduleEvent.occurrence, id: "dst-\(index)"))
        }
        outcomes.append(S.outcome(night, 7, id: "night-mar8"))
        outcomes.append(S.outcome(early, 8, id: "early-mar9"))
        outcomes.append(S.outcome(journal, 8, id: "journal-mar9"))
        outcomes.append(S.outcome(often, 0, id: "often-0"))
        try await store.addOutcomes(outcomes.uniqued())

        try await Self.expectSame(store, over: S.interval("2025-03-06", "2025-03-12"))
        try await Self.expectSame(store, over: S.interval("2025-10-30", "2025-11-05"))
    }

    @Test("One occurrence completed on two devices apart; an outcome recorded against a version for time another owns")
    func mergedOutcomes() async throws {
        let server = SimulatedServer()
        let (phone, _) = SynchronizationTests.device(server, now: "2025-01-06 09:00")
        let (tablet, _) = SynchronizationTests.device(server, now: "2025-01-06 21:00")
        let v1 = try await phone.addTask(S.dailyTask("pills", title: "v1"))
        let other = try await phone.addTask(S.dailyTask("walk", hour: 18))
        try await phone.synchronize()
        try await tablet.synchronize()

        // Both complete Jan 2 of "walk"; the phone records Jan 5 of "pills" while the tablet
        // changes "pills" from Jan 3.
        try await phone.addOutcome(S.outcome(other, 1, id: "phone-walk-jan2"))
        try await tablet.addOutcome(S.outcome(other, 1, id: "tablet-walk-jan2"))
        try await phone.addOutcome(S.outcome(v1, 4, id: "jan5"))
        try await phone.addOutcome(S.outcome(v1, 0, id: "jan1"))
        var change = v1
        change.title = "v2"
        change.effectiveDate = S.date("2025-01-03")
        try await tablet.updateTask(change)
        try await tablet.synchronize()
        try await phone.synchronize()
        try await tablet.synchronize()

        for store in [phone, tablet] {
            try await Self.expectSame(store, over: S.interval("2025-01-01", "2025-01-08"))
            try await Self.expectSame(store, over: S.interval("2025-01-05 12:00", "2025-01-07"))
        }
        // Deleting the shown outcome of Jan 2 shows the other one.
        try await phone.deleteOutcome(try await phone.fetchOutcome(withID: "phone-walk-jan2"))
        try await phone.deleteOutcome(try await phone.fetchOutcome(withID: "jan5"))
        try await Self.expectSame(phone, over: S.interval("2025-01-01", "2025-01-08"))
    }
}

extension Array where Element == OCKOutcome {
    /// One outcome per (task version, occurrence), the first of each.
    fileprivate func uniqued() -> [OCKOutcome] {
        var seen = Set<String>()
        return filter { seen.insert("\($0.taskUUID)#\($0.taskOccurrenceIndex)").inserted }
    }
}
