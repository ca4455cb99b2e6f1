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
            // Values taken in different units of one measurement add up in the first one's units
            // (their counterpart in the patient's system: a chart of one measurement is in one unit).
            let values = events.flatMap { $0.outcome?.values ?? [] }
            let units = OCKMeasurementUnits.displayUnits(for: values.lazy.filter { $0.numericValue != nil }.compactMap(\.units).first)
            let numbers = values.compactMap { $0.numericValue(in: units) }
            guard !numbers.isEmpty else { return nil }
            let total = numbers.reduce(0, +)
            if case .sum = self { return total }
            return total / Double(numbers.count)
        case .custom(let reduce):
            return reduce(events)
        }
    }
}
