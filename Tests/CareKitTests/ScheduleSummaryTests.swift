import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// A task page says a schedule once: elements that differ only in their time (or, weekly,
/// in their weekday) are one line.
@Suite struct ScheduleSummaryTests {
    let calendar = TestDates.calendar
    var formatter: OCKEventFormatter { OCKEventFormatter(calendar: calendar) }

    func element(
        _ day: String, _ hour: Int, _ minute: Int = 0, every interval: DateComponents = DateComponents(day: 1),
        text: String? = nil, duration: OCKScheduleElement.Duration = .hours(1), end: String? = nil
    ) -> OCKScheduleElement {
        let start = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: TestDates.date(day)) ?? TestDates.date(day)
        return OCKScheduleElement(start: start, end: end.map(TestDates.date), interval: interval, text: text, duration: duration, calendar: calendar)
    }

    func at(_ hour: Int) -> String {
        formatter.time(calendar.date(bySettingHour: hour, minute: 0, second: 0, of: TestDates.date("2026-11-23")) ?? .distantPast)
    }

    @Test func sixDailyTimesAreOneLine() {
        let elements = [7, 9, 11, 13, 15, 17].map { element("2026-11-23", $0) }
        #expect(at(7).hasPrefix("7:00"))
        #expect(
            formatter.scheduleSummary(elements) == [
                "Every day at \(at(7)), \(at(9)), \(at(11)), \(at(13)), \(at(15)) and \(at(17)), from Mon, Nov 23"
            ])
    }

    @Test func timesAreSortedAndSaidOnce() {
        let lines = formatter.scheduleSummary([element("2026-11-23", 20), element("2026-11-23", 8)])
        #expect(lines.count == 1)
        #expect(lines[0] == "Every day at \(at(8)) and \(at(20)), from Mon, Nov 23")
    }

    @Test func weeklyElementsOnSeveralWeekdaysAreOneLine() {
        let week = DateComponents(weekOfYear: 1)
        // Monday Nov 30 and Thursday Dec 3, each at 8:00.
        let lines = formatter.scheduleSummary([element("2026-12-03", 8, every: week), element("2026-11-30", 8, every: week)])
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("Every Monday and Thursday at "))
        #expect(lines[0].hasSuffix(", from Mon, Nov 30"))
    }

    @Test func allDayElementsSayAllDay() {
        let lines = formatter.scheduleSummary([element("2026-11-23", 0, duration: .allDay)])
        #expect(lines == ["Every day all day, from Mon, Nov 23"])
    }

    @Test func differentRepetitionsTextsAndEndsStaySeparate() {
        let lines = formatter.scheduleSummary([
            element("2026-11-23", 8), element("2026-11-23", 9, text: "with food"),
            element("2026-11-23", 10, every: DateComponents(day: 2)), element("2026-11-23", 11, end: "2026-12-01")
        ])
        #expect(lines.count == 4)
        #expect(lines[1].contains("(with food)"))
        #expect(lines[2].hasPrefix("Every 2 days"))
        #expect(lines[3].hasSuffix("until Tue, Dec 1"))
    }

    @Test func weeklyElementsAtDifferentTimesStaySeparate() {
        let week = DateComponents(weekOfYear: 1)
        let lines = formatter.scheduleSummary([element("2026-11-30", 8, every: week), element("2026-12-03", 20, every: week)])
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Every Monday at "))
        #expect(lines[1].hasPrefix("Every Thursday at "))
    }
}
