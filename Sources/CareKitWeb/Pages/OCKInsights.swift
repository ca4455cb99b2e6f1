import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// Builds the Insights tab.
public protocol OCKInsightsProvider: Sendable {
    func page(title: String, context: OCKWebPageContext) async throws -> OCKWebPage
}

/// A message of the Insights tab: a tip or an alert.
public struct OCKInsightMessage: Hashable, Sendable {
    public var title: String
    public var text: String
    public var type: OCKMessageItemType

    public init(title: String, text: String, type: OCKMessageItemType) {
        self.title = title
        self.text = text
        self.type = type
    }
}

/// What the Insights tab charts: per day, the completion of the tasks that count towards
/// adherence (the training) and the value of each numeric assessment.
public struct OCKInsightsData: Sendable {
    /// One assessment's series.
    public struct Assessment: Sendable {
        public var taskID: String
        public var title: String
        public var unit: String?
        /// The mean recorded value of each day (nil: nothing recorded).
        public var values: [Double?]
        /// The values of each day outside the task's target range, in the order recorded: the
        /// care report flags the same values (``OCKTargetRange``).
        public var outOfRange: [[Reading]] = []
        /// The task's target range for the measurement (from its schedule's target values).
        public var targetRange: OCKTargetRange?
        /// The other numbers of a paired measurement (a blood pressure's diastolic), each
        /// charted beside the first as a series with its own target band; empty otherwise.
        /// The first number's series is this assessment's ``values``, named ``partTitle``.
        public var otherParts: [Assessment] = []
        /// The name of the number ``values`` holds when the measurement has several
        /// ("Systolic pressure"), else nil.
        public var partTitle: String?
    }

    /// A recorded value outside its target range.
    public struct Reading: Hashable, Sendable {
        /// The value recorded.
        public var value: Double
        /// Below or above the range.
        public var position: OCKTargetRange.Position
        /// The range it is outside of.
        public var range: OCKTargetRange
    }

    /// The days charted.
    public var days: [Date]
    /// The completion of the tasks that count towards adherence, per day (nil: nothing scheduled).
    public var completion: [Double?]
    /// The numeric assessments.
    public var assessments: [Assessment]

    /// Whether anything at all was recorded in the days.
    public var isEmpty: Bool {
        !completion.contains { ($0 ?? 0) > 0 } && !assessments.contains { $0.values.contains { $0 != nil } }
    }

    /// Reads the data of `interval` from a store: completion = the adherence of the tasks that
    /// count (``OCKAdherence/counts(_:)``, as on the rings and in the report); assessments =
    /// tasks whose survey's first question is a number.
    public static func load(store: any OCKAnyReadOnlyEventStore, interval: DateInterval, calendar: Calendar) async throws -> OCKInsightsData {
        let tasks = try await store.fetchAnyTasks(query: OCKTaskQuery(dateInterval: interval))
        let training = tasks.filter(OCKAdherence.counts).map(\.id)
        let days = OCKAdherence.days(in: interval, calendar: calendar)
        var completion: [Double?] = days.map { _ in nil }
        if !training.isEmpty {
            let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: training, dateInterval: interval, calendar: calendar))
            completion = days.indices.map { index in adherence.indices.contains(index) ? adherence[index].fractionCompleted : nil }
        }
        var assessments: [Assessment] = []
        // What each task measures: its number question, or a paired measurement's numbers.
        let numeric = tasks.compactMap { task -> (any OCKAnyTask, OCKSurvey, [OCKSurveyQuestion], OCKTaskMeasurement?)? in
            guard let ockTask = task as? OCKTask, let survey = ockTask.survey, let question = survey.questions.first, case .number = question.kind else { return nil }
            let measurement = OCKTaskMeasurement(task: ockTask)
            let questions =
                measurement?.isPaired == true
                ? survey.questions.filter { question in measurement?.parts.contains { $0.valueKind == question.id } == true } : [question]
            return (task, survey, questions, measurement)
        }
        if !numeric.isEmpty {
            var query = OCKEventQuery(dateInterval: interval)
            query.taskIDs = numeric.map(\.0.id)
            var events = try await store.fetchAnyEvents(query: query)
            // A reading another device recorded for the same event is charted and judged too.
            events += try await OCKConcurrentReadings.events(besides: events, store: store, interval: interval)
            for (task, survey, questions, measurement) in numeric {
                let parts = questions.map { question in
                    series(of: question, survey: survey, task: task, events: events.filter { $0.task.id == task.id }, days: days, calendar: calendar)
                }
                guard var first = parts.first else { continue }
                if parts.count > 1 {
                    first.partTitle = measurement?.parts.first.map(\.name)
                    first.otherParts = zip(parts.dropFirst(), (measurement?.parts ?? []).dropFirst()).map { part, named in
                        var part = part
                        part.partTitle = named.name
                        return part
                    }
                }
                assessments.append(first)
            }
        }
        return OCKInsightsData(days: days, completion: completion, assessments: assessments)
    }

    /// One number question's days: the mean per day in the unit the patient reads, the values
    /// outside the target range, and the range.
    static func series(of question: OCKSurveyQuestion, survey: OCKSurvey, task: any OCKAnyTask, events: [OCKAnyEvent], days: [Date], calendar: Calendar) -> Assessment {
        // Charted in the unit the patient reads (the question's, or its counterpart in their system).
        let unit = OCKMeasurementUnits.displayUnits(for: question.unit)
        var byDay: [Date: [Double]] = [:]
        var flagged: [Date: [Reading]] = [:]
        for event in events {
            let day = calendar.startOfDay(for: event.scheduleEvent.start)
            let answers = survey.values(answering: question, in: event.outcome?.values ?? [])
            // Charted in the question's unit, whatever unit each value was taken in.
            byDay[day, default: []] += answers.compactMap { $0.numericValue(in: unit) }
            let element = event.scheduleEvent.element
            flagged[day, default: []] += answers.compactMap { answer in
                guard let range = element.targetRange(for: answer)?.converted(to: unit), let number = answer.numericValue(in: range.units) else { return nil }
                let position = range.position(of: number)
                return position == .within ? nil : Reading(value: number, position: position, range: range)
            }
        }
        let values: [Double?] = days.map { day in
            guard let numbers = byDay[day], !numbers.isEmpty else { return nil }
            return numbers.reduce(0, +) / Double(numbers.count)
        }
        let range = task.schedule.elements.lazy.compactMap { $0.targetRange(forKind: question.id) }.first?.converted(to: unit)
        return Assessment(taskID: task.id, title: task.title ?? task.id, unit: unit, values: values, outOfRange: days.map { flagged[$0] ?? [] }, targetRange: range)
    }

    /// The data with nothing counted for the days from `day` on (their completion is not in
    /// yet): what advice about adherence may judge. Measurements stay.
    public func endingBefore(_ day: Date) -> OCKInsightsData {
        var data = self
        data.completion = zip(days, completion).map { $0 < day ? $1 : nil }
        return data
    }

    /// The day (in `calendar`) of the latest event before `date` that has an outcome, or nil
    /// when nothing was recorded before it (of any task, or of the task `taskID`). Looks back a
    /// month, then a year, then further.
    public static func lastRecordedDay(before date: Date, taskID: String? = nil, store: any OCKAnyReadOnlyEventStore, calendar: Calendar) async throws -> Date? {
        var tasks: [UUID: any OCKAnyTask] = [:]
        var end = date
        for days in [35, 400, nil] as [Int?] {
            let start = days.flatMap { calendar.date(byAdding: .day, value: -$0, to: date) } ?? .distantPast
            guard start < end else { continue }
            var latest: Date?
            var query = OCKOutcomeQuery(dateInterval: DateInterval(start: start, end: end))
            query.taskIDs = taskID.map { [$0] } ?? []
            for outcome in try await store.fetchAnyOutcomes(query: query) {
                if tasks[outcome.taskUUID] == nil {
                    var taskQuery = OCKTaskQuery()
                    taskQuery.uuids = [outcome.taskUUID]
                    tasks[outcome.taskUUID] = try await store.fetchAnyTasks(query: taskQuery).first
                }
                guard let event = tasks[outcome.taskUUID]?.schedule.event(forOccurrenceIndex: outcome.taskOccurrenceIndex), event.start < date else { continue }
                latest = max(latest ?? event.start, event.start)
            }
            if let latest { return calendar.startOfDay(for: latest) }
            end = start
        }
        return nil
    }
}

/// The tutorial's Insights: a bar chart of the week's training completion, a line chart of
/// each measurement on its own axis with its target band, tips and alerts, and a line chart of
/// one assessment over a chosen range.
public struct OCKStandardInsights: OCKInsightsProvider {
    /// The bar chart's title and subtitle.
    public var chartTitle: String
    public var chartSubtitle: String
    /// The legend of the completion series.
    public var completionTitle: String
    /// Colours of the series, in order (completion first).
    public var seriesColors: [OCKColor]
    /// Tips and alerts from the week's data (the "No Insights" tip is added when it is empty).
    public var messages: @Sendable (OCKInsightsData, OCKEventFormatter) -> [OCKInsightMessage]
    /// The text of the "No Insights" tip (the tutorial's app has its own joke).
    public var emptyText = loc.key("Nothing is recorded for this week yet. Mark a task done on the Care Card, or answer a measurement, and it shows here.")

    /// The default titles (a public default argument cannot name the module's table): each is a
    /// key of CareKitWeb's table, so the page shows it in the reader's language.
    static let defaultTitles = [loc.key("Your week"), loc.key("Tasks done and measurements"), loc.key("Done")]

    public init(
        chartTitle: String = "Your week", chartSubtitle: String = "Tasks done and measurements",
        completionTitle: String = "Done", seriesColors: [OCKColor] = [.systemOrange, .systemGreen, .systemYellow, .systemBlue],
        messages: @escaping @Sendable (OCKInsightsData, OCKEventFormatter) -> [OCKInsightMessage] = { _, _ in [] }
    ) {
        self.chartTitle = chartTitle
        self.chartSubtitle = chartSubtitle
        self.completionTitle = completionTitle
        self.seriesColors = seriesColors
        self.messages = messages
    }

    public func page(title: String, context: OCKWebPageContext) async throws -> OCKWebPage {
        let days = Self.days(context)
        let nodes = try await content(context, days: days)
        let last = context.calendar.date(byAdding: .day, value: -1, to: days.end) ?? days.start
        return OCKWebPage(
            title: title, subtitle: loc("{from} – {to}", ["from": context.formatter.shortDay(days.start), "to": context.formatter.shortDay(last)]),
            content: { nodes })
    }

    /// The seven days the page shows: the week that ends on the chosen day (`?date=`, else
    /// today), never past today.
    static func days(_ context: OCKWebPageContext) -> DateInterval {
        let calendar = context.calendar
        let last = calendar.startOfDay(for: min(context.date, context.today))
        let start = calendar.date(byAdding: .day, value: -6, to: last) ?? last
        return .ockDays(from: start, through: last, calendar: calendar)
    }

    func content(_ context: OCKWebPageContext, days: DateInterval) async throws -> [HTMLNode] {
        let calendar = context.calendar
        let data = try await OCKInsightsData.load(store: context.store, interval: days, calendar: calendar)
        var views: [OCKView] = []

        // Advice judges whole days only: today's completion is not in yet.
        var messages = messages(data.endingBefore(calendar.startOfDay(for: context.today)), context.formatter)
        if data.isEmpty {
            if let latest = try await OCKInsightsData.lastRecordedDay(before: days.start, store: context.store, calendar: calendar) {
                let link = _WeekPager(route: context.route, date: latest, today: context.today, calendar: calendar, prefix: context.pathPrefix).link(to: latest)
                views.append(
                    OCKMessageItem(
                        title: loc("Nothing recorded these days"),
                        text: loc("Your last entry is from {day}.", ["day": context.formatter.shortDay(latest)]), messageType: .tip))
                let pager = _WeekPager(
                    route: context.route, date: min(context.date, context.today), today: context.today, calendar: calendar,
                    prefix: context.pathPrefix, allowsFuture: false, keeping: Self.keptFields(context)
                ).node
                let jump = HTMLNode.element(
                    "p", [.class("ck-jump")],
                    [
                        .element("a", [HTMLAttribute("href", link), .class("ck-week-link ck-last-entry-link")], [.text(loc("Show the week of your last entry"))])
                    ])
                return [pager] + views.map { $0.render(standalone: true) } + [jump]
            }
            messages.insert(OCKInsightMessage(title: loc("No Insights"), text: loc(emptyText), type: .tip), at: 0)
        }
        views += messages.map { OCKMessageItem(title: $0.title, text: $0.text, tintColor: $0.type == .alert ? .systemRed : nil, messageType: $0.type) }
        views.append(barChart(data, formatter: context.formatter))
        views += data.assessments.map { measurementChart($0, days: data.days, formatter: context.formatter) }

        let pager = _WeekPager(
            route: context.route, date: min(context.date, context.today), today: context.today, calendar: calendar,
            prefix: context.pathPrefix, allowsFuture: false, keeping: Self.keptFields(context)
        ).node
        // A line chart of one assessment over a chosen range.
        let chooser = try await lineChart(context: context)
        return [pager] + views.map { $0.render(standalone: true) } + chooser
    }

    /// The fields of the measurement chooser, which the week pager keeps.
    static func keptFields(_ context: OCKWebPageContext) -> [(String, String)] {
        ["task", "from", "to"].compactMap { name in context.request.queryValue(name).map { (name, $0) } }
    }

    /// The tutorial's chart of the week's completion, in percent. Unlike the tutorial's, it
    /// draws no measurement as a bar of a percentage (118 mmHg is not 40 % of anything): each
    /// measurement has a chart of its own on its own axis (``measurementChart(_:days:formatter:)``).
    public func barChart(_ data: OCKInsightsData, formatter: OCKEventFormatter) -> OCKCartesianChartView {
        let chart = OCKCartesianChartView(type: .bar)
        chart.headerView.titleLabel.text = loc(chartTitle)
        chart.headerView.detailLabel.text = loc(chartSubtitle)
        chart.graphView.horizontalAxisMarkers = data.days.map(formatter.numericDay)
        chart.graphView.yMinimum = 0
        chart.graphView.yMaximum = 1
        chart.graphView.axisValueFormatter = { OCKLocalization.language.percent($0) }
        var series: [OCKDataSeries] = []
        let color = { (index: Int) in seriesColors.isEmpty ? OCKColor.systemBlue : seriesColors[index % seriesColors.count] }
        // A day without data has no bar (NaN is not drawn), only its "N/A" label.
        var completion = OCKDataSeries(
            values: data.completion.map { CGFloat($0 ?? .nan) }, title: loc(completionTitle),
            gradientStartColor: color(0), gradientEndColor: color(0))
        completion.valueLabels = data.completion.map { $0.map(OCKLocalization.language.percent) ?? loc("N/A") }
        series.append(completion)
        chart.graphView.dataSeries = series
        chart.graphView.tableValueFormatter = { OCKNumberFormat.decimal($0, maximumFractionDigits: 2) }
        return chart
    }

    /// A number as the formatter writes values, without units.
    static func number(_ value: Double, formatter: OCKEventFormatter) -> String {
        formatter.value(OCKOutcomeValue(value, units: nil, kind: nil, createdDate: Date(timeIntervalSinceReferenceDate: 0)))
    }

    /// One measurement's week as a line on its own chart: the unit on the value axis, the
    /// target range as a band, a gap where a day has no value, each point labelled with its
    /// value (and "low" or "high" outside the range).
    public func measurementChart(_ assessment: OCKInsightsData.Assessment, days: [Date], formatter: OCKEventFormatter) -> OCKCartesianChartView {
        let chart = OCKCartesianChartView(type: .line)
        chart.headerView.titleLabel.text = assessment.title
        chart.headerView.detailLabel.text = assessment.unit.map { loc("Daily average, {unit}", ["unit": $0]) } ?? loc("Daily average")
        chart.graphView.chartIdentifier = "insights-" + assessment.taskID
        chart.graphView.horizontalAxisMarkers = days.map(formatter.numericDay)
        chart.graphView.valueUnit = assessment.unit
        chart.graphView.targetRange = assessment.targetRange.map { $0.lowerBound...$0.upperBound }
        chart.graphView.tableLabelHeading = loc("Day")
        chart.graphView.tableValueFormatter = { Self.number($0, formatter: formatter) }
        var points: [CGPoint] = []
        var labels: [String] = []
        for (index, value) in assessment.values.enumerated() {
            guard let value else { continue }
            points.append(CGPoint(x: CGFloat(index), y: CGFloat(value)))
            labels.append(Self.number(value, formatter: formatter))
        }
        var series = OCKDataSeries(dataPoints: points, title: assessment.partTitle ?? assessment.title, size: 9)
        series.valueLabels = labels
        guard !assessment.otherParts.isEmpty else {
            chart.graphView.dataSeries = [series]
            chart.graphView.showsLegend = assessment.targetRange != nil
            return chart
        }
        // A paired measurement: each number its own series and band (systolic 90–140, diastolic 60–90).
        chart.graphView.targetRange = nil
        series.targetRange = assessment.targetRange.map { $0.lowerBound...$0.upperBound }
        var all = [series]
        for part in assessment.otherParts {
            var points: [CGPoint] = []
            var labels: [String] = []
            for (index, value) in part.values.enumerated() {
                guard let value else { continue }
                points.append(CGPoint(x: CGFloat(index), y: CGFloat(value)))
                labels.append(Self.number(value, formatter: formatter))
            }
            var other = OCKDataSeries(dataPoints: points, title: part.partTitle ?? part.title, size: 9)
            other.valueLabels = labels
            other.targetRange = part.targetRange.map { $0.lowerBound...$0.upperBound }
            all.append(other)
        }
        chart.graphView.dataSeries = all
        chart.graphView.showsLegend = true
        return chart
    }

    func lineChart(context: OCKWebPageContext) async throws -> [HTMLNode] {
        let calendar = context.calendar
        var query = OCKTaskQuery(for: context.today, calendar: calendar)
        query.sortDescriptors = [.title(ascending: true)]
        let assessments = try await context.store.fetchAnyTasks(query: query).compactMap { $0 as? OCKTask }.filter { task in
            guard let question = task.survey?.questions.first, case .number = question.kind else { return false }
            return true
        }
        guard !assessments.isEmpty else { return [] }
        let selectedID = context.request.queryValue("task").flatMap { id in assessments.first { $0.id == id }?.id } ?? assessments[0].id
        let selected = assessments.first { $0.id == selectedID } ?? assessments[0]
        let to = context.request.queryValue("to").flatMap { try? OCKDayCodec.date(from: $0, calendar: calendar) } ?? calendar.startOfDay(for: context.today)
        let defaultFrom = calendar.date(byAdding: .day, value: -29, to: to) ?? to
        var from = context.request.queryValue("from").flatMap { try? OCKDayCodec.date(from: $0, calendar: calendar) } ?? defaultFrom
        if from > to { from = to }
        let unit = context.formatter.displayedUnits(selected.survey?.questions.first?.unit)
        let configuration = OCKDataSeriesConfiguration(
            taskID: selected.id, legendTitle: (selected.title ?? selected.id) + (unit.map { " (\($0))" } ?? ""),
            gradientStartColor: .systemBlue, gradientEndColor: .systemBlue, markerSize: 6, aggregation: .average)
        let controller = OCKCartesianChartViewController(
            plotType: .line, selectedDate: to, configurations: [configuration], store: context.store,
            calendar: calendar, dateInterval: .ockDays(from: from, through: to, calendar: calendar),
            title: loc("{task} over time", ["task": selected.title ?? selected.id]))
        controller.formatter = context.formatter
        controller.viewSynchronizer.valueUnit = unit
        controller.viewSynchronizer.targetRange = selected.schedule.elements.lazy
            .compactMap { element in selected.survey?.questions.first.flatMap { element.targetRange(forKind: $0.id)?.converted(to: unit) } }.first
            .map { $0.lowerBound...$0.upperBound }
        await controller.synchronized()
        let options: [HTMLNode] = assessments.map { task in
            var attributes = [HTMLAttribute("value", task.id)]
            if task.id == selected.id { attributes.append(.flag("selected")) }
            return .element("option", attributes, [.text(task.title ?? task.id)])
        }
        let form = HTMLNode.element(
            "form", [.class("ck-range-form ock-card"), HTMLAttribute("method", "get"), HTMLAttribute("action", context.pagePath())],
            [
                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "date"), HTMLAttribute("value", OCKDayCodec.string(from: context.date, calendar: calendar))]),
                .element("label", [], [.text(loc("Measurement") + " "), .element("select", [HTMLAttribute("name", "task")], options)]),
                .element(
                    "label", [],
                    [
                        .text(loc("From") + " "),
                        .element("input", [HTMLAttribute("type", "date"), HTMLAttribute("name", "from"), HTMLAttribute("value", OCKDayCodec.string(from: from, calendar: calendar))])
                    ]),
                .element(
                    "label", [],
                    [.text(loc("To") + " "), .element("input", [HTMLAttribute("type", "date"), HTMLAttribute("name", "to"), HTMLAttribute("value", OCKDayCodec.string(from: to, calendar: calendar))])]),
                .element("button", [.class("ock-button ock-labeled-button"), HTMLAttribute("type", "submit")], [.text(loc("Show"))])
            ])
        let chart = controller.renderNode()
        controller.stopSynchronizing()
        return [
            .element(
                "section", [.class("ck-section"), .aria("label", loc("Measurements over time"))],
                [
                    .element("h2", [.class("ck-section-heading")], [.text(loc("Measurements over time"))]), form, chart
                ])
        ]
    }
}
