import CareKitStore
import CareKitUI
import Foundation

/// A ready-made report for a care team: for a range of days, the patient's name, the daily
/// adherence chart, each task's completion per day, and every recorded measurement with its
/// units, the date and time it was recorded, and marks for values outside the target range,
/// edited entries (with what they said before) and late entries — what a clinician wants on
/// one or two pages.
///
/// Any store will do. Measurements are the answers to `OCKTask` surveys; the earlier versions
/// of an edited entry come from the store's outcome versions (`OCKStore` keeps them all; a
/// store that keeps none shows each entry as it is now, without the edited mark).
public enum OCKCareReport {

    /// The report's elements for `interval` (days in `formatter.calendar`).
    public static func elements(store: any OCKAnyReadOnlyEventStore, interval: DateInterval, formatter: OCKEventFormatter) async throws -> [any OCKDocumentElement] {
        let calendar = formatter.calendar
        let days = OCKAdherence.days(in: interval, calendar: calendar, limit: 3_660)
        guard let firstDay = days.first, let lastDay = days.last else {
            return [OCKDocumentElementParagraph(content: loc("The report covers no days."))]
        }
        var elements: [any OCKDocumentElement] = []
        elements.append(OCKDocumentElementParagraph(content: loc("From {first} to {last}.", ["first": formatter.longDay(firstDay), "last": formatter.longDay(lastDay)])))

        let tasks = try await store.fetchAnyTasks(query: OCKTaskQuery(dateInterval: interval)).sorted { ($0.title ?? $0.id) < ($1.title ?? $1.id) }
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: interval))
        let adherenceTasks = tasks.filter(OCKAdherence.counts)

        // Adherence chart.
        if !adherenceTasks.isEmpty {
            let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: adherenceTasks.map(\.id), dateInterval: interval, calendar: calendar))
            let chart = OCKCartesianChartView(type: .bar)
            chart.headerView.titleLabel.text = loc("Daily adherence")
            chart.graphView.horizontalAxisMarkers = days.map(formatter.numericDay)
            chart.graphView.yMinimum = 0
            chart.graphView.yMaximum = 1
            chart.graphView.axisValueFormatter = { OCKLocalization.percent($0) }
            var series = OCKDataSeries(
                values: days.indices.map { CGFloat(adherence.indices.contains($0) ? adherence[$0].fractionCompleted ?? 0 : 0) },
                title: loc("Completed"), gradientStartColor: .systemBlue, gradientEndColor: .systemBlue)
            series.valueLabels = days.indices.map { index in
                guard adherence.indices.contains(index), let fraction = adherence[index].fractionCompleted else { return "–" }
                return OCKLocalization.percent(fraction)
            }
            chart.graphView.dataSeries = [series]
            elements.append(OCKDocumentElementSubtitle(subtitle: loc("Adherence")))
            elements.append(OCKDocumentElementChart(chart: chart))
        }

        // Completion per task and day, a table per week so it fits a page.
        let completionTasks = tasks.filter { OCKAdherence.counts($0) || ($0 as? OCKTask)?.survey == nil }
        if !completionTasks.isEmpty {
            elements.append(OCKDocumentElementSubtitle(subtitle: loc("Tasks completed per day")))
            var byTaskDay: [String: [Date: (done: Int, total: Int, logged: Int)]] = [:]
            for event in events {
                let day = calendar.startOfDay(for: event.scheduleEvent.start)
                var entry = byTaskDay[event.task.id]?[day] ?? (0, 0, 0)
                entry.total += 1
                if event.outcome != nil { entry.done += 1 }
                entry.logged += event.outcome?.values.count ?? 0
                byTaskDay[event.task.id, default: [:]][day] = entry
            }
            for week in stride(from: 0, to: days.count, by: 7) {
                let weekDays = Array(days[week..<min(week + 7, days.count)])
                let headers = [loc("Task")] + weekDays.map(formatter.shortDay) + [loc("Total")]
                let rows: [[String]] = completionTasks.map { task in
                    var done = 0, total = 0
                    let cells = weekDays.map { day -> String in
                        guard let entry = byTaskDay[task.id]?[day] else { return "–" }
                        if !OCKAdherence.counts(task) { return entry.logged == 0 ? "–" : loc("{count} logged", count: entry.logged) }
                        done += entry.done
                        total += entry.total
                        return OCKLocalization.number(entry.done) + "/" + OCKLocalization.number(entry.total)
                    }
                    let summary =
                        total == 0
                        ? "–" : OCKLocalization.number(done) + "/" + OCKLocalization.number(total) + " (" + OCKLocalization.percent(Double(done) / Double(total)) + ")"
                    return [task.title ?? task.id] + cells + [OCKAdherence.counts(task) ? summary : "–"]
                }
                elements.append(OCKDocumentElementTable(headers: headers, rows: rows))
            }
        }

        // Measurements, with the marks a clinician must see, and their legend first.
        let assessments = tasks.compactMap { task in (task as? OCKTask).flatMap { task in task.survey.map { (task, $0) } } }
        let assessmentIDs = Set(assessments.map(\.0.id))
        // Answers are read from events of `OCKTask` versions with `OCKOutcome`s (a store's own types have no survey).
        let answered = events.compactMap { event -> OCKEvent<OCKTask, OCKOutcome>? in
            guard assessmentIDs.contains(event.task.id), let task = event.task as? OCKTask else { return nil }
            return OCKEvent(task: task, outcome: event.outcome as? OCKOutcome, scheduleEvent: event.scheduleEvent)
        }
        var measurements = _CareReportMeasurements(formatter: formatter, history: try await _CareReportMeasurements.history(store: store, events: answered))
        var tables: [any OCKDocumentElement] = []
        for (task, survey) in assessments {
            tables += measurements.elements(for: task, survey: survey, events: answered.filter { $0.task.id == task.id })
        }
        elements += measurements.legend + tables
        elements += try await _CareReportDeletions.elements(store: store, tasks: tasks, interval: interval, formatter: formatter)
        if tasks.isEmpty {
            elements.append(OCKDocumentElementParagraph(content: loc("No tasks were scheduled in this period.")))
        }
        return elements
    }

    /// A complete report document: `title` ("Care report" in the current language by default),
    /// the patient's name as author.
    public static func document(
        store: any OCKAnyReadOnlyEventStore & OCKAnyReadOnlyPatientStore, interval: DateInterval, formatter: OCKEventFormatter,
        title: String? = nil, pageHeader: String? = nil
    ) async throws -> OCKDocument {
        let title = title ?? loc("Care report")
        let document = OCKDocument(title: title, elements: try await elements(store: store, interval: interval, formatter: formatter))
        if let patient = try await store.fetchAnyPatients(query: OCKPatientQuery()).first {
            document.author = OCKContactFormatting.name(patient.name)
        }
        document.pageHeader = pageHeader ?? [title, document.author].compactMap { $0 }.joined(separator: " — ")
        return document
    }
}
