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
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let days: String
        switch repetition.normalized {
        case .daily: days = "Every day"
        case .everyNDays(let n): days = n == 2 ? "Every other day" : "Every \(n) days"
        case .weekdays(let weekdays):
            days = "Every " + Self.list(weekdays.sorted { OCKTaskPlanForm.mondayFirst($0) < OCKTaskPlanForm.mondayFirst($1) }.map { names[$0 - 1] })
        }
        let when = isAllDay ? "all day" : "at " + Self.list(times.map(timeText))
        var text = "\(days) \(when), from \(formatter.shortDay(firstDay))"
        if let lastDay {
            let year = calendar.component(.year, from: lastDay)
            text += " until \(formatter.shortDay(lastDay))" + (year == calendar.component(.year, from: firstDay) ? "" : ", \(year)")
        }
        return text
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
