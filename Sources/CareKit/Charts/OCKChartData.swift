import CareKitStore
import CareKitUI
import Foundation

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
        let days = OCKAdherence.days(in: interval, calendar: calendar)
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
