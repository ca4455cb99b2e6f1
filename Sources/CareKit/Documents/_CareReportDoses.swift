import CareKitStore
import CareKitUI
import Foundation

/// The care report's "Tasks completed per day": a table per week of each task's events done
/// per day, then, for every task that counts towards adherence and is no measurement, when each
/// dose was marked against when it was due — a dose chart with a row per day and a column per
/// time of day — with the one late rule's marks (``OCKScheduleEvent/recordingTiming(of:)``), the
/// same words as the measurement tables.
struct _CareReportDoses {
    let formatter: OCKEventFormatter
    /// The report's days (their starts).
    let days: [Date]

    /// More times of day than this make a dose chart too wide: the task's doses are listed one
    /// a row instead.
    static let widestChart = 6

    private var calendar: Calendar { formatter.calendar }

    func elements(tasks: [any OCKAnyTask], events: [OCKAnyEvent]) -> [any OCKDocumentElement] {
        let completionTasks = tasks.filter { OCKAdherence.counts($0) || ($0 as? OCKTask)?.survey == nil }
        guard !completionTasks.isEmpty else { return [] }
        var seen = Set<String>()
        let uniqueTasks = completionTasks.filter { seen.insert($0.id).inserted }
        var elements: [any OCKDocumentElement] = [OCKDocumentElementSubtitle(subtitle: loc("Tasks completed per day"))]
        let byTask = Dictionary(grouping: events, by: \.task.id)
        var marked = false
        elements += weekTables(uniqueTasks, byTask: byTask, marked: &marked)

        var charts: [any OCKDocumentElement] = []
        for task in uniqueTasks where OCKAdherence.counts(task) && (task as? OCKTask)?.survey == nil {
            let doses = (byTask[task.id] ?? []).sorted { $0.scheduleEvent.start < $1.scheduleEvent.start }
            guard !doses.isEmpty else { continue }
            charts.append(OCKDocumentElementSubtitle(subtitle: loc("{task}: when each dose was marked", ["task": task.title ?? task.id])))
            charts.append(doseTable(doses, marked: &marked))
        }
        guard !charts.isEmpty else { return elements }
        if marked {
            elements.append(OCKDocumentElementParagraph(content: loc("Marks in the dose tables:")))
            elements.append(
                OCKDocumentElementTable(
                    headers: [loc("Mark"), loc("Meaning")],
                    rows: [
                        OCKEventFormatter.recordingMarkLegend,
                        [loc("2/2 ◷"), loc("In the table per week: at least one of the day's doses was marked late or early")]
                    ]))
        }
        return elements + charts
    }

    /// The completion per task and day, a table per week so it fits a page. A day on which a
    /// dose was marked late or early says so ("2/2 ◷").
    private func weekTables(_ tasks: [any OCKAnyTask], byTask: [String: [OCKAnyEvent]], marked: inout Bool) -> [any OCKDocumentElement] {
        struct Day { var done = 0, total = 0, logged = 0, offTime = false }
        var byTaskDay: [String: [Date: Day]] = [:]
        for (id, events) in byTask {
            for event in events {
                let day = calendar.startOfDay(for: event.scheduleEvent.start)
                var entry = byTaskDay[id]?[day] ?? Day()
                entry.total += 1
                if event.outcome != nil { entry.done += 1 }
                entry.logged += event.outcome?.values.count ?? 0
                if let timing = event.recordingTiming, timing != .onTime { entry.offTime = true }
                byTaskDay[id, default: [:]][day] = entry
            }
        }
        var tables: [any OCKDocumentElement] = []
        for week in stride(from: 0, to: days.count, by: 7) {
            let weekDays = Array(days[week..<min(week + 7, days.count)])
            let headers = [loc("Task")] + weekDays.map(formatter.shortDay) + [loc("Total")]
            let rows: [[String]] = tasks.map { task in
                var done = 0, total = 0
                let cells = weekDays.map { day -> String in
                    guard let entry = byTaskDay[task.id]?[day] else { return "–" }
                    if !OCKAdherence.counts(task) { return entry.logged == 0 ? "–" : loc("{count} logged", count: entry.logged) }
                    done += entry.done
                    total += entry.total
                    let count = OCKLocalization.number(entry.done) + "/" + OCKLocalization.number(entry.total)
                    guard entry.offTime, (task as? OCKTask)?.survey == nil else { return count }
                    marked = true
                    return count + " ◷"
                }
                let summary =
                    total == 0
                    ? "–" : OCKLocalization.number(done) + "/" + OCKLocalization.number(total) + " (" + OCKLocalization.percent(Double(done) / Double(total)) + ")"
                return [task.title ?? task.id] + cells + [OCKAdherence.counts(task) ? summary : "–"]
            }
            tables.append(OCKDocumentElementTable(headers: headers, rows: rows))
        }
        return tables
    }

    /// A task's doses: a row per day and a column per time of day ("Due 9:00 AM"), each cell
    /// when the dose was marked and its mark; a list (day, due, marked) when the task has more
    /// times than ``widestChart``.
    private func doseTable(_ doses: [OCKAnyEvent], marked: inout Bool) -> OCKDocumentElementTable {
        var times: [String] = []
        for dose in doses where !times.contains(formatter.shortTimeDescription(dose.scheduleEvent)) {
            times.append(formatter.shortTimeDescription(dose.scheduleEvent))
        }
        guard times.count <= Self.widestChart else {
            let rows = doses.map { dose in
                [formatter.shortDay(dose.scheduleEvent.start), formatter.shortTimeDescription(dose.scheduleEvent), cell(dose, marked: &marked)]
            }
            return OCKDocumentElementTable(headers: [loc("Day"), loc("Due"), loc("Marked")], rows: rows)
        }
        var rows: [[String]] = []
        var row: (day: Date, cells: [String])?
        for dose in doses {
            let day = calendar.startOfDay(for: dose.scheduleEvent.start)
            if row?.day != day {
                if let row { rows.append([formatter.shortDay(row.day)] + row.cells) }
                row = (day, Array(repeating: "–", count: times.count))
            }
            if let column = times.firstIndex(of: formatter.shortTimeDescription(dose.scheduleEvent)) {
                row?.cells[column] = cell(dose, marked: &marked)
            }
        }
        if let row { rows.append([formatter.shortDay(row.day)] + row.cells) }
        return OCKDocumentElementTable(headers: [loc("Day")] + times.map { loc("Due {time}", ["time": $0]) }, rows: rows)
    }

    /// "9:05 AM", "6:30 PM ◷ 8 h 30 min late" ("Mon, Nov 23, 8:00 AM …" when marked another
    /// day), or "Not marked".
    private func cell(_ dose: OCKAnyEvent, marked: inout Bool) -> String {
        guard dose.outcome != nil else { return loc("Not marked") }
        guard let recorded = dose.firstRecordedDate else { return loc("Marked") }
        let time = formatter.recordedTime(recorded, for: dose.scheduleEvent)
        guard let mark = formatter.recordingMark(of: dose) else { return time }
        marked = true
        return loc("{time} {mark}", ["time": time, "mark": mark])
    }
}
