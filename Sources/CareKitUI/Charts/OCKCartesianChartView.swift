/// A chart card: a header over a bar, line or scatter graph.
///
/// ```swift
/// let chartView = OCKCartesianChartView(type: .bar)
/// chartView.headerView.titleLabel.text = "Doxylamine"
/// chartView.graphView.dataSeries = [OCKDataSeries(values: [0, 1, 1, 2, 3, 3, 2], title: "Doxylamine")]
/// ```
open class OCKCartesianChartView: OCKCardView {
    /// The graph.
    public let graphView: OCKCartesianGraphView
    /// The separator under the header.
    public let separatorView = OCKSeparatorView()

    override open var cardClassName: String { "ock-cartesian-chart-view" }

    /// Creates a chart card of the given type.
    public init(type: OCKCartesianGraphView.PlotType) {
        graphView = OCKCartesianGraphView(type: type)
        super.init()
        contentStackView.addArrangedSubview(separatorView)
        contentStackView.addArrangedSubview(graphView)
    }
}
