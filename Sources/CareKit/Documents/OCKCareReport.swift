import CareKitStore
import CareKitUI
import Foundation

/// A ready-made report for a care team, for a range of days, in the order a clinician reads
/// it: the patient (name, birthday and age, the report's dates), the current medications and
/// tasks with their times and instructions, the daily adherence chart, each task's completion
/// per day and when each dose was marked against when it was due, every recorded measurement
/// with its units, the date and time it was recorded, and marks for values outside the target
/// range, edited entries (with what they said before) and late or early entries, and last the
/// care team's notes.
///
/// Any store will do. Measurements are the answers to `OCKTask` surveys; the earlier versions
/// of an edited entry come from the store's outcome versions (`OCKStore` keeps them all; a
/// store that keeps none shows each entry as it is now, without the edited mark). Late and
/// early follow one rule, ``OCKScheduleEvent/recordingTiming(of:)``.
public enum OCKCareReport {

    /// The report's elements for `interval` (days in `formatter.calendar`). The patient is read
    /// from the store when it keeps patients; without one the report says the name was not
    /// recorded.
    public static func elements(store: any OCKAnyReadOnlyEventStore, interval: DateInterval, formatter: OCKEventFormatter) async throws -> [any OCKDocumentElement] {
        let patient = try await (store as? any OCKAnyReadOnlyPatientStore)?.latestPatient()
        return try await elements(store: store, interval: interval, formatter: formatter, patient: patient)
    }

    /// The report's elements for `interval`, about `patient` (nil: "Name not recorded").
    public static func elements(
        store: any OCKAnyReadOnlyEventStore, interval: DateInterval, formatter: OCKEventFormatter, patient: (any OCKAnyPatient)?
    ) async throws -> [any OCKDocumentElement] {
        let calendar = formatter.calendar
        let days = OCKAdherence.days(in: interval, calendar: calendar, limit: 3_660)
        guard let firstDay = days.first, let lastDay = days.last else {
            return [OCKDocumentElementParagraph(content: loc("The report covers no days."))]
        }
        let tasks = try await store.fetchAnyTasks(query: OCKTaskQuery(dateInterval: interval)).sorted { ($0.title ?? $0.id) < ($1.title ?? $1.id) }
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: interval))
        let adherenceTasks = tasks.filter(OCKAdherence.counts)
        let plan = _CareReportPlan(formatter: formatter)

        var elements = plan.patient(patient, firstDay: firstDay, lastDay: lastDay)
        elements += plan.medications(tasks, lastDay: lastDay)

        if !adherenceTasks.isEmpty {
            let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: adherenceTasks.map(\.id), dateInterval: interval, calendar: calendar))
            elements.append(OCKDocumentElementSubtitle(subtitle: loc("Adherence")))
            elements.append(OCKDocumentElementChart(chart: adherenceChart(adherence, days: days, formatter: formatter)))
        }

        elements += _CareReportDoses(formatter: formatter, days: days).elements(tasks: tasks, events: events)

        // Measurements, with the marks a clinician must see, and their legend first.
        let assessments = tasks.compactMap { task in (task as? OCKTask).flatMap { task in task.survey.map { (task, $0) } } }
        let assessmentIDs = Set(assessments.map(\.0.id))
        // Answers are read from events of `OCKTask` versions with `OCKOutcome`s (a store's own types have no survey).
        // Every reading of an event: also those another device recorded for it while apart.
        let readings = events + (try await OCKConcurrentReadings.events(besides: events, store: store, interval: interval))
        let answered = readings.compactMap { event -> OCKEvent<OCKTask, OCKOutcome>? in
            guard assessmentIDs.contains(event.task.id), let task = event.task as? OCKTask else { return nil }
            return OCKEvent(task: task, outcome: event.outcome as? OCKOutcome, scheduleEvent: event.scheduleEvent)
        }.sorted { ($0.scheduleEvent.start, $0.outcome?.createdDate ?? .distantPast) < ($1.scheduleEvent.start, $1.outcome?.createdDate ?? .distantPast) }
        var measurements = _CareReportMeasurements(formatter: formatter, history: try await _CareReportMeasurements.history(store: store, events: answered))
        var tables: [any OCKDocumentElement] = []
        for (task, survey) in assessments {
            tables += measurements.elements(for: task, survey: survey, events: answered.filter { $0.task.id == task.id })
        }
        elements += measurements.legend + tables
        elements += try await _CareReportDeletions.elements(store: store, tasks: tasks, interval: interval, formatter: formatter)
        elements += plan.notes(tasks)
        if tasks.isEmpty {
            elements.append(OCKDocumentElementParagraph(content: loc("No tasks were scheduled in this period.")))
        }
        return elements
    }

    /// The daily adherence chart: one bar per day, its percentage as its label.
    private static func adherenceChart(_ adherence: [OCKAdherence], days: [Date], formatter: OCKEventFormatter) -> OCKCartesianChartView {
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
        return chart
    }

    /// A complete report document: `title` ("Care report" in the current language by default),
    /// the patient's name as author (and in the page header).
    public static func document(
        store: any OCKAnyReadOnlyEventStore & OCKAnyReadOnlyPatientStore, interval: DateInterval, formatter: OCKEventFormatter,
        title: String? = nil, pageHeader: String? = nil
    ) async throws -> OCKDocument {
        let title = title ?? loc("Care report")
        let patient = try await store.latestPatient()
        let document = OCKDocument(title: title, elements: try await elements(store: store, interval: interval, formatter: formatter, patient: patient))
        if let patient, let name = _CareReportPlan.name(of: patient) {
            document.author = name
        }
        document.pageHeader = pageHeader ?? [title, document.author].compactMap { $0 }.joined(separator: " — ")
        return document
    }
}
