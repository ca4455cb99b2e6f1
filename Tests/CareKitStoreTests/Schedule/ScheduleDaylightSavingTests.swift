import CareKitStore
import Foundation
import Testing

/// Daylight-saving days in two time zones. Day intervals keep the local wall time; hour
/// intervals are absolute time; all-day events cover exactly the local day, 23 or 25 hours.
@Suite("Schedules across daylight-saving changes")
struct ScheduleDaylightSavingTests {

    struct Change: CustomTestStringConvertible, Sendable {
        let zone: String
        /// The local day on which the clocks change.
        let day: String
        /// The day before and the day after.
        let dayBefore: String
        let dayAfter: String
        /// +1 when clocks spring forward (23-hour day), -1 when they fall back (25-hour day).
        let direction: Int
        var testDescription: String { "\(zone) \(day) \(direction > 0 ? "spring forward" : "fall back")" }
        var dayLength: Double { direction > 0 ? 23 : 25 }
    }

    static let changes: [Change] = [
        Change(zone: newYork, day: "2025-03-09", dayBefore: "2025-03-08", dayAfter: "2025-03-10", direction: 1),
        Change(zone: newYork, day: "2025-11-02", dayBefore: "2025-11-01", dayAfter: "2025-11-03", direction: -1),
        Change(zone: berlin, day: "2025-03-30", dayBefore: "2025-03-29", dayAfter: "2025-03-31", direction: 1),
        Change(zone: berlin, day: "2025-10-26", dayBefore: "2025-10-25", dayAfter: "2025-10-27", direction: -1)
    ]

    @Test("A daily element stays at its local wall time across the change", arguments: changes)
    func dailyKeepsWallTime(_ change: Change) {
        let daily = element("\(change.dayBefore) 08:00", in: change.zone, every: DateComponents(day: 1))
        let events = daily.events(from: date(change.dayBefore, in: change.zone), to: date("\(change.dayAfter) 23:00", in: change.zone))
        #expect(
            starts(events, in: change.zone) == [
                "#0 \(change.dayBefore) 08:00", "#1 \(change.day) 08:00", "#2 \(change.dayAfter) 08:00"
            ])
        // As absolute time the change day's step is 23 or 25 hours, the next one 24.
        #expect(hours(from: events[0].start, to: events[1].start) == change.dayLength)
        #expect(hours(from: events[1].start, to: events[2].start) == 24)
        // The one-hour duration is absolute.
        #expect(events.allSatisfy { $0.end.timeIntervalSince($0.start) == 3600 })
    }

    @Test("A weekly element stays at its local wall time across the change", arguments: changes)
    func weeklyKeepsWallTime(_ change: Change) {
        let weekBefore = gregorian(change.zone).date(byAdding: .day, value: -7, to: date("\(change.day) 18:30", in: change.zone))!
        let weekly = OCKScheduleElement(start: weekBefore, end: nil, interval: DateComponents(weekOfYear: 1), calendar: gregorian(change.zone))
        let second = weekly[1]
        #expect(second.map { wall($0.start, in: change.zone) } == "\(change.day) 18:30")
        #expect(second.map { hours(from: weekBefore, to: $0.start) } == 168 - Double(change.direction))
    }

    @Test("A 24-hour interval is absolute time and drifts by an hour on the wall clock", arguments: changes)
    func twentyFourHoursDrift(_ change: Change) {
        let every24h = element("\(change.dayBefore) 08:00", in: change.zone, every: DateComponents(hour: 24))
        let events = every24h.events(from: date(change.dayBefore, in: change.zone), to: date("\(change.dayAfter) 23:00", in: change.zone))
        let shifted = change.direction > 0 ? "09:00" : "07:00"
        #expect(
            starts(events, in: change.zone) == [
                "#0 \(change.dayBefore) 08:00", "#1 \(change.day) \(shifted)", "#2 \(change.dayAfter) \(shifted)"
            ])
        #expect(hours(from: events[0].start, to: events[2].start) == 48)
    }

    @Test("An all-day event covers exactly the 23- or 25-hour local day", arguments: changes)
    func allDayCoversLocalDay(_ change: Change) throws {
        let allDay = element(change.dayBefore, in: change.zone, every: DateComponents(day: 1), duration: .allDay)
        let dayStart = date(change.day, in: change.zone)
        let nextDayStart = date(change.dayAfter, in: change.zone)
        let events = allDay.events(from: dayStart, to: nextDayStart)
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.occurrence == 1)
        #expect(event.start == dayStart)
        #expect(event.end == nextDayStart.addingTimeInterval(-1))
        #expect(event.end.timeIntervalSince(event.start) == change.dayLength * 3600 - 1)
        #expect(spans(events, in: change.zone) == ["#1 \(change.day) 00:00 → \(change.day) 23:59:59"])
    }

    @Test("Hourly events over the change day: 23 or 25 of them, one per absolute hour", arguments: changes)
    func hourlyOverChangeDay(_ change: Change) {
        let hourly = element("\(change.dayBefore) 00:00", in: change.zone, every: DateComponents(hour: 1), duration: .minutes(10))
        let day = DateInterval.ockDay(containing: date("\(change.day) 12:00", in: change.zone), calendar: gregorian(change.zone))
        let events = hourly.events(from: day.start, to: day.end)
        #expect(events.count == Int(change.dayLength))
        #expect(events.first?.occurrence == 24)
        #expect(events.last?.occurrence == 24 + Int(change.dayLength) - 1)
        #expect(zip(events, events.dropFirst()).allSatisfy { $1.start.timeIntervalSince($0.start) == 3600 })
    }

    @Test("Spring forward: the skipped hour has no wall-clock events; New York skips 02:xx")
    func newYorkSkippedHour() {
        let hourly = element("2025-03-09 00:00", in: newYork, every: DateComponents(hour: 1), duration: .minutes(10))
        let events = hourly.events(from: date("2025-03-09", in: newYork), to: date("2025-03-09 05:00", in: newYork))
        #expect(starts(events, in: newYork) == ["#0 2025-03-09 00:00", "#1 2025-03-09 01:00", "#2 2025-03-09 03:00", "#3 2025-03-09 04:00"])
    }

    @Test("Fall back: the repeated hour has two events with the same wall time and different offsets")
    func newYorkRepeatedHour() {
        let hourly = element("2025-11-02 00:00", in: newYork, every: DateComponents(hour: 1), duration: .minutes(10))
        let events = hourly.events(from: date("2025-11-02", in: newYork), to: date("2025-11-02 03:00", in: newYork))
        #expect(
            events.map { "#\($0.occurrence) \(wallWithOffset($0.start, in: newYork))" } == [
                "#0 2025-11-02 00:00 -04:00", "#1 2025-11-02 01:00 -04:00", "#2 2025-11-02 01:00 -05:00", "#3 2025-11-02 02:00 -05:00"
            ])
    }

    struct SkippedTime: CustomTestStringConvertible, Sendable {
        let zone: String
        let dayBefore: String
        let day: String
        let dayAfter: String
        var testDescription: String { "\(zone) \(day)" }
    }

    @Test(
        "A daily 02:30 element that meets the skipped hour is at 03:30 that day and back at 02:30 the next",
        arguments: [
            SkippedTime(zone: newYork, dayBefore: "2025-03-08", day: "2025-03-09", dayAfter: "2025-03-10"),
            SkippedTime(zone: berlin, dayBefore: "2025-03-29", day: "2025-03-30", dayAfter: "2025-03-31")
        ])
    func dailyAtSkippedTime(_ skipped: SkippedTime) throws {
        let daily = element("2025-03-01 02:30", in: skipped.zone, every: DateComponents(day: 1))
        let events = daily.events(from: date(skipped.dayBefore, in: skipped.zone), to: date("\(skipped.dayAfter) 12:00", in: skipped.zone))
        #expect(localStarts(events, in: skipped.zone) == ["\(skipped.dayBefore) 02:30", "\(skipped.day) 03:30", "\(skipped.dayAfter) 02:30"])
        // Looked up by number, far from the start, the answer is the same: nothing accumulates.
        let dayIndex = try #require(events.dropFirst().first?.occurrence)
        #expect(daily.date(ofOccurrence: dayIndex + 1).map { wall($0, in: skipped.zone) } == "\(skipped.dayAfter) 02:30")
        #expect(daily.date(ofOccurrence: dayIndex + 30).map { wall($0, in: skipped.zone) }?.hasSuffix(" 02:30") == true)
    }

    @Test("dailyAtTime over a spring-forward day: 03:30 on the day, 02:30 after")
    func dailyAtTimeHelperAcrossSkippedHour() {
        let schedule = OCKSchedule.dailyAtTime(hour: 2, minutes: 30, start: date("2025-03-07 12:00", in: newYork), end: nil, text: nil, calendar: gregorian(newYork))
        let events = schedule.events(from: date("2025-03-07", in: newYork), to: date("2025-03-11", in: newYork))
        #expect(starts(events, in: newYork) == ["#0 2025-03-07 02:30", "#1 2025-03-08 02:30", "#2 2025-03-09 03:30", "#3 2025-03-10 02:30"])
    }

    @Test("A daily 01:30 element on the fall-back day takes the first of the two 01:30s")
    func dailyAtRepeatedTime() {
        let daily = element("2025-10-30 01:30", in: newYork, every: DateComponents(day: 1))
        let events = daily.events(from: date("2025-11-01", in: newYork), to: date("2025-11-04", in: newYork))
        #expect(
            events.map { wallWithOffset($0.start, in: newYork) } == [
                "2025-11-01 01:30 -04:00", "2025-11-02 01:30 -04:00", "2025-11-03 01:30 -05:00"
            ])
    }

    @Test("Berlin's repeated 02:xx hour on 2025-10-26 resolves to the summer-time reading")
    func berlinRepeatedHour() {
        let daily = element("2025-10-20 02:30", in: berlin, every: DateComponents(day: 1))
        let events = daily.events(from: date("2025-10-26", in: berlin), to: date("2025-10-28", in: berlin))
        #expect(events.map { wallWithOffset($0.start, in: berlin) } == ["2025-10-26 02:30 +02:00", "2025-10-27 02:30 +01:00"])
    }

    @Test("The element's calendar decides, not the reader's: the same instants read in two zones")
    func calendarTravelsWithElement() {
        // A Berlin 07:00 daily element seen from New York during the weeks when only the US has changed.
        let berlinMorning = element("2025-03-05 07:00", in: berlin, every: DateComponents(day: 1))
        let events = berlinMorning.events(from: date("2025-03-07", in: newYork), to: date("2025-03-11", in: newYork))
        #expect(localStarts(events, in: berlin) == ["2025-03-07 07:00", "2025-03-08 07:00", "2025-03-09 07:00", "2025-03-10 07:00"])
        #expect(localStarts(events, in: newYork) == ["2025-03-07 01:00", "2025-03-08 01:00", "2025-03-09 01:00", "2025-03-10 02:00"])
    }

    // MARK: Zones whose clocks change at midnight

    /// Havana springs forward at midnight: 2025-03-09 begins at 01:00 (-04:00), so the local day
    /// is 23 hours, from 01:00 to the next midnight.
    static let havana = "America/Havana"

    @Test("An all-day event on a day whose midnight is skipped ends at the next midnight, not an hour into the next day")
    func allDayWhenMidnightIsSkipped() throws {
        let allDay = element("2025-03-07", in: Self.havana, every: DateComponents(day: 1), duration: .allDay)
        let events = allDay.events(from: date("2025-03-08 12:00", in: Self.havana), to: date("2025-03-10 12:00", in: Self.havana))
        #expect(
            events.map { "#\($0.occurrence) \(wallWithOffset($0.start, in: Self.havana)) → \(wallWithOffset($0.end, in: Self.havana))" } == [
                "#1 2025-03-08 00:00 -05:00 → 2025-03-08 23:59:59 -05:00",
                "#2 2025-03-09 01:00 -04:00 → 2025-03-09 23:59:59 -04:00",
                "#3 2025-03-10 00:00 -04:00 → 2025-03-10 23:59:59 -04:00"
            ])
        // No two days overlap.
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.end < $1.start })
    }
}
