import CareKitStore
import Foundation
import Testing

/// `dailyAtTime` and `weeklyAtTime` with an explicit calendar (CareKit hard-codes
/// `Calendar.current`).
@Suite("Schedule helpers")
struct ScheduleHelperTests {

    /// 2025-03-10 02:00 in Berlin is still 2025-03-09 21:00 in New York.
    let instant = date("2025-03-10 02:00", in: berlin)

    @Test("dailyAtTime sets the time on the start's day in the given calendar")
    func dailyAtTimeUsesCalendar() throws {
        let inBerlin = OCKSchedule.dailyAtTime(hour: 8, minutes: 15, start: instant, end: nil, text: "Pills", calendar: gregorian(berlin))
        let inNewYork = OCKSchedule.dailyAtTime(hour: 8, minutes: 15, start: instant, end: nil, text: "Pills", calendar: gregorian(newYork))
        #expect(inBerlin.elements.map { wall($0.start, in: berlin) } == ["2025-03-10 08:15"])
        // As in CareKit, the time is set on the start's day even when that is before the start.
        #expect(inNewYork.elements.map { wall($0.start, in: newYork) } == ["2025-03-09 08:15"])
        let element = try #require(inBerlin.elements.first)
        #expect(element.calendar == gregorian(berlin))
        #expect(element.interval == DateComponents(day: 1))
        #expect(element.text == "Pills")
        #expect(element.duration == .hours(1))
        #expect(element.end == nil)
    }

    @Test("dailyAtTime passes end, duration and target values through")
    func dailyAtTimeFields() throws {
        let target = OCKOutcomeValue(2, units: "tablets", kind: nil, createdDate: referenceDate(0))
        let end = date("2025-03-20", in: newYork)
        let schedule = OCKSchedule.dailyAtTime(
            hour: 21, minutes: 0, start: date("2025-03-10", in: newYork), end: end, text: nil,
            duration: .allDay, targetValues: [target], calendar: gregorian(newYork))
        let element = try #require(schedule.elements.first)
        #expect(element.end == end)
        #expect(element.duration == .allDay)
        #expect(element.targetValues == [target])
        // All-day: the element starts at midnight of that day.
        #expect(wall(element.start, in: newYork) == "2025-03-10 00:00")
        #expect(schedule.events(from: date("2025-03-01", in: newYork), to: date("2025-04-01", in: newYork)).count == 10)
    }

    @Test("dailyAtTime on a spring-forward day at a skipped time starts at the next valid time")
    func dailyAtTimeOnSkippedTime() {
        // CareKit uses date(bySettingHour:) too, which resolves 02:30 on 2025-03-09 to 03:00.
        let schedule = OCKSchedule.dailyAtTime(hour: 2, minutes: 30, start: date("2025-03-09 12:00", in: newYork), end: nil, text: nil, calendar: gregorian(newYork))
        #expect(schedule.elements.map { wallWithOffset($0.start, in: newYork) } == ["2025-03-09 03:00 -04:00"])
    }

    @Test("dailyAtTime clamps out-of-range times into the day instead of trapping")
    func dailyAtTimeClamps() {
        let late = OCKSchedule.dailyAtTime(hour: 27, minutes: 75, start: date("2025-06-02", in: newYork), end: nil, text: nil, calendar: gregorian(newYork))
        #expect(late.elements.map { wall($0.start, in: newYork) } == ["2025-06-02 23:59"])
        let early = OCKSchedule.dailyAtTime(hour: -3, minutes: -1, start: date("2025-06-02 15:00", in: newYork), end: nil, text: nil, calendar: gregorian(newYork))
        #expect(early.elements.map { wall($0.start, in: newYork) } == ["2025-06-02 00:00"])
    }

    struct WeeklyCase: CustomTestStringConvertible, Sendable {
        let weekday: Int
        let start: String
        let expected: String
        var testDescription: String { "weekday \(weekday) from \(start)" }
    }

    @Test(
        "weeklyAtTime moves forward to the weekday (1 = Sunday), staying on the start's day when it matches",
        arguments: [
            // 2025-03-05 is a Wednesday.
            WeeklyCase(weekday: 4, start: "2025-03-05 23:00", expected: "2025-03-05 09:00"),
            WeeklyCase(weekday: 5, start: "2025-03-05 08:00", expected: "2025-03-06 09:00"),
            WeeklyCase(weekday: 1, start: "2025-03-05 08:00", expected: "2025-03-09 09:00"),
            WeeklyCase(weekday: 3, start: "2025-03-05 08:00", expected: "2025-03-11 09:00"),
            WeeklyCase(weekday: 7, start: "2025-03-05 08:00", expected: "2025-03-08 09:00"),
            // Out of range weekdays wrap around instead of trapping: 8 is Sunday, 0 is Saturday.
            WeeklyCase(weekday: 8, start: "2025-03-05 08:00", expected: "2025-03-09 09:00"),
            WeeklyCase(weekday: 0, start: "2025-03-05 08:00", expected: "2025-03-08 09:00")
        ])
    func weeklyAtTimeWeekday(_ weekly: WeeklyCase) throws {
        let schedule = OCKSchedule.weeklyAtTime(
            weekday: weekly.weekday, hours: 9, minutes: 0, start: date(weekly.start, in: newYork), end: nil,
            text: nil, calendar: gregorian(newYork))
        let element = try #require(schedule.elements.first)
        #expect(wall(element.start, in: newYork) == weekly.expected)
        #expect(element.interval == DateComponents(weekOfYear: 1))
        #expect(element.calendar == gregorian(newYork))
    }

    @Test("weeklyAtTime keeps the wall time across daylight saving and uses the calendar's idea of the day")
    func weeklyAtTimeAcrossDaylightSaving() {
        let schedule = OCKSchedule.weeklyAtTime(
            weekday: 2, hours: 7, minutes: 45, start: instant, end: nil, text: "Weigh-in", calendar: gregorian(berlin))
        // In Berlin the start is Monday 2025-03-10, so the first Monday is that day.
        let events = schedule.events(from: date("2025-03-01", in: berlin), to: date("2025-04-08", in: berlin))
        #expect(
            starts(events, in: berlin) == [
                "#0 2025-03-10 07:45", "#1 2025-03-17 07:45", "#2 2025-03-24 07:45", "#3 2025-03-31 07:45", "#4 2025-04-07 07:45"
            ])
        #expect(hours(from: events[2].start, to: events[3].start) == 167)
        // In New York the same instant is still Sunday 2025-03-09, so a Sunday schedule starts that day.
        let newYorkSchedule = OCKSchedule.weeklyAtTime(
            weekday: 1, hours: 7, minutes: 45, start: instant, end: nil, text: nil, calendar: gregorian(newYork))
        #expect(newYorkSchedule.elements.map { wall($0.start, in: newYork) } == ["2025-03-09 07:45"])
    }
}
