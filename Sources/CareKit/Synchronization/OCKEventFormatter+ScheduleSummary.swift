import CareKitStore
import Foundation

extension OCKEventFormatter {
    /// A schedule in as few lines as say it: elements that differ only in their time of day
    /// become one line ("Every day at 7:00 AM, 9:00 AM and 11:00 AM, from Mon, Nov 23"), and
    /// weekly elements that differ only in their weekday one more ("Every Monday and Thursday
    /// at 8:00 AM, from Mon, Nov 30"). Lines keep the order of their first element.
    public func scheduleSummary(_ schedule: OCKSchedule) -> [String] {
        scheduleSummary(schedule.elements)
    }

    /// ``scheduleSummary(_:)-swift.method`` of a list of elements.
    public func scheduleSummary(_ elements: [OCKScheduleElement]) -> [String] {
        // Step 1: the same repetition on the same first day, at several times.
        var days: [_ScheduleLine] = []
        for element in elements {
            let line = _ScheduleLine(element: element, calendar: calendar)
            if let index = days.firstIndex(where: { $0.sharesAllButTime(with: line) }) {
                days[index].starts.append(element.start)
            } else {
                days.append(line)
            }
        }
        // Step 2: weekly lines that differ only in their weekday.
        var lines: [_ScheduleLine] = []
        for line in days {
            if line.isWeekly, let index = lines.firstIndex(where: { $0.isWeekly && $0.sharesAllButDay(with: line, calendar: calendar) }) {
                lines[index].firstDays.append(contentsOf: line.firstDays)
            } else {
                lines.append(line)
            }
        }
        return lines.map { describe($0) }
    }

    private func describe(_ line: _ScheduleLine) -> String {
        let firstDays = line.firstDays.sorted()
        let repetition: String
        if line.isWeekly {
            let weekdays = firstDays.map { calendar.component(.weekday, from: $0) }
                .sorted { OCKTaskPlanForm.mondayFirst($0) < OCKTaskPlanForm.mondayFirst($1) }
            repetition = everyWeekday(weekdays)
        } else {
            repetition = self.repetition(line.interval)
        }
        let times = line.starts.sorted { minutes($0) < minutes($1) }
        var seen = Set<String>()
        let timeTexts = times.map(time).filter { seen.insert($0).inserted }
        return scheduleSentence(
            repetition: repetition, when: when(allDay: line.duration == .allDay, times: timeTexts, text: line.text),
            first: firstDays.first.map(shortDay) ?? "", last: line.end.map(shortDay))
    }

    /// "Every Monday and Thursday" for weekdays numbered 1 (Sunday) to 7, in the language's
    /// own day names.
    func everyWeekday(_ weekdays: [Int]) -> String {
        let english = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        var named = calendar
        named.locale = locale
        let names = OCKLocalization.language.code == "en" || named.weekdaySymbols.count != 7 ? english : named.weekdaySymbols
        return loc("Every {weekdays}", ["weekdays": OCKTaskPlan.list(weekdays.map { names[(($0 - 1) % 7 + 7) % 7] })])
    }

    private func minutes(_ date: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}

/// One line of a schedule summary: a repetition, its first days and its times.
struct _ScheduleLine {
    var interval: DateComponents
    var duration: OCKScheduleElement.Duration
    var end: Date?
    var text: String?
    var starts: [Date]
    var firstDays: [Date]

    init(element: OCKScheduleElement, calendar: Calendar) {
        interval = element.interval
        duration = element.duration
        end = element.end
        text = element.text
        starts = [element.start]
        firstDays = [calendar.startOfDay(for: element.start)]
    }

    var isWeekly: Bool {
        interval.weekOfYear == 1
            && [interval.day, interval.month, interval.year, interval.hour, interval.minute, interval.second]
                .allSatisfy { ($0 ?? 0) == 0 }
    }

    func sharesAllButTime(with other: _ScheduleLine) -> Bool {
        interval == other.interval && duration == other.duration && end == other.end && text == other.text
            && firstDays == other.firstDays
    }

    func sharesAllButDay(with other: _ScheduleLine, calendar: Calendar) -> Bool {
        func times(_ line: _ScheduleLine) -> [Int] {
            line.starts.map { calendar.component(.hour, from: $0) * 60 + calendar.component(.minute, from: $0) }.sorted()
        }
        let weekdays = Set(firstDays.map { calendar.component(.weekday, from: $0) })
        let span = (firstDays + other.firstDays).sorted()
        let withinAWeek = span.first.flatMap { first in span.last.map { $0.timeIntervalSince(first) < 7 * 86_400 } } ?? false
        return interval == other.interval && duration == other.duration && end == other.end && text == other.text
            && times(self) == times(other) && withinAWeek
            && weekdays.isDisjoint(with: other.firstDays.map { calendar.component(.weekday, from: $0) })
    }
}
