import CareKitStore
import Foundation
import Testing

@Suite("Schedule elements")
struct ScheduleElementTests {

    @Test("A daily element gives one event per local day at the start's wall time")
    func dailyElementEvents() {
        let daily = element("2025-06-02 08:15", in: newYork, every: DateComponents(day: 1), duration: .minutes(30))
        let events = daily.events(from: date("2025-06-02", in: newYork), to: date("2025-06-05", in: newYork))
        #expect(
            spans(events, in: newYork) == [
                "#0 2025-06-02 08:15 → 2025-06-02 08:45",
                "#1 2025-06-03 08:15 → 2025-06-03 08:45",
                "#2 2025-06-04 08:15 → 2025-06-04 08:45"
            ])
    }

    @Test("Occurrence numbers of an element are absolute, not relative to the query")
    func occurrenceNumbersAreAbsolute() {
        let daily = element("2025-06-02 08:00", in: berlin, every: DateComponents(day: 1))
        let events = daily.events(from: date("2025-06-12", in: berlin), to: date("2025-06-13", in: berlin))
        #expect(starts(events, in: berlin) == ["#10 2025-06-12 08:00"])
    }

    @Test("date(ofOccurrence:), the subscript and events(betweenOccurrenceIndex:and:) agree")
    func occurrenceAccessors() throws {
        let everyOtherDay = element("2025-06-02 07:00", in: newYork, end: "2025-06-09 07:00", every: DateComponents(day: 2))
        #expect(everyOtherDay.date(ofOccurrence: 3).map { wall($0, in: newYork) } == "2025-06-08 07:00")
        let third = try #require(everyOtherDay[3])
        #expect(third.occurrence == 3)
        #expect(wall(third.end, in: newYork) == "2025-06-08 08:00")
        // 2025-06-10 would be occurrence 4, but the end (exclusive) comes first.
        #expect(everyOtherDay.date(ofOccurrence: 4) == nil)
        #expect(everyOtherDay[4] == nil)
        #expect(everyOtherDay[-1] == nil)
        #expect(
            starts(everyOtherDay.events(betweenOccurrenceIndex: 1, and: 10), in: newYork) == [
                "#1 2025-06-04 07:00", "#2 2025-06-06 07:00", "#3 2025-06-08 07:00"
            ])
        #expect(everyOtherDay.events(betweenOccurrenceIndex: 2, and: 2).isEmpty)
        #expect(everyOtherDay.events(betweenOccurrenceIndex: 3, and: 1).isEmpty)
        #expect(starts(everyOtherDay.events(betweenOccurrenceIndex: -5, and: 1), in: newYork) == ["#0 2025-06-02 07:00"])
    }

    @Test("The end bound of an element is exclusive against an event's start")
    func elementEndIsExclusive() {
        let daily = element("2025-06-02 09:00", in: newYork, end: "2025-06-04 09:00", every: DateComponents(day: 1))
        let events = daily.events(from: date("2025-06-01", in: newYork), to: date("2025-06-10", in: newYork))
        #expect(starts(events, in: newYork) == ["#0 2025-06-02 09:00", "#1 2025-06-03 09:00"])
        let oneSecondLater = element("2025-06-02 09:00", in: newYork, end: "2025-06-04 09:00:01", every: DateComponents(day: 1))
        #expect(oneSecondLater.events(from: date("2025-06-01", in: newYork), to: date("2025-06-10", in: newYork)).count == 3)
    }

    @Test("Events carry the element's text and target values")
    func eventsCarryElement() throws {
        let target = OCKOutcomeValue(10, units: "mg", kind: "dose", createdDate: referenceDate(0))
        let daily = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), text: "With breakfast", targetValues: [target])
        let event = try #require(daily[2])
        #expect(event.element.text == "With breakfast")
        #expect(event.element.targetValues == [target])
        #expect(event.element == daily)
    }

    /// A schedule's events share their element instead of each holding a copy; that changes
    /// nothing a caller sees: the same JSON (keys start, end, element, occurrence), equality
    /// and hashing by value, whether two events share the element or hold equal copies.
    @Test("Events that share their element compare, hash and encode as copies do")
    func sharedElementsAreValues() throws {
        let daily = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), text: "With breakfast")
        let shared = try #require(OCKSchedule(composing: [daily]).events(from: daily.start, to: daily.start.addingTimeInterval(86_400)).first)
        let copied = OCKScheduleEvent(start: shared.start, end: shared.end, element: daily, occurrence: shared.occurrence)
        #expect(shared == copied)
        #expect(shared.hashValue == copied.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(shared)
        #expect(json == (try encoder.encode(copied)))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["start", "end", "element", "occurrence"])
        #expect(try JSONDecoder().decode(OCKScheduleEvent.self, from: json) == shared)
        var other = daily
        other.text = "With lunch"
        #expect(shared != OCKScheduleEvent(start: shared.start, end: shared.end, element: other, occurrence: shared.occurrence))
    }

    @Test("An all-day element starts at local midnight of the start's day in its own calendar")
    func allDayStartIsNormalizedInElementCalendar() throws {
        // 2025-06-02 22:30 in New York is already 2025-06-03 04:30 in Berlin.
        let instant = date("2025-06-02 22:30", in: newYork)
        let inNewYork = OCKScheduleElement(start: instant, end: nil, interval: DateComponents(day: 1), duration: .allDay, calendar: gregorian(newYork))
        let inBerlin = OCKScheduleElement(start: instant, end: nil, interval: DateComponents(day: 1), duration: .allDay, calendar: gregorian(berlin))
        #expect(wall(inNewYork.start, in: newYork) == "2025-06-02 00:00")
        #expect(wall(inBerlin.start, in: berlin) == "2025-06-03 00:00")
        let first = try #require(inBerlin[0])
        #expect(wall(first.end, in: berlin) == "2025-06-03 23:59:59")
    }

    @Test("A timed element keeps its start exactly, seconds included")
    func timedStartIsKept() {
        let start = date("2025-06-02 08:15:42", in: berlin)
        let timed = OCKScheduleElement(start: start, end: nil, interval: DateComponents(hour: 1), calendar: gregorian(berlin))
        #expect(timed.start == start)
        #expect(timed.date(ofOccurrence: 2) == start.addingTimeInterval(7200))
    }

    @Test("Duration helpers convert to seconds")
    func durationHelpers() {
        #expect(OCKScheduleElement.Duration.hours(1.5) == .seconds(5400))
        #expect(OCKScheduleElement.Duration.minutes(45) == .seconds(2700))
        #expect(OCKScheduleElement.Duration.hours(0) == .seconds(0))
        #expect(OCKScheduleElement.Duration.allDay != .seconds(86_400))
    }

    @Test("The default duration is one hour, as in CareKit 3 and later")
    func defaultDurationIsOneHour() {
        let element = OCKScheduleElement(start: date("2025-06-02 08:00", in: newYork), end: nil, interval: DateComponents(day: 1), calendar: gregorian(newYork))
        #expect(element.duration == .hours(1))
    }

    @Test("A zero-length event is still an event")
    func zeroLengthEvents() {
        let instant = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), duration: .seconds(0))
        let events = instant.events(from: date("2025-06-03 08:00", in: newYork), to: date("2025-06-03 08:00:01", in: newYork))
        #expect(spans(events, in: newYork) == ["#1 2025-06-03 08:00 → 2025-06-03 08:00"])
    }

    @Test("offset(by:) moves start and end by local calendar time and keeps the calendar")
    func offsetKeepsCalendar() throws {
        let original = element("2025-03-29 08:00", in: berlin, end: "2025-04-05 08:00", every: DateComponents(day: 1), text: "Physio")
        let moved = original.offset(by: DateComponents(day: 1))
        #expect(moved.calendar == gregorian(berlin))
        #expect(moved.calendar.timeZone.identifier == berlin)
        // Across the EU change on 2025-03-30 a local day is 23 hours, and the wall time stays.
        #expect(wall(moved.start, in: berlin) == "2025-03-30 08:00")
        #expect(moved.end.map { wall($0, in: berlin) } == "2025-04-06 08:00")
        #expect(moved.text == "Physio")
        #expect(moved.interval == original.interval)
        #expect(moved.duration == original.duration)
        let first = try #require(moved[0])
        #expect(hours(from: original.start, to: first.start) == 23)
    }

    @Test("A schedule's offset keeps each element's own calendar")
    func scheduleOffsetKeepsEachCalendar() {
        let schedule = OCKSchedule(composing: [
            element("2025-03-01 08:00", in: newYork, every: DateComponents(day: 1)),
            element("2025-03-01 20:00", in: berlin, every: DateComponents(day: 1))
        ])
        let moved = schedule.offset(by: DateComponents(weekOfYear: 1))
        // 08:00 in New York comes before 20:00 in Berlin on the same day.
        #expect(moved.elements.map(\.calendar.timeZone.identifier) == [newYork, berlin])
        #expect(moved.elements.map(\.calendar) == [gregorian(newYork), gregorian(berlin)])
        // A week later in each element's own calendar: the US change on 2025-03-09 is not
        // crossed, and neither is the EU one.
        #expect(wall(moved.elements[0].start, in: newYork) == "2025-03-08 08:00")
        #expect(wall(moved.elements[1].start, in: berlin) == "2025-03-08 20:00")
    }

    @Test("Elements with equal fields are equal and hash alike; the calendar is part of equality")
    func equalityIncludesCalendar() {
        let a = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1))
        let b = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var c = b
        c.calendar = gregorian(berlin)
        #expect(a != c)
    }
}
