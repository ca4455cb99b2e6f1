import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// What a FHIR reader sees of a schedule: the plain Timing.repeat where FHIR can say it (and no
/// CareKit extension), the extension only for what it cannot.
@Suite("Schedules as FHIR Timing")
struct TimingTests {
    /// A plain Gregorian calendar in New York (the locale, which changes no event, is not carried).
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixture.zone("America/New_York")
        return calendar
    }()

    static func at(_ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        Fixture.date(calendar, 2025, month, day, hour, minute)
    }

    static func schedule(_ elements: [(Date, DateComponents)], duration: OCKScheduleElement.Duration = .hours(1), end: Date? = nil) -> OCKSchedule {
        OCKSchedule(composing: elements.map { OCKScheduleElement(start: $0.0, end: end, interval: $0.1, duration: duration, calendar: calendar) })
    }

    static func residue(_ timing: FHIRTiming) -> FHIRExtension? {
        timing.extension?.first { $0.url == "http://carekit.invalid/fhir/StructureDefinition/schedule" }
    }

    @Test("Twice a day at 08:00 and 18:00: frequency 2 per day at two times, the zone named, nothing else")
    func twiceADay() throws {
        let schedule = Self.schedule([(Self.at(1, 6, 8), DateComponents(day: 1)), (Self.at(1, 6, 18), DateComponents(day: 1))], duration: .minutes(30))
        let timing = schedule.fhirTiming()
        let rule = try #require(timing.repeat)
        #expect(rule.frequency == 2 && rule.period == 1 && rule.periodUnit == "d")
        #expect(rule.timeOfDay == ["08:00:00", "18:00:00"] && rule.duration == 30 && rule.durationUnit == "min")
        #expect(rule.boundsPeriod?.start == "2025-01-06T08:00:00-05:00" && rule.boundsPeriod?.end == nil)
        #expect(timing.extension?.first?.url == "http://hl7.org/fhir/StructureDefinition/tz-code" && timing.extension?.first?.textValue == "America/New_York")
        #expect(Self.residue(timing) == nil)
        #expect(try OCKSchedule(fhirTiming: timing, timeZone: .gmt) == schedule)
    }

    @Test("Mondays and Thursdays at 09:00: dayOfWeek; Monday 09:00 and Thursday 18:00 cannot be one repeat, so the extension lists both")
    func weekdays() throws {
        let same = Self.schedule([(Self.at(1, 6, 9), DateComponents(weekOfYear: 1)), (Self.at(1, 9, 9), DateComponents(weekOfYear: 1))])
        let plain = same.fhirTiming()
        #expect(plain.repeat?.dayOfWeek == ["mon", "thu"] && plain.repeat?.timeOfDay == ["09:00:00"] && plain.repeat?.frequency == 2 && plain.repeat?.periodUnit == "wk")
        #expect(Self.residue(plain) == nil)
        let mixed = Self.schedule([(Self.at(1, 6, 9), DateComponents(weekOfYear: 1)), (Self.at(1, 9, 18), DateComponents(weekOfYear: 1))])
        let timing = mixed.fhirTiming()
        let residue = try #require(Self.residue(timing))
        #expect(residue.parts("element").count == 2 && residue.parts("element").allSatisfy { $0.part("start") != nil && $0.part("interval") != nil })
        #expect(try OCKSchedule(fhirTiming: timing, timeZone: .gmt) == mixed)
    }

    @Test("Every 8 hours, all day every day, the 31st of each month: period h, a date start, period mo")
    func otherShapes() throws {
        let hourly = Self.schedule([(Self.at(1, 6, 6), DateComponents(hour: 8))], duration: .minutes(5)).fhirTiming()
        #expect(hourly.repeat?.period == 8 && hourly.repeat?.periodUnit == "h" && hourly.repeat?.timeOfDay == nil && Self.residue(hourly) == nil)
        let allDay = Self.schedule([(Self.at(1, 6), DateComponents(day: 1))], duration: .allDay).fhirTiming()
        #expect(allDay.repeat?.boundsPeriod?.start == "2025-01-06" && allDay.repeat?.duration == 1 && allDay.repeat?.durationUnit == "d" && Self.residue(allDay) == nil)
        let monthEnd = Self.schedule([(Self.at(1, 31, 10), DateComponents(month: 1))]).fhirTiming()
        #expect(monthEnd.repeat?.periodUnit == "mo" && Self.residue(monthEnd) == nil)
        let back = try OCKSchedule(fhirTiming: monthEnd, timeZone: .gmt)
        #expect(back.events(from: Self.at(2, 1), to: Self.at(4, 1)).map(\.start) == [Self.at(2, 28, 10), Self.at(3, 31, 10)], "no drift after February")
    }

    @Test("A version replaced on March 1st: its Timing ends the second before, and says the schedule had no end of its own")
    func ownedTime() throws {
        let schedule = Self.schedule([(Self.at(1, 6, 8), DateComponents(day: 1))])
        let timing = schedule.fhirTiming(from: Self.at(1, 6, 8), until: Self.at(3, 1))
        #expect(timing.repeat?.boundsPeriod?.end == "2025-02-28T23:59:59-05:00")
        let residue = try #require(Self.residue(timing))
        #expect(residue.parts("element").first?.part("endless")?.booleanValue == true)
        #expect(try OCKSchedule(fhirTiming: timing, timeZone: .gmt) == schedule)
    }

    @Test("Element text and target values travel in the extension, and only they")
    func textAndTargets() throws {
        let element = OCKScheduleElement(
            start: Self.at(1, 6, 9), end: nil, interval: DateComponents(day: 1), text: "Oral",
            targetValues: [OCKOutcomeValue(95.0, units: "°F", kind: "temperature", createdDate: Self.at(1, 1))], calendar: Self.calendar)
        let timing = OCKSchedule(composing: [element]).fhirTiming()
        let fields = try #require(Self.residue(timing)?.parts("element").first?.extension?.map(\.url))
        #expect(fields == ["index", "text", "target"])
        #expect(try OCKSchedule(fhirTiming: timing, timeZone: .gmt).elements == [element])
    }
}
