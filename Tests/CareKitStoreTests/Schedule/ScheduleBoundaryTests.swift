import CareKitStore
import Foundation
import Testing

/// The bounds of a query: the start is inclusive against an event's end, the end exclusive
/// against its start.
@Suite("Schedule query bounds and midnight edges")
struct ScheduleBoundaryTests {

    /// Hourly events of 30 minutes: 00:00–00:30, 01:00–01:30, …
    let hourly = element("2025-06-02 00:00", in: newYork, every: DateComponents(hour: 1), duration: .minutes(30))

    @Test("An event that ends exactly at the query start is included")
    func endingAtQueryStartIsIncluded() {
        let events = hourly.events(from: date("2025-06-02 01:30", in: newYork), to: date("2025-06-02 02:00", in: newYork))
        #expect(spans(events, in: newYork) == ["#1 2025-06-02 01:00 → 2025-06-02 01:30"])
    }

    @Test("An event that ends one second before the query start is excluded")
    func endingBeforeQueryStartIsExcluded() {
        let events = hourly.events(from: date("2025-06-02 01:30:01", in: newYork), to: date("2025-06-02 02:00", in: newYork))
        #expect(events.isEmpty)
    }

    @Test("An event that starts exactly at the query end is excluded")
    func startingAtQueryEndIsExcluded() {
        let events = hourly.events(from: date("2025-06-02 01:45", in: newYork), to: date("2025-06-02 03:00", in: newYork))
        #expect(starts(events, in: newYork) == ["#2 2025-06-02 02:00"])
    }

    @Test("The same bounds hold for a composed schedule")
    func scheduleBounds() {
        let schedule = OCKSchedule(composing: [hourly, element("2025-06-02 00:10", in: newYork, every: DateComponents(hour: 2), duration: .minutes(20))])
        // 01:30 is the end of hourly #1; 03:00 is the start of hourly #3; the other element's
        // 02:10 event starts inside.
        let events = schedule.events(from: date("2025-06-02 01:30", in: newYork), to: date("2025-06-02 03:00", in: newYork))
        #expect(
            spans(events, in: newYork) == [
                "#2 2025-06-02 01:00 → 2025-06-02 01:30",
                "#3 2025-06-02 02:00 → 2025-06-02 02:30",
                "#4 2025-06-02 02:10 → 2025-06-02 02:30"
            ])
    }

    @Test("A query for midnight to midnight holds that day's all-day event and not the neighbours'")
    func allDayAtMidnightBoundaries() {
        let allDay = element("2025-06-01", in: berlin, every: DateComponents(day: 1), duration: .allDay)
        let day = DateInterval.ockDay(containing: date("2025-06-03 12:00", in: berlin), calendar: gregorian(berlin))
        let events = allDay.events(from: day.start, to: day.end)
        // The previous day's event ends at 23:59:59, one second before the query starts; the next
        // day's event starts exactly at the query end.
        #expect(spans(events, in: berlin) == ["#2 2025-06-03 00:00 → 2025-06-03 23:59:59"])
    }

    @Test("A query that starts at 23:59:59 still sees that day's all-day event")
    func allDayLastSecond() {
        let allDay = element("2025-06-01", in: berlin, every: DateComponents(day: 1), duration: .allDay)
        let events = allDay.events(from: date("2025-06-03 23:59:59", in: berlin), to: date("2025-06-04 00:00", in: berlin))
        #expect(starts(events, in: berlin) == ["#2 2025-06-03 00:00"])
    }

    @Test("An empty or reversed query interval gives no events")
    func emptyInterval() {
        let at = date("2025-06-02 01:00", in: newYork)
        #expect(hourly.events(from: at, to: at).isEmpty)
        #expect(hourly.events(from: at, to: at.addingTimeInterval(-3600)).isEmpty)
        #expect(OCKSchedule(composing: [hourly]).events(from: at, to: at).isEmpty)
    }

    @Test("A query before the schedule starts gives no events")
    func beforeStart() {
        let events = hourly.events(from: date("2025-06-01", in: newYork), to: date("2025-06-02", in: newYork))
        #expect(events.isEmpty)
    }

    @Test("An event longer than the interval overlaps several queries with the same number")
    func longEventsOverlap() {
        let long = element("2025-06-02 22:00", in: newYork, every: DateComponents(day: 1), duration: .hours(5))
        let nextMorning = long.events(from: date("2025-06-03", in: newYork), to: date("2025-06-03 01:00", in: newYork))
        #expect(spans(nextMorning, in: newYork) == ["#0 2025-06-02 22:00 → 2025-06-03 03:00"])
    }

    // MARK: Elements that cannot produce events

    struct InvalidCase: CustomTestStringConvertible, Sendable {
        let name: String
        let element: OCKScheduleElement
        /// Words the validation failure must contain to tell the user what is wrong.
        let mentions: [String]
        var testDescription: String { name }
    }

    static let start = date("2025-06-02 08:00", in: newYork)

    static let invalidCases: [InvalidCase] = [
        InvalidCase(name: "empty interval", element: make(DateComponents()), mentions: ["does not move forward"]),
        InvalidCase(name: "zero interval", element: make(DateComponents(day: 0, hour: 0)), mentions: ["does not move forward", "0 days"]),
        InvalidCase(name: "negative interval", element: make(DateComponents(day: -1)), mentions: ["goes back in time", "-1 days"]),
        InvalidCase(name: "mixed signs", element: make(DateComponents(day: 1, hour: -1)), mentions: ["goes back in time", "1 days", "-1 hours"]),
        InvalidCase(name: "weekday", element: make(DateComponents(weekday: 2)), mentions: ["weekday", "weekOfYear"]),
        InvalidCase(name: "weekday with a valid part", element: make(DateComponents(day: 1, weekday: 2)), mentions: ["weekday"]),
        InvalidCase(name: "nanosecond", element: make(DateComponents(nanosecond: 5)), mentions: ["nanosecond"]),
        InvalidCase(name: "quarter", element: make(DateComponents(quarter: 1)), mentions: ["quarter"]),
        InvalidCase(name: "end equals start", element: make(DateComponents(day: 1), end: start), mentions: ["end must be after the start"]),
        InvalidCase(name: "end before start", element: make(DateComponents(day: 1), end: start.addingTimeInterval(-60)), mentions: ["end must be after the start"]),
        InvalidCase(name: "NaN duration", element: make(DateComponents(day: 1), duration: .seconds(.nan)), mentions: ["duration", "nan"]),
        InvalidCase(name: "negative duration", element: make(DateComponents(day: 1), duration: .seconds(-60)), mentions: ["duration", "-60"]),
        InvalidCase(name: "infinite duration", element: make(DateComponents(day: 1), duration: .seconds(.infinity)), mentions: ["duration"]),
        InvalidCase(
            name: "NaN start", element: OCKScheduleElement(start: Date(timeIntervalSinceReferenceDate: .nan), end: nil, interval: DateComponents(day: 1), calendar: gregorian(newYork)),
            mentions: ["start"])
    ]

    static func make(_ interval: DateComponents, end: Date? = nil, duration: OCKScheduleElement.Duration = .hours(1)) -> OCKScheduleElement {
        OCKScheduleElement(start: start, end: end, interval: interval, duration: duration, calendar: gregorian(newYork))
    }

    @Test("An invalid element yields no events and says why", arguments: invalidCases)
    func invalidElement(_ invalid: InvalidCase) throws {
        let element = invalid.element
        let reason = try #require(element.validationFailure)
        for word in invalid.mentions {
            #expect(reason.localizedCaseInsensitiveContains(word), "\"\(reason)\" should mention \(word)")
        }
        #expect(!element.isValid)
        #expect(throws: OCKStoreError.invalidValue(reason: reason)) { try element.validate() }

        let from = date("2025-01-01", in: newYork), to = date("2026-01-01", in: newYork)
        #expect(element.events(from: from, to: to).isEmpty)
        #expect(element[0] == nil)
        #expect(element.date(ofOccurrence: 0) == nil)
        #expect(element.events(betweenOccurrenceIndex: 0, and: 5).isEmpty)

        let schedule = OCKSchedule(composing: [element])
        #expect(schedule.validationFailure == reason)
        #expect(schedule.events(from: from, to: to).isEmpty)
        #expect(schedule.event(forOccurrenceIndex: 0) == nil)
        #expect(schedule[0] == nil)
        #expect(schedule.events(betweenOccurrenceIndex: 0, and: 5).isEmpty)
    }

    @Test("A valid element has no validation failure")
    func validElement() throws {
        let element = Self.make(DateComponents(month: 1, day: 2, hour: 3))
        #expect(element.validationFailure == nil)
        #expect(element.isValid)
        try element.validate()
        #expect(element[0]?.start == Self.start)
    }

    @Test("An empty schedule has no events and says why")
    func emptySchedule() {
        let schedule = OCKSchedule(composing: [OCKScheduleElement]())
        #expect(schedule.validationFailure?.contains("no elements") == true)
        #expect(schedule.events(from: .distantPast, to: .distantFuture).isEmpty)
        #expect(schedule.event(forOccurrenceIndex: 0) == nil)
        #expect(schedule.endDate() == nil)
        #expect(throws: OCKStoreError.self) { try schedule.validate() }
    }

    @Test(
        "Absurdly large calendar intervals and occurrences give nil instead of trapping",
        arguments: [DateComponents(day: 1 << 39), DateComponents(year: Int.max - 1), DateComponents(month: 1 << 45), DateComponents(weekOfYear: Int.max / 2)])
    func hugeIntervals(_ interval: DateComponents) {
        let element = Self.make(interval)
        #expect(element[0]?.start == Self.start)
        #expect(element[Int.max] == nil)
        #expect(element[1 << 41] == nil)
        let schedule = OCKSchedule(composing: [element, Self.make(DateComponents(day: 1))])
        #expect(schedule.event(forOccurrenceIndex: 0)?.start == Self.start)
        _ = schedule.events(from: Self.start, to: Self.start.addingTimeInterval(86_400 * 3))
    }

    @Test("A huge interval in seconds is absolute time and does not trap")
    func hugeSecondsInterval() throws {
        // (Int.max itself means "not set" to DateComponents.)
        let element = Self.make(DateComponents(second: Int.max - 1))
        let second = try #require(element[1])
        #expect(second.start.timeIntervalSince(Self.start) == Double(Int.max - 1))
        #expect(element.events(from: Self.start, to: Self.start.addingTimeInterval(86_400)).count == 1)
    }

    @Test("Occurrences that do not exist give nil")
    func missingOccurrences() {
        let daily = Self.make(DateComponents(day: 1), end: Self.start.addingTimeInterval(86_400 * 2))
        let schedule = OCKSchedule(composing: [daily, Self.make(DateComponents(day: 1), end: Self.start.addingTimeInterval(86_400))])
        #expect(schedule.event(forOccurrenceIndex: 2)?.start == Self.start.addingTimeInterval(86_400))
        #expect(schedule.event(forOccurrenceIndex: 3) == nil)
        #expect(schedule.event(forOccurrenceIndex: -1) == nil)
        #expect(schedule.event(forOccurrenceIndex: Int.max) == nil)
        #expect(schedule[3] == nil)
    }
}
