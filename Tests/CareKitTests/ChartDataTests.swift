import CareKit
import CareKitStore
import Foundation
import Testing

/// `OCKChartData`: one value per local day of the interval, on the same days adherence uses.
@Suite("Chart data")
struct ChartDataTests {
    /// Havana skips midnight on 2025-03-09: that day begins at 01:00.
    static var havana: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Havana") ?? .gmt
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    static func noon(_ day: Int) -> Date {
        havana.date(from: DateComponents(year: 2025, month: 3, day: day, hour: 12)) ?? .distantPast
    }

    @Test("Every day has its value, also after a day whose midnight is skipped")
    func everyDayAcrossASkippedMidnight() throws {
        let calendar = Self.havana
        let schedule = OCKSchedule.dailyAtTime(hour: 12, minutes: 0, start: Self.noon(7), end: nil, text: nil, calendar: calendar)
        let task = OCKTask(id: "pulse", title: "Pulse", carePlanUUID: nil, schedule: schedule)
        let interval = DateInterval.ockDays(from: Self.noon(7), through: Self.noon(12), calendar: calendar)
        let events = schedule.events(from: interval.start, to: interval.end).map { event in
            OCKAnyEvent(
                task: task, outcome: OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: event.occurrence, values: [OCKOutcomeValue(60 + event.occurrence)]),
                scheduleEvent: event)
        }
        #expect(events.count == 6)
        let data = OCKChartData.make(
            interval: interval, configurations: [OCKDataSeriesConfiguration(taskID: "pulse", legendTitle: "Pulse", aggregation: .sum)],
            events: events, calendar: calendar)
        #expect(data.days == (7...12).map { calendar.startOfDay(for: Self.noon($0)) })
        #expect(data.values == [[60, 61, 62, 63, 64, 65]], "no day lost its value")
    }

    @Test("From one day through another covers whole local days")
    func daysFromThrough() {
        let calendar = Self.havana
        let interval = DateInterval.ockDays(from: Self.noon(8), through: Self.noon(9), calendar: calendar)
        #expect(interval.start == calendar.startOfDay(for: Self.noon(8)))
        // The 9th began at 01:00 and ends at the 10th's midnight, not at 01:00 on the 10th.
        #expect(interval.end == calendar.date(from: DateComponents(year: 2025, month: 3, day: 10, hour: 0)))
        #expect(DateInterval.ockDays(from: Self.noon(9), through: Self.noon(8), calendar: calendar).duration == 0)
    }
}
