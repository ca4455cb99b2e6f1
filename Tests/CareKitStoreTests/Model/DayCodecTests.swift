import CareKitStore
import Foundation
import Testing

/// `OCKDayCodec`: days in URLs and on command lines, written and read strictly.
@Suite("Days as YYYY-MM-DD")
struct DayCodecTests {
    @Test(
        "A day is read as the start of that day in the calendar given",
        arguments: [
            (newYork, "2025-01-19", "2025-01-19 00:00 -05:00"),
            (berlin, "2025-01-19", "2025-01-19 00:00 +01:00"),
            (newYork, "2024-02-29", "2024-02-29 00:00 -05:00"),
            // Havana skips midnight on 2025-03-09: that day begins at 01:00.
            ("America/Havana", "2025-03-09", "2025-03-09 01:00 -04:00")
        ])
    func reads(_ zone: String, _ text: String, _ start: String) throws {
        let calendar = gregorian(zone)
        let day = try OCKDayCodec.date(from: text, calendar: calendar)
        #expect(day == date(start, in: utcZone))
        #expect(OCKDayCodec.string(from: day, calendar: calendar) == text)
    }

    @Test(
        "Text that is not exactly YYYY-MM-DD is refused",
        arguments: [
            "2025-1-19", "20250119", " 2025-01-19", "2025-01-19 ", "2025-01-19T08:00", "+2025-01-19", "2025/01/19",
            "２０２５-01-19", "2025-01-1x", "", "-025-01-19", "2025-0a-19"
        ])
    func refusesOtherSpellings(_ text: String) {
        #expect(throws: OCKDayCodec.Failure.notYYYYMMDD) { try OCKDayCodec.date(from: text, calendar: gregorian(newYork)) }
    }

    @Test(
        "A day the calendar does not have is refused, not rolled over",
        arguments: [
            "2026-13-01", "2025-02-29", "2025-01-00", "2025-04-31", "2025-00-10", "0000-01-01"
        ])
    func refusesDaysThatDoNotExist(_ text: String) {
        #expect(throws: OCKDayCodec.Failure.noSuchDay) { try OCKDayCodec.date(from: text, calendar: gregorian(newYork)) }
    }

    @Test("An instant is written as its day in the calendar given")
    func writesTheCalendarsDay() {
        let instant = date("2025-06-02 22:00", in: newYork)
        #expect(OCKDayCodec.string(from: instant, calendar: gregorian(newYork)) == "2025-06-02")
        #expect(OCKDayCodec.string(from: instant, calendar: gregorian(berlin)) == "2025-06-03")
        #expect(OCKDayCodec.string(from: date("0812-03-04", in: utcZone), calendar: gregorian(utcZone)) == "0812-03-04")
    }
}
