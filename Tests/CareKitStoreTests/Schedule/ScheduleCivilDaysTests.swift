import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

/// Daily and weekly schedules step by local days without calendar arithmetic where the time
/// zone's offset is steady, and ask the calendar near offset changes. The two must agree on
/// every event, in zones with every kind of change: daylight saving north and south, half-hour
/// daylight saving, a zone that skipped a whole day, changes of standard time, no changes.
@Suite("Day steps without calendar arithmetic")
struct ScheduleCivilDaysTests {
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Pacific/Apia",
        "Africa/Casablanca", "Asia/Tehran", "Europe/Moscow", "America/St_Johns", "Pacific/Chatham", "UTC"
    ]

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        return calendar
    }

    /// Random daily and weekly elements starting between 2005 and 2030, at random local times
    /// (midnight and the hours clocks change at included).
    static func elements(_ zone: String, seed: UInt64) -> [OCKScheduleElement] {
        var random = SeededGenerator(seed: seed)
        let calendar = calendar(zone)
        let intervals: [DateComponents] = [
            DateComponents(day: 1), DateComponents(day: 2), DateComponents(day: 3), DateComponents(weekOfYear: 1),
            DateComponents(weekOfYear: 2), DateComponents(day: 1, weekOfYear: 1), DateComponents(day: 10)
        ]
        let times = [(0, 0), (0, 30), (1, 0), (2, 30), (3, 0), (8, 15), (12, 0), (23, 0), (23, 59)]
        return (0..<24).compactMap { index in
            let (hour, minute) = times[Int(random.next() % UInt64(times.count))]
            let components = DateComponents(
                year: 2005 + Int(random.next() % 26), month: 1 + Int(random.next() % 12), day: 1 + Int(random.next() % 28),
                hour: hour, minute: minute)
            guard let start = calendar.date(from: components) else { return nil }
            let duration: OCKScheduleElement.Duration = index % 3 == 0 ? .allDay : .minutes(30)
            return OCKScheduleElement(
                start: start, end: nil, interval: intervals[Int(random.next() % UInt64(intervals.count))],
                duration: duration, calendar: calendar)
        }
    }

    @Test("Every event agrees with calendar arithmetic", arguments: zones)
    func eventsAgree(zone: String) {
        for (index, element) in Self.elements(zone, seed: 0xC1D1 &+ UInt64(zone.utf8.count) &* 7919).enumerated() {
            let fast = _Recurrence(element)
            let slow = _Recurrence(element, usesCivilDays: false)
            let mixed = element.interval.day != nil && element.interval.weekOfYear != nil
            #expect((fast.civilDays != nil) == !mixed, "element \(index): only one kind of component takes the fast path")
            // Three years of steps, so every element meets several offset changes.
            var mismatches: [String] = []
            for k in stride(from: 0, to: 1_100, by: 1) {
                let a = fast.event(k), b = slow.event(k)
                if a?.start != b?.start || a?.end != b?.end {
                    mismatches.append("k=\(k): \(String(describing: a?.start))–\(String(describing: a?.end)) vs \(String(describing: b?.start))–\(String(describing: b?.end))")
                }
            }
            #expect(mismatches.isEmpty, "\(zone) element \(index) from \(element.start) every \(element.interval): \(mismatches.prefix(3))")
        }
    }

    @Test func samoasSkippedDayAgreesWithTheCalendar() {
        let calendar = Self.calendar("Pacific/Apia")
        var mismatches: [String] = []
        for day in [1, 20, 28, 29, 31] {
            for hour in [0, 9, 12, 23] {
                guard let start = calendar.date(from: DateComponents(year: 2011, month: 12, day: day, hour: hour)) else { continue }
                for interval in [DateComponents(day: 1), DateComponents(day: 3), DateComponents(weekOfYear: 1)] {
                    for duration in [OCKScheduleElement.Duration.allDay, .minutes(30)] {
                        let element = OCKScheduleElement(start: start, end: nil, interval: interval, duration: duration, calendar: calendar)
                        let fast = _Recurrence(element), slow = _Recurrence(element, usesCivilDays: false)
                        for k in 0..<500 where fast.event(k)?.start != slow.event(k)?.start || fast.event(k)?.end != slow.event(k)?.end {
                            mismatches.append("\(start) \(interval) k=\(k)")
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("Searches by date agree with calendar arithmetic", arguments: zones)
    func searchesAgree(zone: String) {
        var random = SeededGenerator(seed: 0x5EA4 &+ UInt64(zone.utf8.count))
        for element in Self.elements(zone, seed: 0xBEEF &+ UInt64(zone.utf8.count)) {
            let fast = _Recurrence(element)
            let slow = _Recurrence(element, usesCivilDays: false)
            for _ in 0..<40 {
                let date = element.start.addingTimeInterval(Double(random.next() % (12 * 365 * 86_400)))
                #expect(fast.countOfEvents(startingBefore: date) == slow.countOfEvents(startingBefore: date), "\(zone) \(date)")
                #expect(fast.firstOccurrence(endingAtOrAfter: date) == slow.firstOccurrence(endingAtOrAfter: date), "\(zone) \(date)")
            }
        }
    }

    @Test func onlyWholeDaysInGregorianCalendarsTakeTheFastPath() {
        let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let gregorian = Self.calendar("Europe/London")
        func recurrence(_ interval: DateComponents, _ calendar: Calendar = gregorian) -> _Recurrence {
            _Recurrence(OCKScheduleElement(start: start, end: nil, interval: interval, calendar: calendar))
        }
        #expect(recurrence(DateComponents(day: 1)).civilDays != nil)
        #expect(recurrence(DateComponents(weekOfYear: 1)).civilDays != nil)
        #expect(recurrence(DateComponents(month: 1)).civilDays == nil)
        #expect(recurrence(DateComponents(day: 1, hour: 1)).civilDays == nil)
        #expect(recurrence(DateComponents(day: 1, weekOfYear: 1)).civilDays == nil)
        #expect(recurrence(DateComponents(hour: 24)).civilDays == nil)
        var islamic = Calendar(identifier: .islamicUmmAlQura)
        islamic.timeZone = gregorian.timeZone
        #expect(recurrence(DateComponents(day: 1), islamic).civilDays == nil)
    }

    @Test("Adherence days agree with calendar arithmetic across offset changes and skipped days", arguments: zones)
    func adherenceDaysAgree(zone: String) {
        let calendar = Self.calendar(zone)
        // Three years around the changes of the zones above (Apia skipped 2011-12-30), from a
        // start in the middle of a day and from a midnight.
        for start in [Date(timeIntervalSince1970: 1_293_840_000 + 13 * 3_600), Date(timeIntervalSince1970: 1_293_840_000)] {
            let interval = DateInterval(start: start, duration: 3 * 366 * 86_400)
            var expected: [Date] = []
            var day = calendar.startOfDay(for: interval.start)
            while day < interval.end {
                expected.append(day)
                day = calendar.ockStartOfNextDay(after: day)
            }
            let days = OCKAdherence.days(in: interval, calendar: calendar)
            #expect(days == expected, "\(zone) from \(start): \(days.count) days against \(expected.count)")
        }
        // The limit still stops the count.
        #expect(OCKAdherence.days(in: DateInterval(start: Date(timeIntervalSince1970: 0), duration: 30 * 86_400), calendar: calendar, limit: 7).count == 7)
    }
}
