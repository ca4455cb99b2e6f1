import Foundation

extension OCKSchedule {

    /// Every day at `hour:minutes` in `calendar`, from the day of `start` until `end`.
    public static func dailyAtTime(
        hour: Int, minutes: Int, start: Date, end: Date?, text: String?,
        duration: OCKScheduleElement.Duration = .hours(1),
        targetValues: [OCKOutcomeValue] = [],
        calendar: Calendar = .autoupdatingCurrent
    ) -> OCKSchedule {
        let first = calendar.ockDate(settingHour: hour, minute: minutes, onDayOf: start)
        let element = OCKScheduleElement(
            start: first, end: end, interval: DateComponents(day: 1), text: text,
            targetValues: targetValues, duration: duration, calendar: calendar)
        return OCKSchedule(composing: [element])
    }

    /// Every week on `weekday` (1 = Sunday … 7 = Saturday) at `hours:minutes` in `calendar`,
    /// from the first such day on or after the day of `start`, until `end`.
    public static func weeklyAtTime(
        weekday: Int, hours: Int, minutes: Int, start: Date, end: Date?,
        targetValues: [OCKOutcomeValue] = [], text: String?,
        duration: OCKScheduleElement.Duration = .hours(1),
        calendar: Calendar = .autoupdatingCurrent
    ) -> OCKSchedule {
        let dayStart = calendar.startOfDay(for: start)
        let currentWeekday = calendar.component(.weekday, from: dayStart)
        let wanted = ((weekday - 1) % 7 + 7) % 7 + 1
        let daysAhead = (wanted - currentWeekday + 7) % 7
        let day = calendar.date(byAdding: .day, value: daysAhead, to: dayStart) ?? dayStart
        let first = calendar.ockDate(settingHour: hours, minute: minutes, onDayOf: day)
        let element = OCKScheduleElement(
            start: first, end: end, interval: DateComponents(weekOfYear: 1), text: text,
            targetValues: targetValues, duration: duration, calendar: calendar)
        return OCKSchedule(composing: [element])
    }
}

extension Calendar {
    /// The start of the local day after the day that starts at `dayStart`.
    ///
    /// Adding one day to a day's start is not enough where clocks change at midnight: in
    /// America/Havana 2025-03-09 starts at 01:00, and one day later is 01:00 on the 10th, an
    /// hour into that day. Taking the start of the day of the result fixes both directions.
    func ockStartOfNextDay(after dayStart: Date) -> Date {
        let sameTimeTomorrow = date(byAdding: .day, value: 1, to: dayStart) ?? dayStart.addingTimeInterval(86_400)
        let next = startOfDay(for: sameTimeTomorrow)
        return next > dayStart ? next : sameTimeTomorrow
    }

    /// The wall-clock time `hour:minute` on the day of `date`. A time skipped by a
    /// daylight-saving change resolves to the next valid time; out-of-range values are clamped
    /// into the day rather than trapping.
    func ockDate(settingHour hour: Int, minute: Int, onDayOf date: Date) -> Date {
        let hour = min(max(hour, 0), 23), minute = min(max(minute, 0), 59)
        let dayStart = startOfDay(for: date)
        if let exact = self.date(bySettingHour: hour, minute: minute, second: 0, of: dayStart) {
            return exact
        }
        var components = dateComponents([.era, .year, .month, .day], from: dayStart)
        components.hour = hour
        components.minute = minute
        components.second = 0
        return self.date(from: components) ?? dayStart
    }
}
