import CareKitUI

/// A chart for a ``PDFDocument``: bar, line or scatter, drawn as vector graphics with real
/// text from the same geometry as CareKitUI's HTML chart (``OCKChartLayout``), so both show the
/// same axes, grid, bars, points, value labels (``OCKDataSeries/valueLabels``) and legend.
///
/// A chart stays whole: one that does not fit the rest of a page starts the next, and one
/// taller than a page (a legend of hundreds of series) is scaled down to fit one.
public struct PDFChart: Sendable {
    /// The chart's kind.
    public var plotType: OCKCartesianGraphView.PlotType
    /// The title above the chart.
    public var title: String?
    /// A line under the title.
    public var detail: String?
    /// The series, each in its own colour (its gradient, or the palette's next colour).
    public var dataSeries: [OCKDataSeries]
    /// The labels under the horizontal axis; they thin out when they would collide.
    public var horizontalAxisMarkers: [String]
    /// The bottom of the vertical range; derived from the data when `nil`.
    public var yMinimum: Double?
    /// The top of the vertical range; derived from the data when `nil`.
    public var yMaximum: Double?
    /// The labels of the vertical axis' ticks, for example percentages.
    public var axisValueFormatter: @Sendable (Double) -> String

    /// Creates a chart.
    public init(
        plotType: OCKCartesianGraphView.PlotType, title: String? = nil, detail: String? = nil,
        dataSeries: [OCKDataSeries], horizontalAxisMarkers: [String] = [],
        yMinimum: Double? = nil, yMaximum: Double? = nil,
        axisValueFormatter: @escaping @Sendable (Double) -> String = { OCKNumberFormat.compact($0) }
    ) {
        self.plotType = plotType
        self.title = title
        self.detail = detail
        self.dataSeries = dataSeries
        self.horizontalAxisMarkers = horizontalAxisMarkers
        self.yMinimum = yMinimum
        self.yMaximum = yMaximum
        self.axisValueFormatter = axisValueFormatter
    }
}
