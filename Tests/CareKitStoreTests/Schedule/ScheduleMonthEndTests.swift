import CareKitStore
import Foundation
import Testing

/// Month and year intervals are computed from the start (`start + n × interval`), so month
/// ends do not drift: Jan 31 → Feb 28 → Mar 31 (CareKit gives Mar 28; see docs/DEVIATIONS.md).
@Suite("Month ends and leap days")
struct ScheduleMonthEndTests {

    @Test("Monthly from Jan 31: Feb 28, Mar 31, Apr 30 … without drift")
    func monthlyFromJanuary31() {
        let monthly = element("2025-01-31 09:00", in: newYork, every: DateComponents(month: 1))
        let events = monthly.events(from: date("2025-01-01", in: newYork), to: date("2026-03-01", in: newYork))
        #expect(
            localStarts(events, in: newYork) == [
                "2025-01-31 09:00", "2025-02-28 09:00", "2025-03-31 09:00", "2025-04-30 09:00",
                "2025-05-31 09:00", "2025-06-30 09:00", "2025-07-31 09:00", "2025-08-31 09:00",
                "2025-09-30 09:00", "2025-10-31 09:00", "2025-11-30 09:00", "2025-12-31 09:00",
                "2026-01-31 09:00", "2026-02-28 09:00"
            ])
        #expect(events.map(\.occurrence) == Array(0..<14))
    }

    @Test("In a leap year February gives the 29th")
    func monthlyInLeapYear() {
        let monthly = element("2024-01-31 09:00", in: berlin, every: DateComponents(month: 1))
        #expect(monthly.date(ofOccurrence: 1).map { wall($0, in: berlin) } == "2024-02-29 09:00")
        #expect(monthly.date(ofOccurrence: 2).map { wall($0, in: berlin) } == "2024-03-31 09:00")
        #expect(monthly.date(ofOccurrence: 13).map { wall($0, in: berlin) } == "2025-02-28 09:00")
        #expect(monthly.date(ofOccurrence: 49).map { wall($0, in: berlin) } == "2028-02-29 09:00")
    }

    @Test("A month's query finds the month-end event with its occurrence number")
    func monthQuery() {
        let monthly = OCKSchedule(composing: [element("2025-01-31 09:00", in: newYork, every: DateComponents(month: 1))])
        let march = monthly.events(from: date("2025-03-01", in: newYork), to: date("2025-04-01", in: newYork))
        #expect(starts(march, in: newYork) == ["#2 2025-03-31 09:00"])
        #expect(monthly.event(forOccurrenceIndex: 2) == march.first)
        // Nothing on the 28th of March, where CareKit's accumulated steps would put it.
        #expect(monthly.events(from: date("2025-03-28", in: newYork), to: date("2025-03-29", in: newYork)).isEmpty)
    }

    @Test("Yearly from Feb 29: Feb 28 in common years, Feb 29 again in leap years")
    func yearlyFromLeapDay() {
        let yearly = element("2024-02-29 10:00", in: newYork, every: DateComponents(year: 1), duration: .allDay)
        let events = yearly.events(from: date("2024-01-01", in: newYork), to: date("2033-01-01", in: newYork))
        #expect(
            localStarts(events, in: newYork) == [
                "2024-02-29 00:00", "2025-02-28 00:00", "2026-02-28 00:00", "2027-02-28 00:00", "2028-02-29 00:00",
                "2029-02-28 00:00", "2030-02-28 00:00", "2031-02-28 00:00", "2032-02-29 00:00"
            ])
        #expect(events.allSatisfy { wall($0.end, in: newYork).hasSuffix("23:59:59") })
    }

    @Test("Every four years from Feb 29 always lands on Feb 29 (until 2100)")
    func quadrennialFromLeapDay() {
        let element = element("2024-02-29 10:00", in: berlin, every: DateComponents(year: 4))
        #expect(
            (0..<5).compactMap { element.date(ofOccurrence: $0) }.map { wall($0, in: berlin) } == [
                "2024-02-29 10:00", "2028-02-29 10:00", "2032-02-29 10:00", "2036-02-29 10:00", "2040-02-29 10:00"
            ])
        #expect(element.date(ofOccurrence: 19).map { wall($0, in: berlin) } == "2100-02-28 10:00")
    }

    struct MonthCase: CustomTestStringConvertible, Sendable {
        let start: String
        let interval: DateComponents
        let expected: [String]
        var testDescription: String { "\(start) every \(interval)" }
    }

    @Test(
        "Other month-end starts and intervals",
        arguments: [
            MonthCase(
                start: "2025-01-30 12:00", interval: DateComponents(month: 1),
                expected: ["2025-01-30 12:00", "2025-02-28 12:00", "2025-03-30 12:00", "2025-04-30 12:00"]),
            MonthCase(
                start: "2024-11-30 12:00", interval: DateComponents(month: 3),
                expected: ["2024-11-30 12:00", "2025-02-28 12:00", "2025-05-30 12:00", "2025-08-30 12:00"]),
            MonthCase(
                start: "2025-08-31 12:00", interval: DateComponents(month: 6),
                expected: ["2025-08-31 12:00", "2026-02-28 12:00", "2026-08-31 12:00", "2027-02-28 12:00"]),
            MonthCase(
                start: "2025-01-31 12:00", interval: DateComponents(month: 1, day: 1),
                expected: ["2025-01-31 12:00", "2025-03-01 12:00", "2025-04-02 12:00", "2025-05-03 12:00"]),
            MonthCase(
                start: "2023-12-31 12:00", interval: DateComponents(year: 1, month: 2),
                expected: ["2023-12-31 12:00", "2025-02-28 12:00", "2026-04-30 12:00", "2027-06-30 12:00"])
        ])
    func otherMonthEnds(_ monthCase: MonthCase) {
        let element = element(monthCase.start, in: newYork, every: monthCase.interval)
        #expect((0..<4).compactMap { element.date(ofOccurrence: $0) }.map { wall($0, in: newYork) } == monthCase.expected)
    }

    @Test("A monthly all-day element from Jan 31 covers Feb 28 entirely")
    func monthlyAllDay() throws {
        let monthly = element("2025-01-31", in: berlin, every: DateComponents(month: 1), duration: .allDay)
        let february = try #require(monthly[1])
        #expect(wall(february.start, in: berlin) == "2025-02-28 00:00")
        #expect(wall(february.end, in: berlin) == "2025-02-28 23:59:59")
    }

    @Test("A monthly time keeps its wall time across the daylight-saving change")
    func monthlyAcrossDaylightSaving() {
        let monthly = element("2025-01-31 09:00", in: newYork, every: DateComponents(month: 1))
        #expect(monthly.date(ofOccurrence: 2).map { wallWithOffset($0, in: newYork) } == "2025-03-31 09:00 -04:00")
        #expect(monthly.date(ofOccurrence: 10).map { wallWithOffset($0, in: newYork) } == "2025-11-30 09:00 -05:00")
    }
}
