import CareKitCalendar
import CareKitStore
import Foundation
import Testing

/// The iCalendar feed's text: what calendar apps parse. (An independent reader, Python's
/// `icalendar` and `recurring-ical-events`, checks the events themselves: Tests/interop.)
@Suite("Calendar feed")
struct CalendarFeedTests {

    static let newYork = TimeZone(identifier: "America/New_York")!

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        return calendar
    }

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static func task(_ id: String, _ elements: [OCKScheduleElement], title: String? = nil) -> OCKTask {
        var task = OCKTask(id: id, title: title ?? id, carePlanUUID: nil, schedule: OCKSchedule(composing: elements))
        task.effectiveDate = elements.map(\.start).min() ?? date(2025, 1, 1)
        return task
    }

    static func element(_ start: Date, every interval: DateComponents, duration: OCKScheduleElement.Duration = .hours(1), end: Date? = nil) -> OCKScheduleElement {
        OCKScheduleElement(start: start, end: end, interval: interval, duration: duration, calendar: calendar)
    }

    static func feed(_ versions: [OCKTask]) -> String {
        OCKCalendarFeed(name: "Ada's plan", versions: versions, now: date(2025, 1, 1), horizon: date(2026, 1, 1)).ics()
    }

    /// The unfolded lines of a feed.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    static func events(_ text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        for line in lines(text) {
            if line == "BEGIN:VEVENT" { current = [] } else if line == "END:VEVENT", let done = current { result.append(done); current = nil } else { current?.append(line) }
        }
        return result
    }

    @Test("Each schedule the plan editor makes is one VEVENT with an exact RRULE")
    func rules() {
        let text = Self.feed([
            Self.task("morning", [Self.element(Self.date(2025, 1, 6, 8), every: DateComponents(day: 1))]),
            Self.task("every-3-days", [Self.element(Self.date(2025, 1, 6, 20, 30), every: DateComponents(day: 3), duration: .minutes(15))]),
            Self.task("mondays", [Self.element(Self.date(2025, 1, 6, 9), every: DateComponents(weekOfYear: 1))]),
            Self.task("month-end", [Self.element(Self.date(2025, 1, 31, 9), every: DateComponents(month: 1))]),
            Self.task("the-30th", [Self.element(Self.date(2025, 1, 30, 9), every: DateComponents(month: 2))]),
            Self.task("leap-day", [Self.element(Self.date(2024, 2, 29, 9), every: DateComponents(year: 1))]),
            Self.task("all-day", [Self.element(Self.date(2025, 1, 6), every: DateComponents(day: 1), duration: .allDay)]),
            Self.task("every-8-hours", [Self.element(Self.date(2025, 1, 6, 6), every: DateComponents(hour: 8), duration: .minutes(5))]),
            Self.task("odd", [Self.element(Self.date(2025, 1, 6, 6), every: DateComponents(day: 1, hour: 1))])
        ])
        let byName = Dictionary(
            uniqueKeysWithValues: Self.events(text).map { event in
                (event.first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) } ?? "", event)
            })
        func value(_ name: String, _ key: String) -> String? {
            byName[name]?.first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) }
        }
        #expect(value("morning", "DTSTART;TZID=America/New_York:") == "20250106T080000")
        #expect(value("morning", "RRULE:") == "FREQ=DAILY;INTERVAL=1")
        #expect(value("morning", "DURATION:") == "PT1H")
        #expect(value("every-3-days", "RRULE:") == "FREQ=DAILY;INTERVAL=3")
        #expect(value("every-3-days", "DURATION:") == "PT15M")
        #expect(value("mondays", "RRULE:") == "FREQ=WEEKLY;INTERVAL=1")
        // Jan 31 → Feb 28 → Mar 31, as the store's events.
        #expect(value("month-end", "RRULE:") == "FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(value("the-30th", "RRULE:") == "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=28,29,30;BYSETPOS=-1")
        #expect(value("leap-day", "RRULE:") == "FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1")
        #expect(value("all-day", "DTSTART;VALUE=DATE:") == "20250106")
        #expect(value("all-day", "DURATION:") == "P1D")
        // Hours are absolute time: written in UTC, so daylight saving cannot move them.
        #expect(value("every-8-hours", "DTSTART:") == "20250106T110000Z")
        #expect(value("every-8-hours", "RRULE:") == "FREQ=HOURLY;INTERVAL=8")
        // One day and one hour has no RRULE: the occurrences are listed to the horizon.
        #expect(value("odd", "RRULE:") == nil)
        #expect(byName["odd"]?.filter { $0.hasPrefix("RDATE;TZID=America/New_York:") }.isEmpty == false)
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
    }

    @Test("A changed task ends its old version with UNTIL where the new one takes over; a deleted one stops")
    func versionsSplit() {
        let first = Self.task("pills", [Self.element(Self.date(2025, 1, 1, 8), every: DateComponents(day: 1))], title: "Pills")
        var second = first
        second.uuid = UUID()
        second.previousVersionUUIDs = [first.uuid]
        second.title = "Pills at nine"
        second.effectiveDate = Self.date(2025, 2, 1)
        second.schedule = OCKSchedule(composing: [Self.element(Self.date(2025, 1, 1, 9), every: DateComponents(day: 1))])
        var tombstone = second
        tombstone.uuid = UUID()
        tombstone.previousVersionUUIDs = [second.uuid]
        tombstone.effectiveDate = Self.date(2025, 3, 1)
        tombstone.deletedDate = Self.date(2025, 3, 1)
        var withFirst = first
        withFirst.nextVersionUUIDs = [second.uuid]
        let events = Self.events(Self.feed([withFirst, second, tombstone]))
        #expect(events.count == 2)
        let rules = events.compactMap { $0.first { $0.hasPrefix("RRULE:") } }
        // Feb 1 00:00 EST is 05:00Z; the last owned instant is one second before.
        #expect(rules.contains("RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20250201T045959Z"))
        #expect(rules.contains("RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20250301T045959Z"))
        #expect(events.contains { $0.contains("DTSTART;TZID=America/New_York:20250201T090000") })
    }

    @Test("A reminder is a VALARM before the event")
    func reminders() {
        var task = Self.task("pills", [Self.element(Self.date(2025, 1, 6, 8), every: DateComponents(day: 1))])
        task.reminderMinutesBefore = 15
        #expect(task.userInfo?[OCKTask.reminderUserInfoKey] == "15")
        let event = Self.events(Self.feed([task])).first ?? []
        #expect(event.contains("BEGIN:VALARM"))
        #expect(event.contains("TRIGGER:-PT15M"))
        task.reminderMinutesBefore = 0
        #expect(Self.events(Self.feed([task])).first?.contains("TRIGGER:PT0S") == true)
        task.reminderMinutesBefore = nil
        #expect(task.userInfo == nil)
        #expect(Self.events(Self.feed([task])).first?.contains("BEGIN:VALARM") == false)
        task.reminderMinutesBefore = -5
        #expect(task.reminderMinutesBefore == nil)
    }

    @Test("Text is escaped and lines are folded at 75 octets without splitting a character")
    func textAndFolding() {
        let title = "Ibuprofène; 400 mg, with food\\water\nthen rest \u{1B}[31m " + String(repeating: "é", count: 60)
        let text = Self.feed([Self.task("x", [Self.element(Self.date(2025, 1, 6, 8), every: DateComponents(day: 1))], title: title)])
        for line in text.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "\(line)")
        }
        #expect(!text.contains("\u{1B}"))
        let summary = Self.lines(text).first { $0.hasPrefix("SUMMARY:") }
        #expect(summary?.hasPrefix("SUMMARY:Ibuprofène\\; 400 mg\\, with food\\\\water\\nthen rest  [31m ") == true)
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    }

    @Test("The feed asks to be fetched again every hour, in both ways calendar apps read")
    func refresh() {
        let lines = Self.feed([Self.task("x", [Self.element(Self.date(2025, 1, 6, 8), every: DateComponents(day: 1))])]).components(separatedBy: "\r\n")
        #expect(lines.contains("REFRESH-INTERVAL;VALUE=DURATION:PT1H"))
        #expect(lines.contains("X-PUBLISHED-TTL:PT1H"))
        let start = Self.date(2026, 1, 1)
        for (interval, text) in [(90.0 * 60, "PT1H30M"), (1, "PT1M"), (.infinity, "PT1H"), (-5, "PT1M"), (30 * 86_400, "P7D")] {
            let feed = OCKCalendarFeed(name: "Plan", versions: [], now: start, refreshInterval: interval).ics()
            #expect(feed.contains("\r\nX-PUBLISHED-TTL:\(text)\r\n"), "\(interval)")
        }
    }

    @Test("A length too long to count in seconds is written, not a crash")
    func hugeDuration() {
        let text = Self.feed([Self.task("x", [Self.element(Self.date(2025, 1, 6, 8), every: DateComponents(day: 1), duration: .seconds(1e300))])])
        #expect(Self.lines(text).contains("DURATION:P36600D"))
    }
}
