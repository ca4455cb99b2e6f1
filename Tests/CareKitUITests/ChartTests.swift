import Foundation
import Testing

@testable import CareKitUI

@Suite("Chart geometry")
struct ChartTests {
    @Test("The README bar chart: bars proportional to values, y axis 0…3")
    func readmeBars() {
        let chartView = OCKCartesianChartView(type: .bar)
        chartView.graphView.dataSeries = [OCKDataSeries(values: [0, 1, 1, 2, 3, 3, 2], title: "Doxylamine")]
        let layout = chartView.graphView.layout()
        #expect(layout.yMinimum == 0)
        #expect(layout.yMaximum == 3)
        #expect(layout.yTicks.map(\.label) == ["0", "1", "2", "3"])
        #expect(layout.bars.count == 7)
        let plot = layout.plotRect
        for bar in layout.bars {
            #expect(abs(bar.rect.height - bar.value / 3 * plot.height) < 1e-9)
            #expect(abs(bar.rect.maxY - plot.maxY) < 1e-9)  // every bar stands on the baseline
        }
        // Left to right, equally spaced, inside the plot.
        let centers = layout.bars.map { $0.rect.x + $0.rect.width / 2 }
        #expect(centers == centers.sorted())
        let gaps = zip(centers.dropFirst(), centers).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 1e-9 })
        #expect(layout.bars.allSatisfy { $0.rect.x >= plot.x && $0.rect.maxX <= plot.maxX })
    }

    @Test("Axis labels sit under the bars they name")
    func axisLabels() {
        let graph = Fixtures.barChart().graphView
        let layout = graph.layout()
        #expect(layout.xLabels.map(\.text) == ["S", "M", "T", "W", "T", "F", "S"])
        for (label, bar) in zip(layout.xLabels, layout.bars) {
            #expect(abs(label.x - (bar.rect.x + bar.rect.width / 2)) < 1e-9)
        }
        let svg = graph.render().render()
        #expect(svg.contains(">W</text>"))
        #expect(svg.occurrences(of: "class=\"ock-chart-x-label\"") == 7)
        #expect(svg.occurrences(of: "class=\"ock-chart-y-label\"") == 4)
    }

    @Test("Several series stand side by side in each slot")
    func grouped() {
        let graph = OCKCartesianGraphView(type: .bar)
        graph.dataSeries = [
            OCKDataSeries(values: [1, 2], title: "A"),
            OCKDataSeries(values: [2, 1], title: "B"),
            OCKDataSeries(values: [3, 3], title: "C")
        ]
        let layout = graph.layout()
        #expect(layout.bars.count == 6)
        for index in 0..<2 {
            let slot = layout.bars.filter { $0.index == index }.sorted { $0.series < $1.series }
            #expect(slot.count == 3)
            for (left, right) in zip(slot, slot.dropFirst()) {
                #expect(left.rect.maxX <= right.rect.x)  // no overlap, in series order
            }
        }
        #expect(graph.render().render().contains("class=\"ock-series ock-series-2\""))
    }

    @Test("Negative values hang below a zero baseline")
    func negatives() {
        let graph = OCKCartesianGraphView(type: .bar)
        graph.dataSeries = [OCKDataSeries(values: [2, -1], title: "Net")]
        let layout = graph.layout()
        #expect(layout.yMinimum < 0 && layout.yMaximum > 0)
        let zero = layout.yTicks.first { $0.value == 0 }
        #expect(zero?.y == layout.baselineY)
        let up = layout.bars[0], down = layout.bars[1]
        #expect(abs(up.rect.maxY - layout.baselineY) < 1e-9)
        #expect(abs(down.rect.y - layout.baselineY) < 1e-9)
        #expect(abs(up.rect.height / down.rect.height - 2) < 1e-9)
    }

    @Test("NaN and infinite values are skipped, not drawn, and reported in the table")
    func nonFinite() {
        let graph = OCKCartesianGraphView(type: .line)
        graph.dataSeries = [OCKDataSeries(values: [1, .nan, 3, .infinity, 2], title: "T")]
        let layout = graph.layout()
        #expect(layout.points.map(\.index) == [0, 2, 4])
        #expect(layout.lineSegments.map { $0.points.map(\.index) } == [[0], [2], [4]])
        #expect(layout.yMaximum >= 3)
        let html = graph.render().render()
        #expect(html.occurrences(of: "<td>No value</td>") == 2)
        #expect(!html.contains("NaN"))
        #expect(!html.contains("inf"))
    }

    @Test(
        "Huge and extreme values keep every coordinate finite",
        arguments: [[1e300, -1e300], [.greatestFiniteMagnitude, -.greatestFiniteMagnitude], [1e16, 1e16 + 2], [.leastNonzeroMagnitude, 0]])
    func extremes(_ values: [Double]) {
        for type in [OCKCartesianGraphView.PlotType.bar, .line, .scatter] {
            let graph = OCKCartesianGraphView(type: type)
            graph.dataSeries = [OCKDataSeries(values: values.map { CGFloat($0) }, title: "X")]
            let layout = graph.layout()
            #expect(layout.yMinimum.isFinite && layout.yMaximum.isFinite && layout.yMinimum < layout.yMaximum)
            let numbers =
                layout.bars.flatMap { [$0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height] }
                + layout.points.flatMap { [$0.x, $0.y] } + layout.yTicks.map(\.y)
            let outside = numbers.filter { !($0.isFinite && $0 >= 0 && $0 <= max(layout.width, layout.height)) }
            #expect(outside.isEmpty, Comment(rawValue: "\(type): \(outside)"))
            #expect(!layout.yTicks.isEmpty && layout.yTicks.count <= 12)
            let html = graph.render().render()
            #expect(!html.contains("NaN") && !html.contains("∞"))
        }
    }

    @Test("An empty chart still renders its frame and says there is no data")
    func empty() {
        for series in [[], [OCKDataSeries(values: [], title: "Nothing")], [OCKDataSeries(values: [.nan], title: "NaN")]] {
            let graph = OCKCartesianGraphView(type: .bar)
            graph.dataSeries = series
            let layout = graph.layout()
            #expect(layout.isEmpty)
            #expect(layout.bars.isEmpty)
            let html = graph.render().render()
            #expect(html.contains(">No data</text>"))
            #expect(html.contains("<table"))
        }
    }

    @Test("A fixed y range is kept exactly and values outside it are clamped to the plot")
    func fixedRange() {
        let graph = OCKCartesianGraphView(type: .bar)
        graph.dataSeries = [OCKDataSeries(values: [5, 15], title: "T")]
        graph.yMinimum = 0
        graph.yMaximum = 10
        let layout = graph.layout()
        #expect(layout.yMinimum == 0 && layout.yMaximum == 10)
        #expect(abs(layout.bars[1].rect.y - layout.plotRect.y) < 1e-9)
        #expect(abs(layout.bars[0].rect.height - layout.plotRect.height / 2) < 1e-9)
    }

    @Test("Line and scatter charts derive the y range from the data, not from zero")
    func derivedRange() {
        let graph = OCKCartesianGraphView(type: .line)
        graph.dataSeries = [OCKDataSeries(values: [72.4, 70.9], title: "Weight")]
        let layout = graph.layout()
        #expect(layout.yMinimum > 60 && layout.yMinimum <= 70.9)
        #expect(layout.yMaximum >= 72.4 && layout.yMaximum < 80)
        let flat = OCKCartesianGraphView(type: .scatter)
        flat.dataSeries = [OCKDataSeries(values: [72, 72], title: "Flat")]
        let flatLayout = flat.layout()
        #expect(flatLayout.yMinimum < 72 && flatLayout.yMaximum > 72)
    }

    @Test("Data points with arbitrary x are placed proportionally")
    func dataPoints() {
        let graph = OCKCartesianGraphView(type: .scatter)
        graph.dataSeries = [OCKDataSeries(dataPoints: [CGPoint(x: 0, y: 1), CGPoint(x: 10, y: 2), CGPoint(x: 2.5, y: 3)], title: "P")]
        let points = graph.layout().points
        let span = points[1].x - points[0].x
        #expect(abs((points[2].x - points[0].x) / span - 0.25) < 1e-9)
    }

    @Test("Charts have a title, a description and a data table for screen readers")
    func accessibility() {
        let chart = Fixtures.barChart()
        let node = chart.render(standalone: true)
        let svg = node.elements { $0.tag == "svg" && $0.classes.contains("ock-chart-svg") }.first
        #expect(svg?[attribute: "role"] == "img")
        #expect(node.elements { $0.tag == "title" }.first?.children.first?.textContent == "Doxylamine")
        #expect(node.elements { $0.tag == "desc" }.first.map { HTMLNode.element($0).textContent } == "Bar chart with 1 series. Doxylamine: 7 values, from 0 to 3.")
        #expect(node.elements { $0.classes.contains("ock-visually-hidden") }.first?.children.first?.element?.tag == "table")
        #expect(node.elements { $0.tag == "td" }.count == 7)
        #expect(node.elements { $0.tag == "th" && $0[attribute: "scope"] == "row" }.count == 7)
    }

    @Test("Gradients get deterministic ids from the chart identifier or the content")
    func gradientIDs() {
        func chart(_ values: [CGFloat]) -> OCKCartesianGraphView {
            let graph = OCKCartesianGraphView(type: .bar)
            graph.dataSeries = [OCKDataSeries(values: values, title: "G", gradientStartColor: .systemBlue, gradientEndColor: .systemTeal)]
            return graph
        }
        let a = chart([1, 2]).render().render()
        #expect(a == chart([1, 2]).render().render())
        #expect(a != chart([1, 3]).render().render())
        #expect(a.contains("<linearGradient id=\"ock-chart-"))
        let named = chart([1, 2])
        named.chartIdentifier = "weekly <bars>"
        let html = named.render().render()
        #expect(html.contains("id=\"ock-chart-weeklybars-gradient-0\""))
        #expect(html.contains("fill=\"url(#ock-chart-weeklybars-gradient-0)\""))
        #expect(html.contains("stop-color:light-dark(#0066cc, #409cff)"))
    }

    @Test("Marker size sets scatter radius and line width")
    func markerSize() {
        let scatter = OCKCartesianGraphView(type: .scatter)
        scatter.dataSeries = [OCKDataSeries(values: [1], title: "S", size: 12)]
        #expect(scatter.render().render().contains("r=\"6\""))
        let line = OCKCartesianGraphView(type: .line)
        line.dataSeries = [OCKDataSeries(values: [1, 2], title: "L", size: 9)]
        #expect(line.render().render().contains("stroke-width=\"3\""))
    }

    @Test("Legend can be hidden; the table stays")
    func legend() {
        let graph = Fixtures.barChart().graphView
        #expect(graph.render().render().contains("ock-chart-legend"))
        graph.showsLegend = false
        let html = graph.render().render()
        #expect(!html.contains("ock-chart-legend"))
        #expect(html.contains("<table"))
    }
}
