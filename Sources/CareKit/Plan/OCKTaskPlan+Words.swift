import CareKitStore
import Foundation

extension OCKTaskPlan {
    /// The plan in one sentence: "Every Monday and Thursday at 8:00 AM and 8:00 PM, from Tue,
    /// Dec 1 until Thu, Dec 31", with times as `formatter` writes them.
    public func summary(_ formatter: OCKEventFormatter) -> String {
        summary(formatter) { time in
            formatter.time(calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: firstDay) ?? firstDay)
        }
    }

    /// The plan in one sentence, with times written by `timeText` (`\.description` for
    /// "08:00", as a command line reads them).
    public func summary(_ formatter: OCKEventFormatter, timeText: (TimeOfDay) -> String) -> String {
        let days: String
        switch repetition.normalized {
        case .daily: days = loc("Every {count} days", count: 1)
        case .everyNDays(let n): days = n == 2 ? loc("Every other day") : loc("Every {count} days", count: n)
        case .weekdays(let weekdays):
            days = formatter.everyWeekday(weekdays.sorted { OCKTaskPlanForm.mondayFirst($0) < OCKTaskPlanForm.mondayFirst($1) })
        }
        let last = lastDay.map { lastDay in
            let year = calendar.component(.year, from: lastDay)
            let day = formatter.shortDay(lastDay)
            return year == calendar.component(.year, from: firstDay)
                ? day : loc("{day}, {year}", ["day": day, "year": OCKDateFormatting(calendar: formatter.calendar, locale: formatter.locale).string(from: lastDay, template: "y")])
        }
        return formatter.scheduleSentence(
            repetition: days, when: formatter.when(allDay: isAllDay, times: times.map(timeText), text: nil), first: formatter.shortDay(firstDay), last: last)
    }

    /// "a", "a and b", "a, b and c" (in the current language).
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return loc("{items} and {last}", ["items": items.dropLast().joined(separator: loc(", ")), "last": last])
    }
}
