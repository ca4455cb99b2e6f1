import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

/// `OCKStore.fetchAdherenceCounts` counts a day's events by schedule arithmetic and its
/// completions by one read of outcome occurrences, without making events. On random stores
/// (seeded, so a failure replays) it must give exactly what the full path gives: the events
/// built version by version with their outcomes, counted by day. Schedules mix daily, weekly,
/// hourly, composed, all-day, monthly and mixed-unit elements with durations that cross
/// midnight and ends inside the range; versions change mid-day and mid-range, some tasks stop or
/// do not count; every range crosses a daylight-saving change in New York or Berlin, and the
/// schedules' time zones need not be the days'.
@Suite("Adherence counted by arithmetic against whole events")
struct AdherenceCountTests {
    typealias S = StoreTestSupport

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// Six weeks around spring's or autumn's changes, in both zones (2025: New York March 9 and
    /// November 2, Berlin March 30 and October 26).
    static let ranges = [S.interval("2025-02-24", "2025-04-07"), S.interval("2025-10-13", "2025-11-24")]
    static let zones = ["America/New_York", "Europe/Berlin"]

    struct Random {
        var generator: SeededGenerator
        mutating func int(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
        /// A moment `days` days (fractional) after `start`, at a random quarter hour.
        mutating func date(after start: Date, withinDays days: Int) -> Date {
            start.addingTimeInterval(Double(int(days * 96)) * 900)
        }
    }

    /// A random element starting near `range` (up to two weeks before it).
    static func element(_ random: inout Random, range: DateInterval) -> OCKScheduleElement {
        let calendar = calendar(random.pick(zones + ["UTC"]))
        // Local times include those a change skips (02:30) or repeats (01:30, 02:30).
        let (hour, minute) = random.pick([(0, 0), (1, 30), (2, 30), (3, 0), (8, 0), (12, 15), (22, 45), (23, 30)])
        let day = random.date(after: range.start.addingTimeInterval(-14 * 86_400), withinDays: 40)
        let start = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) ?? day
        let kinds: [(DateComponents, [OCKScheduleElement.Duration])] = [
            (DateComponents(day: 1), [.hours(1), .seconds(0), .hours(3)]),
            (DateComponents(day: 2), [.allDay, .minutes(30)]),
            (DateComponents(day: 1), [.allDay]),
            (DateComponents(weekOfYear: 1), [.hours(1), .allDay]),
            (DateComponents(weekOfYear: 2), [.hours(26)]),
            (DateComponents(hour: 5), [.minutes(30), .hours(6)]),
            (DateComponents(hour: 3), [.seconds(0)]),
            (DateComponents(minute: 150), [.minutes(10)]),
            (DateComponents(hour: 24), [.hours(1)]),
            (DateComponents(day: 1, hour: 12), [.hours(2), .allDay]),
            (DateComponents(month: 1), [.hours(1), .allDay]),
            (DateComponents(day: 3), [.hours(30)])
        ]
        let (interval, durations) = random.pick(kinds)
        let end: Date? = random.chance(25) ? random.date(after: start.addingTimeInterval(3_600), withinDays: 40) : nil
        return OCKScheduleElement(start: start, end: end, interval: interval, duration: random.pick(durations), calendar: calendar)
    }

    static func schedule(_ random: inout Random, range: DateInterval) -> OCKSchedule {
        OCKSchedule(composing: (0..<(1 + random.int(3))).map { _ in element(&random, range: range) })
    }

    /// A store with five tasks of one to four versions (changes and deletions at random times in
    /// the range), and outcomes on about half of the events, a few of them deleted again.
    static func randomStore(seed: UInt64, range: DateInterval) async throws -> OCKStore {
        var random = Random(generator: SeededGenerator(seed: seed))
        let store = OCKStore(name: "random", type: .inMemory, clock: { S.date("2026-01-01 12:00") })
        for number in 0..<5 {
            var task = OCKTask(id: "task\(number)", title: "Task \(number)", carePlanUUID: nil, schedule: schedule(&random, range: range))
            task.impactsAdherence = !random.chance(20)
            task.effectiveDate = random.chance(70) ? task.schedule.startDate() : random.date(after: range.start, withinDays: 20)
            var stored = try await store.addTask(task)
            var effective = stored.effectiveDate
            for _ in 0..<random.int(4) {
                effective = random.date(after: max(effective, range.start), withinDays: 14).addingTimeInterval(900)
                if random.chance(15) {
                    var gone = stored
                    gone.effectiveDate = effective
                    try await store.deleteTask(gone)
                    break
                }
                var change = stored
                change.schedule = random.chance(70) ? schedule(&random, range: range) : stored.schedule
                change.impactsAdherence = !random.chance(20)
                change.effectiveDate = effective
                stored = try await store.updateTask(change)
            }
        }
        let wide = DateInterval(start: range.start.addingTimeInterval(-20 * 86_400), end: range.end.addingTimeInterval(20 * 86_400))
        var outcomes: [OCKOutcome] = []
        for event in try await store.fetchEvents(query: OCKEventQuery(dateInterval: wide)) where random.chance(50) {
            outcomes.append(S.outcome(event.task, event.scheduleEvent.occurrence))
        }
        let added = try await store.addOutcomes(outcomes)
        for outcome in added where random.chance(5) {
            try await store.deleteOutcome(outcome)
        }
        return store
    }

    /// The full path's numbers: the events of each version with their outcomes, built whole,
    /// counted by the day they start on.
    static func countsFromEvents(_ store: OCKStore, _ query: OCKAdherenceQuery) async throws -> [OCKAdherence.DayCount] {
        let days = query.dates()
        guard let first = days.first else { return [] }
        let events = try await store.fetchAnyEvents(query: query.eventQuery(from: first))
        return OCKAdherence.countedEvents(events, byDay: days).map { day in
            OCKAdherence.DayCount(events: day.count, completed: day.filter { $0.outcome != nil }.count)
        }
    }

    /// Compares the counts, and adherence with the default rule against the same rule given as
    /// a custom one (which takes the full path), over random ranges of the store's six weeks.
    static func expectSame(_ store: OCKStore, seed: UInt64, range: DateInterval) async throws -> (days: Int, events: Int, completed: Int) {
        var random = Random(generator: SeededGenerator(seed: seed ^ 0xADE0))
        var totals = (days: 0, events: 0, completed: 0)
        for _ in 0..<8 {
            let start = random.date(after: range.start, withinDays: 30)
            let interval = DateInterval(start: random.chance(50) ? start : S.calendar.startOfDay(for: start), duration: Double(1 + random.int(14)) * 86_400)
            let taskIDs = random.chance(25) ? ["task\(random.int(5))", "task\(random.int(5))"] : []
            var query = OCKAdherenceQuery(taskIDs: taskIDs, dateInterval: interval, calendar: calendar(random.pick(zones)))
            let counts = try await store.fetchAdherenceCounts(query: query)
            let days = query.dates()
            let completions = try await store.fetchAnyEventCompletions(query: query.eventQuery(from: days[0]))
            #expect(counts == OCKAdherence.dayCounts(completions, byDay: days), "seed \(seed): \(interval) in \(query.calendar.timeZone.identifier), tasks \(taskIDs)")
            #expect(counts == (try await countsFromEvents(store, query)), "seed \(seed): \(interval) in \(query.calendar.timeZone.identifier), tasks \(taskIDs)")

            let adherence = try await store.fetchAdherence(query: query)
            query.computeProgress = { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) }
            #expect(adherence == (try await store.fetchAdherence(query: query)), "seed \(seed): \(interval)")
            totals.days += counts.count
            totals.events += counts.map(\.events).reduce(0, +)
            totals.completed += counts.map(\.completed).reduce(0, +)
        }
        return totals
    }

    @Test("Random schedules, versions and outcomes across daylight-saving changes", arguments: 0..<24)
    func randomStores(seed: Int) async throws {
        let range = Self.ranges[seed % 2]
        let store = try await Self.randomStore(seed: 0x5EED_0000 &+ UInt64(seed), range: range)
        let totals = try await Self.expectSame(store, seed: UInt64(seed), range: range)
        // Not a vacuous comparison: the ranges hold events, some done and some not.
        #expect(totals.events > 0 && totals.completed > 0 && totals.completed < totals.events, "seed \(seed): \(totals)")
    }

    /// An event that starts before the range and overlaps it, of an element that ended as the
    /// range starts, is not among the range's events (as in CareKit); its outcome is shown in its
    /// own event, which takes the place of an owner's event without an outcome. The day's events
    /// change, and the counts must see it.
    @Test("An outcome on an event of an element that ended as the range starts")
    func outcomeOfAnEndedElement() async throws {
        let store = OCKStore(name: "ended", type: .inMemory, clock: { S.date("2025-02-01 12:00") })
        let late = OCKScheduleElement(
            start: S.date("2025-01-01 22:00"), end: S.date("2025-01-10"), interval: DateComponents(day: 1), duration: .hours(4), calendar: S.calendar)
        let early = OCKScheduleElement(start: S.date("2025-01-01 01:00"), end: nil, interval: DateComponents(day: 1), calendar: S.calendar)
        var task = OCKTask(id: "night", title: "Night", carePlanUUID: nil, schedule: OCKSchedule(composing: [late, early]))
        task.effectiveDate = S.date("2025-01-01")
        let v1 = try await store.addTask(task)
        var change = v1
        change.effectiveDate = S.date("2025-01-11 12:00")
        try await store.updateTask(change)
        let jan9 = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-09")))
        let lateJan9 = try #require(jan9.first { $0.scheduleEvent.start == S.date("2025-01-09 22:00") })
        try await store.addOutcome(S.outcome(v1, lateJan9.scheduleEvent.occurrence))

        let query = OCKAdherenceQuery(taskIDs: [], dateInterval: S.interval("2025-01-10", "2025-01-12"), calendar: S.calendar)
        // Jan 10's 01:00 event has no outcome and overlaps the 22:00 event of Jan 9, shown in its place.
        #expect(try await store.fetchAdherenceCounts(query: query) == [OCKAdherence.DayCount(), OCKAdherence.DayCount(events: 1)])
        #expect(try await store.fetchAdherenceCounts(query: query) == (try await Self.countsFromEvents(store, query)))
    }

    @Test("A day's fraction from counts is the mean of the binary progress of its events")
    func fractionIsTheMean() {
        for events in 1...40 {
            for completed in 0...events {
                let progress = (0..<events).map { BinaryCareTaskProgress(isCompleted: $0 < completed) as any CareTaskProgress }
                #expect(OCKAdherence.DayCount(events: events, completed: completed).fractionCompleted == AggregatedCareTaskProgress(combining: progress).fractionCompleted)
            }
        }
        #expect(OCKAdherence.DayCount().fractionCompleted == nil)
    }

    @Test("Event starts by arithmetic are the starts and occurrences of the schedule's events")
    func eventStartsMatchEvents() {
        var random = Random(generator: SeededGenerator(seed: 0x57A7))
        for range in Self.ranges {
            for _ in 0..<60 {
                let schedule = Self.schedule(&random, range: range)
                let lower = random.date(after: range.start, withinDays: 30)
                let upper = random.date(after: lower, withinDays: 12).addingTimeInterval(900)
                let events = schedule.events(from: lower, to: upper).filter { $0.start >= lower }
                let (first, starts) = schedule.eventStarts(from: lower, to: upper)
                #expect(starts == events.map(\.start), "\(schedule.elements.map(\.interval)) \(lower)–\(upper)")
                #expect(Array(first..<(first + starts.count)) == events.map(\.occurrence), "\(schedule.elements.map(\.interval)) \(lower)–\(upper)")
            }
        }
    }
}
