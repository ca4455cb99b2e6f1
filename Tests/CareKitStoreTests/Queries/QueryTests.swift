import CareKitStore
import Foundation
import Testing

/// `init(for:calendar:)` covers the whole local day, `[midnight, next midnight)`, in the
/// calendar given (CareKit: `[midnight, 23:59:59]` in `Calendar.current`).
@Suite("Queries")
struct QueryTests {

    struct Day: CustomTestStringConvertible, Sendable {
        let zone: String
        let instant: String
        let start: String
        let end: String
        let hours: Double
        var testDescription: String { "\(instant) in \(zone)" }
    }

    static let days: [Day] = [
        Day(zone: newYork, instant: "2025-06-02 13:45", start: "2025-06-02 00:00 -04:00", end: "2025-06-03 00:00 -04:00", hours: 24),
        Day(zone: newYork, instant: "2025-03-09 12:00", start: "2025-03-09 00:00 -05:00", end: "2025-03-10 00:00 -04:00", hours: 23),
        Day(zone: newYork, instant: "2025-11-02 23:59:59", start: "2025-11-02 00:00 -04:00", end: "2025-11-03 00:00 -05:00", hours: 25),
        Day(zone: berlin, instant: "2025-03-30 00:00", start: "2025-03-30 00:00 +01:00", end: "2025-03-31 00:00 +02:00", hours: 23),
        Day(zone: berlin, instant: "2025-10-26 18:00", start: "2025-10-26 00:00 +02:00", end: "2025-10-27 00:00 +01:00", hours: 25),
        // Havana skips midnight on 2025-03-09: that day begins at 01:00.
        Day(zone: "America/Havana", instant: "2025-03-09 12:00", start: "2025-03-09 01:00 -04:00", end: "2025-03-10 00:00 -04:00", hours: 23),
        Day(zone: "America/Havana", instant: "2025-03-08 12:00", start: "2025-03-08 00:00 -05:00", end: "2025-03-09 01:00 -04:00", hours: 24)
    ]

    @Test("init(for:calendar:) covers [midnight, next midnight) of the local day", arguments: days)
    func dayQueries(_ day: Day) {
        let calendar = gregorian(day.zone)
        let instant = date(day.instant, in: day.zone)
        // The expectation is written with explicit UTC offsets.
        let expectedInterval = DateInterval(start: Self.instant(day.start), end: Self.instant(day.end))
        #expect(OCKEventQuery(for: instant, calendar: calendar).dateInterval == expectedInterval)
        #expect(OCKTaskQuery(for: instant, calendar: calendar).dateInterval == expectedInterval)
        #expect(OCKOutcomeQuery(for: instant, calendar: calendar).dateInterval == expectedInterval)
        #expect(OCKPatientQuery(for: instant, calendar: calendar).dateInterval == expectedInterval)
        #expect(OCKCarePlanQuery(for: instant, calendar: calendar).dateInterval == expectedInterval)
        #expect(OCKContactQuery(for: instant, calendar: calendar).dateInterval == expectedInterval)
        #expect(expectedInterval.duration == day.hours * 3600)
    }

    /// A date written with an explicit UTC offset, `"2025-03-09 00:00 -05:00"`.
    static func instant(_ text: String) -> Date {
        date(text, in: utcZone)
    }

    @Test("The same instant is a different day in another calendar")
    func calendarDecidesTheDay() {
        let instant = date("2025-06-02 22:00", in: newYork)
        #expect(OCKEventQuery(for: instant, calendar: gregorian(newYork)).dateInterval.start == date("2025-06-02", in: newYork))
        #expect(OCKEventQuery(for: instant, calendar: gregorian(berlin)).dateInterval.start == date("2025-06-03", in: berlin))
    }

    @Test("A day query holds the day's events: the all-day event and the 23:30 event, not the next midnight's")
    func dayQueryMatchesScheduleEvents() {
        let schedule = OCKSchedule(composing: [
            element("2025-03-08", in: newYork, every: DateComponents(day: 1), duration: .allDay, text: "all day"),
            element("2025-03-08 23:30", in: newYork, every: DateComponents(day: 1), duration: .minutes(30), text: "late")
        ])
        let query = OCKEventQuery(for: date("2025-03-09 15:00", in: newYork), calendar: gregorian(newYork))
        let events = schedule.events(from: query.dateInterval.start, to: query.dateInterval.end)
        // The 23:30 event of the 8th ends exactly at midnight of the 9th, so it is included too.
        #expect(
            events.map { "#\($0.occurrence) \($0.element.text ?? "") \(wall($0.start, in: newYork))" } == [
                "#1 late 2025-03-08 23:30", "#2 all day 2025-03-09 00:00", "#3 late 2025-03-09 23:30"
            ])
    }

    @Test("Queries have CareKit's defaults and id initializers")
    func defaults() {
        let taskQuery = OCKTaskQuery(id: "doxycycline")
        #expect(taskQuery.ids == ["doxycycline"])
        #expect(taskQuery.dateInterval == nil)
        #expect(taskQuery.offset == 0)
        #expect(taskQuery.limit == nil)
        #expect(!taskQuery.excludesTasksWithNoEvents)
        #expect(OCKOutcomeQuery(id: "o").ids == ["o"])
        #expect(OCKPatientQuery(id: "p").ids == ["p"])
        #expect(OCKCarePlanQuery(id: "c").ids == ["c"])
        #expect(OCKContactQuery(id: "k").ids == ["k"])
        #expect(OCKPatientQuery().dateInterval == nil)
    }

    @Test("An event query's task query carries its filters and interval")
    func eventQueryTaskQuery() {
        var query = OCKEventQuery(dateInterval: DateInterval(start: date("2025-06-02", in: newYork), end: date("2025-06-09", in: newYork)))
        query.taskIDs = ["a", "b"]
        query.taskUUIDs = [FixedUUID.taskA]
        query.taskRemoteIDs = ["r", nil]
        query.taskGroupIdentifiers = [nil]
        query.taskTags = ["morning"]
        query.carePlanIDs = ["plan"]
        let taskQuery = query.taskQuery
        #expect(taskQuery.dateInterval == query.dateInterval)
        #expect(taskQuery.ids == ["a", "b"])
        #expect(taskQuery.uuids == [FixedUUID.taskA])
        #expect(taskQuery.remoteIDs == ["r", nil])
        #expect(taskQuery.groupIdentifiers == [nil])
        #expect(taskQuery.tags == ["morning"])
        #expect(taskQuery.carePlanIDs == ["plan"])
    }

    // MARK: Adherence days

    @Test("A week ending exactly at midnight gives seven days, not eight")
    func adherenceWeek() {
        let calendar = gregorian(newYork)
        let query = OCKAdherenceQuery(
            taskIDs: [], dateInterval: DateInterval(start: date("2025-03-03", in: newYork), end: date("2025-03-10", in: newYork)),
            calendar: calendar)
        #expect(
            query.dates().map { wall($0, in: newYork) } == [
                "2025-03-03 00:00", "2025-03-04 00:00", "2025-03-05 00:00", "2025-03-06 00:00",
                "2025-03-07 00:00", "2025-03-08 00:00", "2025-03-09 00:00"
            ])
    }

    @Test("Adherence days start at local midnight even when the interval starts mid-day, across daylight saving")
    func adherenceDaysMidDay() {
        let query = OCKAdherenceQuery(
            taskIDs: ["a"], dateInterval: DateInterval(start: date("2025-10-25 15:00", in: berlin), end: date("2025-10-27 00:00:01", in: berlin)),
            calendar: gregorian(berlin))
        #expect(
            query.dates().map { wallWithOffset($0, in: berlin) } == [
                "2025-10-25 00:00 +02:00", "2025-10-26 00:00 +02:00", "2025-10-27 00:00 +01:00"
            ])
    }

    @Test("Adherence days in a zone that skips midnight start when the day starts")
    func adherenceDaysSkippedMidnight() {
        let havana = "America/Havana"
        let query = OCKAdherenceQuery(
            taskIDs: [], dateInterval: DateInterval(start: date("2025-03-08", in: havana), end: date("2025-03-11", in: havana)),
            calendar: gregorian(havana))
        #expect(
            query.dates().map { wallWithOffset($0, in: havana) } == [
                "2025-03-08 00:00 -05:00", "2025-03-09 01:00 -04:00", "2025-03-10 00:00 -04:00"
            ])
    }

    @Test("An empty adherence interval has no days")
    func adherenceEmpty() {
        let midnight = date("2025-03-03", in: newYork)
        let query = OCKAdherenceQuery(taskIDs: [], dateInterval: DateInterval(start: midnight, end: midnight), calendar: gregorian(newYork))
        #expect(query.dates().isEmpty)
    }

    @Test("The default adherence computation completes an event that has an outcome")
    func adherenceDefaultProgress() throws {
        let query = OCKAdherenceQuery(taskIDs: [], dateInterval: DateInterval(start: .distantPast, duration: 1), calendar: gregorian(newYork))
        let task = makeTask(schedule: dailyAtEight)
        #expect(query.computeProgress(try #require(anyEvent(task, occurrence: 0))).fractionCompleted == 0)
        #expect(query.computeProgress(try #require(anyEvent(task, occurrence: 0, outcome: makeOutcome(occurrence: 0, values: [])))).fractionCompleted == 1)
    }
}
