import CareKitStore
import Foundation
import Testing

/// The one rule for "late": a recording is on time from an hour before its event starts to the
/// end of the event's due window (its end, an hour after the start for an event that takes no
/// time, the local day for an all-day event); before that it is early, after it late, by how much.
@Suite("When a recording was made against its event's window")
struct RecordingTimingTests {

    /// The event of `element` on `day` (its first), in `zone`.
    func event(_ element: OCKScheduleElement, on day: String, in zone: String) throws -> OCKScheduleEvent {
        let schedule = OCKSchedule(composing: [element])
        let dayStart = date(day, in: zone)
        let end = try #require(gregorian(zone).date(byAdding: .day, value: 1, to: dayStart))
        return try #require(schedule.events(from: dayStart, to: end).first)
    }

    @Test("Sunday's 9 AM and 9 PM doses ticked together at 6:30 PM: the first 8 h 30 min late, the second 1 h 30 min early")
    func dosesTickedTogether() throws {
        let morning = try event(element("2026-11-22 09:00", in: newYork, every: DateComponents(day: 1)), on: "2026-11-22", in: newYork)
        let evening = try event(element("2026-11-22 21:00", in: newYork, every: DateComponents(day: 1)), on: "2026-11-22", in: newYork)
        let tick = date("2026-11-22 18:30", in: newYork)
        #expect(morning.recordingTiming(of: tick) == .late(by: 8.5 * 3600))
        #expect(evening.recordingTiming(of: tick) == .early(by: 1.5 * 3600))
    }

    @Test("An hour-long event: on time from an hour before its start to its end, both ends included")
    func hourLongEvent() throws {
        let dose = try event(element("2026-11-22 09:00", in: newYork, every: DateComponents(day: 1)), on: "2026-11-22", in: newYork)
        #expect(dose.onTimeWindow == DateInterval(start: date("2026-11-22 08:00", in: newYork), end: date("2026-11-22 10:00", in: newYork)))
        #expect(dose.recordingTiming(of: date("2026-11-22 08:00", in: newYork)) == .onTime)
        #expect(dose.recordingTiming(of: date("2026-11-22 10:00", in: newYork)) == .onTime)
        #expect(dose.recordingTiming(of: date("2026-11-22 07:59", in: newYork)) == .early(by: 60))
        #expect(dose.recordingTiming(of: date("2026-11-22 10:00:30", in: newYork)) == .late(by: 30))
    }

    @Test("An event that takes no time is due for the instant window after its start, as the cards say")
    func instantEvent() throws {
        let pill = try event(element("2026-11-22 09:00", in: newYork, every: DateComponents(day: 1), duration: .seconds(0)), on: "2026-11-22", in: newYork)
        #expect(pill.onTimeWindow.end == date("2026-11-22 09:00", in: newYork).addingTimeInterval(OCKEventTiming.instantWindow))
        #expect(pill.onTimeWindow.start == date("2026-11-22 09:00", in: newYork).addingTimeInterval(-OCKScheduleEvent.onTimeLead))
        #expect(pill.recordingTiming(of: date("2026-11-22 09:45", in: newYork)) == .onTime)
        #expect(pill.recordingTiming(of: date("2026-11-22 10:15", in: newYork)) == .late(by: 15 * 60))
    }

    @Test("A long event is on time until its end, not an hour after its start")
    func longEvent() throws {
        let walk = try event(element("2026-11-22 09:00", in: newYork, every: DateComponents(day: 1), duration: .hours(8)), on: "2026-11-22", in: newYork)
        #expect(walk.recordingTiming(of: date("2026-11-22 16:59", in: newYork)) == .onTime)
        #expect(walk.recordingTiming(of: date("2026-11-22 18:00", in: newYork)) == .late(by: 3600))
    }

    @Test("An all-day event is on time all its local day, without a lead", arguments: [newYork, berlin])
    func allDayEvent(zone: String) throws {
        let diary = try event(element("2026-11-22 00:00", in: zone, every: DateComponents(day: 1), duration: .allDay), on: "2026-11-22", in: zone)
        #expect(diary.onTimeWindow == DateInterval(start: date("2026-11-22 00:00", in: zone), end: date("2026-11-23 00:00", in: zone)))
        #expect(diary.recordingTiming(of: date("2026-11-22 23:59", in: zone)) == .onTime)
        #expect(diary.recordingTiming(of: date("2026-11-23 00:00", in: zone)) == .onTime)
        #expect(diary.recordingTiming(of: date("2026-11-23 00:30", in: zone)) == .late(by: 1800))
        #expect(diary.recordingTiming(of: date("2026-11-21 23:30", in: zone)) == .early(by: 1800))
    }

    @Test(
        "An all-day event on a daylight-saving day is on time for its 23 or 25 hours",
        arguments: [("2025-03-09", 23.0), ("2025-11-02", 25.0)])
    func allDayOnDaylightSavingDay(day: String, hours: Double) throws {
        let diary = try event(element("2025-03-01 00:00", in: newYork, every: DateComponents(day: 1), duration: .allDay), on: day, in: newYork)
        #expect(diary.onTimeWindow.duration == hours * 3600)
        let lastMinute = diary.onTimeWindow.end.addingTimeInterval(-60)
        #expect(diary.recordingTiming(of: lastMinute) == .onTime)
        #expect(diary.recordingTiming(of: diary.onTimeWindow.end.addingTimeInterval(600)) == .late(by: 600))
    }

    @Test("A timed event on a daylight-saving day keeps its window in elapsed time")
    func timedEventOnDaylightSavingDay() throws {
        // 01:30 on the fall-back day happens twice; the event is the first, and its window is two real hours.
        let dose = try event(element("2025-11-01 01:30", in: newYork, every: DateComponents(day: 1)), on: "2025-11-02", in: newYork)
        #expect(dose.onTimeWindow.duration == 2 * 3600)
        #expect(dose.recordingTiming(of: dose.start.addingTimeInterval(3 * 3600)) == .late(by: 2 * 3600))
        // 02:30 on the spring-forward day does not exist: the event is at 03:30, due until 04:30.
        let spring = try event(element("2025-03-08 02:30", in: newYork, every: DateComponents(day: 1)), on: "2025-03-09", in: newYork)
        #expect(wall(spring.start, in: newYork) == "2025-03-09 03:30")
        #expect(spring.recordingTiming(of: date("2025-03-09 04:40", in: newYork)) == .late(by: 600))
    }

    @Test("Around midnight the window crosses days: a recording before midnight can be on time for the next day's dose")
    func aroundMidnight() throws {
        let midnight = try event(element("2026-11-22 00:00", in: newYork, every: DateComponents(day: 1)), on: "2026-11-23", in: newYork)
        #expect(midnight.recordingTiming(of: date("2026-11-22 23:30", in: newYork)) == .onTime)
        #expect(midnight.recordingTiming(of: date("2026-11-22 22:30", in: newYork)) == .early(by: 1800))
        let late = try event(element("2026-11-22 23:30", in: newYork, every: DateComponents(day: 1)), on: "2026-11-22", in: newYork)
        // Due until 00:30: a tick at 00:20 the next day is on time, at 01:00 half an hour late.
        #expect(late.recordingTiming(of: date("2026-11-23 00:20", in: newYork)) == .onTime)
        #expect(late.recordingTiming(of: date("2026-11-23 01:00", in: newYork)) == .late(by: 1800))
    }

    @Test("An event's recording timing is its outcome's first value's, nil without one")
    func eventsFirstRecording() throws {
        let task = makeTask(schedule: OCKSchedule(composing: [element("2026-11-22 09:00", in: newYork, every: DateComponents(day: 1))]))
        #expect(try #require(anyEvent(task, occurrence: 0)).recordingTiming == nil)
        let values = [
            OCKOutcomeValue(true, units: nil, kind: nil, createdDate: date("2026-11-22 18:30", in: newYork)),
            OCKOutcomeValue(true, units: nil, kind: nil, createdDate: date("2026-11-22 09:10", in: newYork))
        ]
        let done = try #require(anyEvent(task, occurrence: 0, outcome: makeOutcome(occurrence: 0, values: values)))
        #expect(done.firstRecordedDate == date("2026-11-22 09:10", in: newYork))
        #expect(done.recordingTiming == .onTime)
        #expect(try #require(anyEvent(task, occurrence: 0, outcome: makeOutcome(occurrence: 0, values: []))).recordingTiming == nil)
    }
}
