import CareKitStore
import CareKitUI
import Foundation

/// A synchronized chart of tasks' daily values over a week (the week of `selectedDate`) or
/// any range of days.
open class OCKCartesianChartViewController: SynchronizedViewController<OCKCartesianChartViewSynchronizer>, @unchecked Sendable {
    /// The days charted.
    public let dateInterval: DateInterval

    public init(
        plotType: OCKCartesianGraphView.PlotType, selectedDate: Date, configurations: [OCKDataSeriesConfiguration],
        store: any OCKAnyStoreProtocol, calendar: Calendar, dateInterval: DateInterval? = nil, title: String? = nil
    ) {
        let interval =
            dateInterval ?? calendar.dateInterval(of: .weekOfYear, for: selectedDate)
            ?? DateInterval(start: calendar.startOfDay(for: selectedDate), duration: 7 * 86_400)
        self.dateInterval = interval
        var query = OCKEventQuery(dateInterval: interval)
        query.taskIDs = configurations.map(\.taskID)
        let models = store.anyEvents(matching: query).map {
            OCKChartData.make(interval: interval, configurations: configurations, events: $0, calendar: calendar)
        }
        super.init(
            initialViewModel: OCKChartData(days: [], values: configurations.map { _ in [] }), viewModels: models,
            viewSynchronizer: OCKCartesianChartViewSynchronizer(plotType: plotType, configurations: configurations, title: title))
        formatter = OCKEventFormatter(calendar: calendar)
    }
}
