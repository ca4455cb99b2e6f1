import CareKitStore
import CareKitUI
import Foundation

/// How a day's events of a task become one number on a chart.
public enum OCKDailyAggregation: Sendable {
    /// The mean completion of the day's events, from 0 to 1.
    case completion
    /// The sum of the day's numeric outcome values (nil without values).
    case sum
    /// The mean of the day's numeric outcome values (nil without values).
    case average
    /// Your own reduction of the day's events.
    case custom(@Sendable ([OCKAnyEvent]) -> Double?)

    /// The value of a day, or nil when there is nothing to plot.
    public func value(of events: [OCKAnyEvent]) -> Double? {
        switch self {
        case .completion:
            guard !events.isEmpty else { return nil }
            return AggregatedCareTaskProgress(combining: events.map { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) }).fractionCompleted
        case .sum, .average:
            let numbers = events.flatMap { $0.outcome?.values ?? [] }.compactMap(\.numericValue)
            guard !numbers.isEmpty else { return nil }
            let total = numbers.reduce(0, +)
            if case .sum = self { return total }
            return total / Double(numbers.count)
        case .custom(let reduce):
            return reduce(events)
        }
    }
}

/// One series of a chart: which task, how its days are reduced, and how it looks.
public struct OCKDataSeriesConfiguration: Sendable {
    public var taskID: String
    public var legendTitle: String
    public var gradientStartColor: OCKColor?
    public var gradientEndColor: OCKColor?
    public var markerSize: CGFloat
    public var aggregation: OCKDailyAggregation

    public init(taskID: String, legendTitle: String, gradientStartColor: OCKColor? = nil, gradientEndColor: OCKColor? = nil,
                markerSize: CGFloat = 10, aggregation: OCKDailyAggregation = .completion) {
        self.taskID = taskID
        self.legendTitle = legendTitle
        self.gradientStartColor = gradientStartColor
        self.gradientEndColor = gradientEndColor
        self.markerSize = markerSize
        self.aggregation = aggregation
    }
}

/// The chart's data: the days, and per series the value of each day (nil: nothing recorded).
public struct OCKChartData: Sendable {
    public var days: [Date]
    public var values: [[Double?]]

    public init(days: [Date], values: [[Double?]]) {
        self.days = days
        self.values = values
    }

    /// The data of `configurations` over the days of `interval`, from `events`.
    public static func make(interval: DateInterval, configurations: [OCKDataSeriesConfiguration], events: [OCKAnyEvent], calendar: Calendar) -> OCKChartData {
        var days: [Date] = []
        var day = calendar.startOfDay(for: interval.start)
        while day < interval.end {
            days.append(day)
            guard let next = calendar.date(byAdding: .day, value: 1, to: day), next > day else { break }
            day = next
        }
        var byTaskAndDay: [String: [Date: [OCKAnyEvent]]] = [:]
        for event in events {
            byTaskAndDay[event.task.id, default: [:]][calendar.startOfDay(for: event.scheduleEvent.start), default: []].append(event)
        }
        let values = configurations.map { configuration in
            days.map { day in configuration.aggregation.value(of: byTaskAndDay[configuration.taskID]?[day] ?? []) }
        }
        return OCKChartData(days: days, values: values)
    }
}

/// Puts chart data on a cartesian chart: one series per configuration, one point per day
/// (days without data are left out of a series), the days as axis labels.
open class OCKCartesianChartViewSynchronizer: ViewSynchronizing {
    public let plotType: OCKCartesianGraphView.PlotType
    public let configurations: [OCKDataSeriesConfiguration]
    /// The chart's title.
    open var title: String?

    public init(plotType: OCKCartesianGraphView.PlotType, configurations: [OCKDataSeriesConfiguration], title: String? = nil) {
        self.plotType = plotType
        self.configurations = configurations
        self.title = title
    }

    open func makeView() -> OCKCartesianChartView {
        let view = OCKCartesianChartView(type: plotType)
        view.headerView.titleLabel.text = title ?? configurations.map(\.legendTitle).joined(separator: ", ")
        return view
    }

    open func updateView(_ view: OCKCartesianChartView, context: OCKSynchronizationContext<OCKChartData>) {
        let data = context.viewModel
        view.graphView.horizontalAxisMarkers = data.days.map(context.formatter.numericDay)
        view.graphView.dataSeries = zip(configurations, data.values).map { configuration, values in
            let points = values.enumerated().compactMap { index, value in value.map { CGPoint(x: CGFloat(index), y: CGFloat($0)) } }
            var series = OCKDataSeries(dataPoints: points, title: configuration.legendTitle,
                                       gradientStartColor: configuration.gradientStartColor, gradientEndColor: configuration.gradientEndColor,
                                       size: configuration.markerSize)
            series.accessibilityLabels = values.enumerated().compactMap { index, value in
                value.map { "\(context.formatter.shortDay(data.days[index])): \(OCKSurveyQuestion.format(($0 * 100).rounded() / 100))" }
            }
            return series
        }
        if let first = data.days.first, let last = data.days.last {
            view.headerView.detailLabel.text = "\(context.formatter.shortDay(first)) – \(context.formatter.shortDay(last))"
        }
    }
}

/// A synchronized chart of tasks' daily values over a week (the week of `selectedDate`) or
/// any range of days.
open class OCKCartesianChartViewController: SynchronizedViewController<OCKCartesianChartViewSynchronizer>, @unchecked Sendable {
    /// The days charted.
    public let dateInterval: DateInterval

    public init(plotType: OCKCartesianGraphView.PlotType, selectedDate: Date, configurations: [OCKDataSeriesConfiguration],
                store: any OCKAnyStoreProtocol, calendar: Calendar, dateInterval: DateInterval? = nil, title: String? = nil) {
        let interval = dateInterval ?? calendar.dateInterval(of: .weekOfYear, for: selectedDate)
            ?? DateInterval(start: calendar.startOfDay(for: selectedDate), duration: 7 * 86_400)
        self.dateInterval = interval
        var query = OCKEventQuery(dateInterval: interval)
        query.taskIDs = configurations.map(\.taskID)
        let models = store.anyEvents(matching: query).map {
            OCKChartData.make(interval: interval, configurations: configurations, events: $0, calendar: calendar)
        }
        super.init(initialViewModel: OCKChartData(days: [], values: configurations.map { _ in [] }), viewModels: models,
                   viewSynchronizer: OCKCartesianChartViewSynchronizer(plotType: plotType, configurations: configurations, title: title))
        formatter = OCKEventFormatter(calendar: calendar)
    }
}
