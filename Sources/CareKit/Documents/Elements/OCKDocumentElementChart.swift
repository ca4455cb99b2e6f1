import CareKitUI
import Foundation

/// A chart, drawn as vector graphics. The chart's data is copied when the element is made.
public struct OCKDocumentElementChart: OCKDocumentElement {
    /// The chart's kind.
    public var plotType: OCKCartesianGraphView.PlotType
    /// The chart's title and subtitle.
    public var title: String?
    public var detail: String?
    /// The series.
    public var dataSeries: [OCKDataSeries]
    /// The labels under the horizontal axis.
    public var horizontalAxisMarkers: [String]
    /// A fixed vertical range, if any.
    public var yMinimum: Double?
    public var yMaximum: Double?
    /// The label of the vertical axis' values, for example percentages.
    public var axisValueFormatter: @Sendable (Double) -> String

    /// A chart element from a chart view (any `OCKCartesianChartView`).
    public init(chart: OCKCartesianChartView) {
        plotType = chart.graphView.plotType
        title = chart.headerView.titleLabel.text
        detail = chart.headerView.detailLabel.text
        dataSeries = chart.graphView.dataSeries
        horizontalAxisMarkers = chart.graphView.horizontalAxisMarkers
        yMinimum = chart.graphView.yMinimum.map(Double.init)
        yMaximum = chart.graphView.yMaximum.map(Double.init)
        // The view's formatter is not Sendable: keep what it does (percentages or plain numbers).
        let sample: String = chart.graphView.axisValueFormatter(0.5)
        if sample.hasSuffix("%") || sample.contains("٪") {
            let language = OCKLocalization.language
            axisValueFormatter = { value in OCKLocalization.$language.withValue(language) { OCKLocalization.percent(value) } }
        } else {
            let language = OCKLocalization.language
            axisValueFormatter = { value in OCKLocalization.$language.withValue(language) { OCKLocalization.compact(value) } }
        }
    }

    /// A chart view showing this element's chart (for HTML).
    public func makeChartView() -> OCKCartesianChartView {
        let view = OCKCartesianChartView(type: plotType)
        view.headerView.titleLabel.text = title
        view.headerView.detailLabel.text = detail
        view.graphView.dataSeries = dataSeries
        view.graphView.horizontalAxisMarkers = horizontalAxisMarkers
        view.graphView.yMinimum = yMinimum.map { CGFloat($0) }
        view.graphView.yMaximum = yMaximum.map { CGFloat($0) }
        view.graphView.axisValueFormatter = axisValueFormatter
        return view
    }
}
