import CareKitStore
import Foundation
import Testing

/// Occurrence numbers are positions in the start-ordered merge of all elements' events; ties go
/// to the element that comes first in `elements`.
@Suite("Composed schedules")
struct ScheduleCompositionTests {

    let morning = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), text: "morning")
    let evening = element("2025-06-02 20:00", in: newYork, every: DateComponents(day: 1), text: "evening")

    @Test("Interleaved elements are numbered in start order across elements")
    func interleaved() {
        let schedule = OCKSchedule(composing: [evening, morning])
        let events = schedule.events(from: date("2025-06-03", in: newYork), to: date("2025-06-05", in: newYork))
        #expect(
            starts(events, in: newYork) == [
                "#2 2025-06-03 08:00", "#3 2025-06-03 20:00", "#4 2025-06-04 08:00", "#5 2025-06-04 20:00"
            ])
        #expect(events.map { $0.element.text } == ["morning", "evening", "morning", "evening"])
    }

    @Test("Elements are ordered by start whatever the input order")
    func elementsSortedByStart() {
        let schedule = OCKSchedule(composing: [evening, morning])
        #expect(schedule.elements.map(\.text) == ["morning", "evening"])
        #expect(schedule.startDate() == morning.start)
        #expect(OCKSchedule(composing: [morning, evening]) == schedule)
    }

    @Test("Composing schedules flattens their elements")
    func composingSchedules() {
        let composed = OCKSchedule(composing: [OCKSchedule(composing: [evening]), OCKSchedule(composing: [morning])])
        #expect(composed.elements == [morning, evening])
    }

    @Test("Ties of equal start go to the element given first, deterministically")
    func tiesFollowElementOrder() {
        let a = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), text: "A")
        let b = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 2), text: "B")
        let c = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), duration: .minutes(5), text: "C")
        let schedule = OCKSchedule(composing: [a, b, c])
        #expect(schedule.elements.map(\.text) == ["A", "B", "C"])
        let events = schedule.events(from: date("2025-06-02", in: newYork), to: date("2025-06-05", in: newYork))
        #expect(
            events.map { "#\($0.occurrence) \($0.element.text ?? "")" } == [
                "#0 A", "#1 B", "#2 C",
                "#3 A", "#4 C",
                "#5 A", "#6 B", "#7 C"
            ])
        // The same numbers, whichever way they are looked up and however often.
        for event in events {
            #expect(schedule.event(forOccurrenceIndex: event.occurrence) == event)
        }
        let reversed = OCKSchedule(composing: [c, b, a])
        #expect(reversed.elements.map(\.text) == ["C", "B", "A"])
        #expect(reversed.event(forOccurrenceIndex: 0)?.element.text == "C")
    }

    @Test("Ties survive a JSON round trip because element order is kept as written")
    func tiesSurviveCoding() throws {
        let a = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), text: "A")
        let b = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), text: "B")
        let schedule = OCKSchedule(composing: [b, a])
        let decoded = try JSONDecoder().decode(OCKSchedule.self, from: JSONEncoder().encode(schedule))
        #expect(decoded.elements.map(\.text) == ["B", "A"])
        #expect(decoded.event(forOccurrenceIndex: 0)?.element.text == "B")
        #expect(decoded == schedule)
    }

    @Test("An all-day event and a timed event at midnight tie by element order")
    func allDayAndTimedAtMidnight() {
        let allDay = element("2025-06-02", in: berlin, every: DateComponents(day: 1), duration: .allDay, text: "all day")
        let midnight = element("2025-06-02 00:00", in: berlin, every: DateComponents(day: 1), duration: .minutes(10), text: "midnight")
        let noon = element("2025-06-02 12:00", in: berlin, every: DateComponents(day: 1), text: "noon")
        let schedule = OCKSchedule(composing: [midnight, allDay, noon])
        let events = schedule.events(from: date("2025-06-03", in: berlin), to: date("2025-06-04", in: berlin))
        #expect(events.map { "#\($0.occurrence) \($0.element.text ?? "")" } == ["#3 midnight", "#4 all day", "#5 noon"])
        #expect(wall(events[1].end, in: berlin) == "2025-06-03 23:59:59")
    }

    @Test("Elements in different time zones merge by absolute time")
    func zonesMergeByInstant() {
        // 14:00 in Berlin is 08:00 in New York, except from the US change (2025-03-09, at 02:00
        // New York time) to the EU change (2025-03-30), when New York's 08:00 is 13:00 in Berlin.
        let newYorkMorning = element("2025-03-07 08:00", in: newYork, every: DateComponents(day: 1), text: "NY")
        let berlinAfternoon = element("2025-03-07 14:00", in: berlin, every: DateComponents(day: 1), text: "BER")
        let schedule = OCKSchedule(composing: [berlinAfternoon, newYorkMorning])
        #expect(schedule.elements.map(\.text) == ["BER", "NY"])  // same instant: input order kept
        let events = schedule.events(from: date("2025-03-08", in: berlin), to: date("2025-03-11", in: berlin))
        #expect(
            events.map { "#\($0.occurrence) \($0.element.text ?? "") \(wall($0.start, in: berlin))" } == [
                "#2 BER 2025-03-08 14:00", "#3 NY 2025-03-08 14:00",
                "#4 NY 2025-03-09 13:00", "#5 BER 2025-03-09 14:00",
                "#6 NY 2025-03-10 13:00", "#7 BER 2025-03-10 14:00"
            ])
        let april = schedule.events(from: date("2025-03-31", in: berlin), to: date("2025-04-01", in: berlin))
        #expect(april.map { "\($0.element.text ?? "") \(wall($0.start, in: berlin))" } == ["BER 2025-03-31 14:00", "NY 2025-03-31 14:00"])
    }

    @Test("An element that ended before the query is left out even if its last event overlaps; its numbers still count")
    func endedElementIsLeftOut() {
        // A: 08:00–11:00 on June 2 and 3, ending at 09:00 on June 3. B: every day at 10:00.
        let a = element("2025-06-02 08:00", in: newYork, end: "2025-06-03 09:00", every: DateComponents(day: 1), duration: .hours(3), text: "A")
        let b = element("2025-06-02 10:00", in: newYork, every: DateComponents(day: 1), text: "B")
        let schedule = OCKSchedule(composing: [a, b])
        // From 09:30 on June 3, A's second event (08:00–11:00) overlaps, but A ended at 09:00.
        let events = schedule.events(from: date("2025-06-03 09:30", in: newYork), to: date("2025-06-04 12:00", in: newYork))
        #expect(
            events.map { "#\($0.occurrence) \($0.element.text ?? "") \(wall($0.start, in: newYork))" } == [
                "#3 B 2025-06-03 10:00", "#4 B 2025-06-04 10:00"
            ])
        // Before A's end, the same event is there with its number.
        let earlier = schedule.events(from: date("2025-06-03 08:30", in: newYork), to: date("2025-06-03 10:00", in: newYork))
        #expect(earlier.map { "#\($0.occurrence) \($0.element.text ?? "")" } == ["#2 A"])
        #expect(schedule.event(forOccurrenceIndex: 2)?.element.text == "A")
        #expect(schedule.event(forOccurrenceIndex: 3)?.element.text == "B")
    }

    @Test("startDate is the earliest element start; endDate is the latest end, or nil if any element repeats forever")
    func startAndEndDates() {
        let finite = element("2025-06-02 08:00", in: newYork, end: "2025-07-01", every: DateComponents(day: 1))
        let later = element("2025-06-05 08:00", in: newYork, end: "2025-08-01", every: DateComponents(day: 1))
        #expect(OCKSchedule(composing: [later, finite]).startDate() == finite.start)
        #expect(OCKSchedule(composing: [later, finite]).endDate() == date("2025-08-01", in: newYork))
        #expect(OCKSchedule(composing: [later, finite, morning]).endDate() == nil)
    }

    @Test("events(betweenOccurrenceIndex:and:) walks the merged numbering")
    func eventsBetweenOccurrences() {
        let schedule = OCKSchedule(composing: [morning, evening])
        #expect(
            starts(schedule.events(betweenOccurrenceIndex: 3, and: 7), in: newYork) == [
                "#3 2025-06-03 20:00", "#4 2025-06-04 08:00", "#5 2025-06-04 20:00", "#6 2025-06-05 08:00"
            ])
        #expect(schedule.events(betweenOccurrenceIndex: 5, and: 5).isEmpty)
        #expect(starts(schedule.events(betweenOccurrenceIndex: -2, and: 1), in: newYork) == ["#0 2025-06-02 08:00"])
    }

    @Test("events(betweenOccurrenceIndex:and:) stops at the end of a finite schedule")
    func eventsBetweenOccurrencesStopAtEnd() {
        let a = element("2025-06-02 08:00", in: newYork, end: "2025-06-04", every: DateComponents(day: 1), text: "A")
        let b = element("2025-06-02 09:00", in: newYork, end: "2025-06-03", every: DateComponents(hour: 6), text: "B")
        let schedule = OCKSchedule(composing: [a, b])
        // A: 06-02 08:00, 06-03 08:00. B: 06-02 09:00, 15:00, 21:00.
        #expect(
            starts(schedule.events(betweenOccurrenceIndex: 1, and: 100), in: newYork) == [
                "#1 2025-06-02 09:00", "#2 2025-06-02 15:00", "#3 2025-06-02 21:00", "#4 2025-06-03 08:00"
            ])
        #expect(schedule.events(betweenOccurrenceIndex: 5, and: 10).isEmpty)
    }

    @Test("A schedule is active on a day when it has started by the day's end and not ended before it begins")
    func existsOnDay() {
        let calendar = gregorian(newYork)
        let finite = OCKSchedule(composing: [element("2025-06-02 20:00", in: newYork, end: "2025-06-05 00:00", every: DateComponents(day: 1))])
        #expect(!finite.exists(onDay: date("2025-06-01 23:00", in: newYork), calendar: calendar))
        #expect(finite.exists(onDay: date("2025-06-02 01:00", in: newYork), calendar: calendar))
        #expect(finite.exists(onDay: date("2025-06-04 12:00", in: newYork), calendar: calendar))
        #expect(!finite.exists(onDay: date("2025-06-05 12:00", in: newYork), calendar: calendar))
        // The same instant is a different day in Berlin.
        #expect(finite.exists(onDay: date("2025-06-05 03:00", in: berlin), calendar: gregorian(berlin)))
        #expect(!finite.exists(onDay: date("2025-06-06 03:00", in: berlin), calendar: gregorian(berlin)))
    }

    @Test("A schedule with one invalid element reports it by position")
    func invalidElementInSchedule() {
        let broken = element("2025-06-02 09:00", in: newYork, every: DateComponents(day: 0))
        let schedule = OCKSchedule(composing: [morning, broken])
        let reason = schedule.validationFailure ?? ""
        #expect(reason.hasPrefix("Schedule element 2:"))
        #expect(reason.contains("does not move forward"))
    }

    @Test("An invalid element yields no events; the valid elements' numbering is the same either way")
    func invalidElementYieldsNoEvents() {
        let broken = element("2025-06-02 09:00", in: newYork, every: DateComponents(day: 0))
        let schedule = OCKSchedule(composing: [morning, broken, evening])
        let events = schedule.events(from: date("2025-06-02", in: newYork), to: date("2025-06-04", in: newYork))
        #expect(
            starts(events, in: newYork) == [
                "#0 2025-06-02 08:00", "#1 2025-06-02 20:00", "#2 2025-06-03 08:00", "#3 2025-06-03 20:00"
            ])
        // Looking an occurrence up by number must agree with the list above.
        for event in events {
            #expect(schedule.event(forOccurrenceIndex: event.occurrence) == event)
        }
        #expect(schedule.events(betweenOccurrenceIndex: 0, and: 4) == events)
    }

    @Test("An element with a NaN start does not disturb lookups of the valid elements")
    func nanStartElement() {
        let broken = OCKScheduleElement(start: Date(timeIntervalSinceReferenceDate: .nan), end: nil, interval: DateComponents(day: 1), calendar: gregorian(newYork))
        let schedule = OCKSchedule(composing: [morning, broken, evening])
        #expect(schedule.event(forOccurrenceIndex: 3).map { wall($0.start, in: newYork) } == "2025-06-03 20:00")
        #expect(
            starts(schedule.events(from: date("2025-06-03", in: newYork), to: date("2025-06-04", in: newYork)), in: newYork) == [
                "#2 2025-06-03 08:00", "#3 2025-06-03 20:00"
            ])
    }

    @Test("An event that overlaps the window's start keeps its number in the whole schedule (CareKit counts only ended events)")
    func overlappingEventKeepsItsNumber() {
        // A 12-hour day shift from 08:00 and a one-hour check at 09:00. Asked from noon, the
        // shift is still running and the check has ended. CareKit numbers the shift by the
        // events that ended before noon (1, the check); in the whole schedule it is 0 (it starts
        // first), and `event(forOccurrenceIndex: 0)` is the shift in CareKit too.
        let shift = element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), duration: .hours(12), text: "shift")
        let check = element("2025-06-02 09:00", in: newYork, every: DateComponents(day: 1), text: "check")
        let schedule = OCKSchedule(composing: [shift, check])
        let events = schedule.events(from: date("2025-06-02 12:00", in: newYork), to: date("2025-06-03", in: newYork))
        #expect(events.map { "#\($0.occurrence) \($0.element.text ?? "")" } == ["#0 shift"])
        #expect(schedule.event(forOccurrenceIndex: 0) == events.first)
        #expect(schedule.event(forOccurrenceIndex: 1)?.element.text == "check")
    }

    @Test("An all-day element that repeats by hours is refused with a reason (CareKit loops forever)")
    func allDayEveryFewHoursIsRefused() {
        let everySixHours = element("2025-06-02 00:00", in: newYork, every: DateComponents(hour: 6), duration: .allDay)
        #expect(everySixHours.validationFailure?.contains("all-day") == true)
        #expect(throws: OCKStoreError.self) { try OCKSchedule(composing: [everySixHours]).validate() }
        #expect(OCKSchedule(composing: [everySixHours]).events(from: date("2025-06-02", in: newYork), to: date("2025-06-09", in: newYork)).isEmpty)
        #expect(OCKSchedule(composing: [everySixHours]).event(forOccurrenceIndex: 0) == nil)
        // Days, weeks, months or years are fine, even with hours added.
        let everyDayAndAHalf = element("2025-06-02 00:00", in: newYork, every: DateComponents(day: 1, hour: 12), duration: .allDay)
        #expect(everyDayAndAHalf.isValid)
    }
}
