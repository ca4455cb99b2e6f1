import CareKitStore
import CareKitUI
import Foundation

/// Puts chart data on a cartesian chart: one series per configuration, one point per day
/// (days without data are left out of a series), the days as axis labels.
open class OCKCartesianChartViewSynchronizer: ViewSynchronizing {
    public let plotType: OCKCartesianGraphView.PlotType
    public let configurations: [OCKDataSeriesConfiguration]
    /// The chart's title.
    open var title: String?
    /// The unit written on the value axis.
    open var valueUnit: String?
    /// The target range, drawn as a band (points outside it are flagged).
    open var targetRange: ClosedRange<Double>?
    /// Points are labelled with their values when the chart has at most this many days.
    open var maximumLabelledDays = 14

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
        view.graphView.valueUnit = valueUnit
        view.graphView.targetRange = targetRange
        view.graphView.dataSeries = zip(configurations, data.values).map { configuration, values in
            let points = values.enumerated().compactMap { index, value in value.map { CGPoint(x: CGFloat(index), y: CGFloat($0)) } }
            var series = OCKDataSeries(
                dataPoints: points, title: configuration.legendTitle,
                gradientStartColor: configuration.gradientStartColor, gradientEndColor: configuration.gradientEndColor,
                size: configuration.markerSize)
            series.accessibilityLabels = values.enumerated().compactMap { index, value in
                value.map { loc("{day}: {value}", ["day": context.formatter.shortDay(data.days[index]), "value": OCKLocalization.number($0, maximumFractionDigits: 2)]) }
            }
            if data.days.count <= maximumLabelledDays {
                series.valueLabels = values.compactMap { $0.map { OCKLocalization.number($0, maximumFractionDigits: 2) } }
            }
            return series
        }
        if let first = data.days.first, let last = data.days.last {
            view.headerView.detailLabel.text = loc("{first} – {last}", ["first": context.formatter.shortDay(first), "last": context.formatter.shortDay(last)])
        }
    }
}
