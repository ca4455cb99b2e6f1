import Foundation
import Testing

@testable import CareKitUI

/// Charts that show measurements as they are: a real value axis with units, the target range
/// as a band, gaps for missing days, flagged values, readable text.
@Suite("Honest charts")
struct HonestChartTests {
    /// A week of pulse readings with day 3 missing and a dangerous 35 bpm on day 5.
    static func pulse() -> OCKCartesianGraphView {
        let graph = OCKCartesianGraphView(type: .line)
        graph.horizontalAxisMarkers = ["1", "2", "3", "4", "5", "6", "7"]
        graph.valueUnit = "bpm"
        graph.targetRange = 40...100
        let values: [(Int, CGFloat)] = [(0, 64), (1, 60), (3, 72), (4, 35), (5, 66), (6, 104)]
        var series = OCKDataSeries(dataPoints: values.map { CGPoint(x: CGFloat($0.0), y: $0.1) }, title: "Pulse")
        series.valueLabels = values.map { OCKNumberFormat.decimal(Double($0.1), maximumFractionDigits: 1) }
        graph.dataSeries = [series]
        return graph
    }

    @Test("A 35 bpm point is drawn below a 60 bpm point on the same axis, not as a normalised value")
    func lowValuesLookLow() throws {
        let layout = Self.pulse().layout()
        let low = try #require(layout.points.first { $0.value == 35 })
        let normal = try #require(layout.points.first { $0.value == 60 })
        #expect(low.y > normal.y)  // SVG y grows downwards
        #expect(layout.yMinimum <= 35 && layout.yMaximum >= 104)
        // On a real axis: the distance between the points is proportional to 60 − 35.
        let perUnit = layout.plotRect.height / (layout.yMaximum - layout.yMinimum)
        #expect(abs((low.y - normal.y) - 25 * perUnit) < 1e-9)
    }

    @Test("Value-axis ticks carry numbers and the unit")
    func unitsOnTicks() {
        let layout = Self.pulse().layout()
        #expect(layout.yTicks.count >= 2)
        #expect(layout.yTicks.allSatisfy { $0.label.hasSuffix("\u{00A0}bpm") && $0.label.first?.isNumber == true })
    }

    @Test("A missing day leaves a gap: no line joins the days on either side")
    func missingDayIsAGap() {
        let layout = Self.pulse().layout()
        let runs = layout.lineSegments.map { $0.points.map(\.dataX) }
        #expect(runs == [[0, 1], [3, 4, 5, 6]])
        let svg = Self.pulse().render().render(.compact)
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
    }

    @Test("A NaN value also breaks the line")
    func nanBreaksTheLine() {
        let graph = OCKCartesianGraphView(type: .line)
        graph.dataSeries = [OCKDataSeries(values: [1, 2, .nan, 4, 5], title: "x")]
        #expect(graph.layout().lineSegments.map { $0.points.map(\.index) } == [[0, 1], [3, 4]])
    }

    @Test("The band spans exactly the target range, and the axis always shows it")
    func bandSpansTheRange() throws {
        let graph = Self.pulse()
        let layout = graph.layout()
        let band = try #require(layout.band)
        let perUnit = layout.plotRect.height / (layout.yMaximum - layout.yMinimum)
        #expect(abs(band.y - (layout.plotRect.maxY - (100 - layout.yMinimum) * perUnit)) < 1e-9)
        #expect(abs(band.height - 60 * perUnit) < 1e-9)
        #expect(band.x == layout.plotRect.x && band.width == layout.plotRect.width)
        // Values all inside a wide range: the y axis still reaches the range's bounds.
        graph.dataSeries = [OCKDataSeries(values: [70, 72], title: "Pulse")]
        let narrow = graph.layout()
        #expect(narrow.yMinimum <= 40 && narrow.yMaximum >= 100)
        #expect(graph.render().render(.compact).contains("ock-chart-target-band"))
    }

    @Test("Points outside the range are flagged by shape and text, not colour alone")
    func outOfRangeFlags() {
        let graph = Self.pulse()
        let layout = graph.layout()
        #expect(layout.points.filter { $0.rangePosition == .below }.map(\.value) == [35])
        #expect(layout.points.filter { $0.rangePosition == .above }.map(\.value) == [104])
        let html = graph.render().render(.compact)
        #expect(html.components(separatedBy: "<polygon").count - 1 == 2)
        #expect(html.contains(">35\u{00A0}low</text>"))
        #expect(html.contains(">104\u{00A0}high</text>"))
        #expect(html.contains("<td>35 (low)</td>"))
        #expect(graph.generatedDescription.contains("Target 40–100\u{00A0}bpm, 2 values outside it."))
    }

    @Test("Every point is labelled with its value")
    func pointLabels() {
        let html = Self.pulse().render().render(.compact)
        for value in ["64", "60", "72", "66"] { #expect(html.contains(">" + value + "</text>")) }
    }

    @Test("The data table lists days with values only, no rows of \"No value\"")
    func tableWithoutNoise() {
        let html = Self.pulse().render().render(.compact)
        #expect(!html.contains("No value"))
        #expect(html.components(separatedBy: "<tr>").count - 1 == 7)  // header + 6 days
    }

    @Test("Chart text is at least 11 CSS px at the narrowest phone width, and never rotated")
    func readableText() throws {
        // SVG text is sized in the chart's own units (the svg's font-size) and scales with the
        // drawing; the stylesheet gives chart text no size of its own.
        let css = OCKStyleSheet.css
        #expect(!css.split(separator: "\n").contains { $0.contains(".ock-chart") && $0.contains("font-size") && !$0.contains("legend") })
        let svg = Self.pulse().render().render(.compact)
        #expect(svg.contains("font-size=\"" + OCKNumberFormat.decimal(OCKChartLayout.textSize, maximumFractionDigits: 3) + "\""))
        let scale = OCKChartLayout.minimumRenderedWidth / Self.pulse().layout().width
        #expect(OCKChartLayout.textSize * scale >= 11)

        let bars = OCKCartesianGraphView(type: .bar)
        bars.horizontalAxisMarkers = ["1", "2", "3", "4", "5", "6", "7"]
        var done = OCKDataSeries(values: [1, 0.5, 0.2, 1, 1, 0.7, 0.1], title: "Done")
        done.valueLabels = ["100%", "50%", "20%", "100%", "100%", "70%", "10%"]
        var pulse = OCKDataSeries(values: [1, 0.8, 0.1, 0.9, 1, 0.5, 0.6], title: "Pulse")
        pulse.valueLabels = ["104", "98", "35", "100", "104", "80", "88"]
        bars.dataSeries = [done, pulse]
        let html = bars.render().render(.compact)
        #expect(!html.contains("rotate("))
        #expect(html.contains(">35</text>") && html.contains(">100%</text>"))
        #expect(bars.layout().valueLabelRows.count == 2)
        #expect(!Self.pulse().render().render(.compact).contains("rotate("))
    }
}
