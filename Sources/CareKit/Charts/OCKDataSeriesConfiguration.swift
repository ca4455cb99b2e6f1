import CareKitStore
import CareKitUI
import Foundation

/// One series of a chart: which task, how its days are reduced, and how it looks.
public struct OCKDataSeriesConfiguration: Sendable {
    public var taskID: String
    public var legendTitle: String
    public var gradientStartColor: OCKColor?
    public var gradientEndColor: OCKColor?
    public var markerSize: CGFloat
    public var aggregation: OCKDailyAggregation

    public init(
        taskID: String, legendTitle: String, gradientStartColor: OCKColor? = nil, gradientEndColor: OCKColor? = nil,
        markerSize: CGFloat = 10, aggregation: OCKDailyAggregation = .completion
    ) {
        self.taskID = taskID
        self.legendTitle = legendTitle
        self.gradientStartColor = gradientStartColor
        self.gradientEndColor = gradientEndColor
        self.markerSize = markerSize
        self.aggregation = aggregation
    }
}
