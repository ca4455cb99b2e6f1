import Foundation

/// The geometry of a cartesian chart in its SVG coordinate space (y grows downwards),
/// computed in Swift so it can be tested: plot area, y range and ticks, x labels, bar
/// rectangles and point positions.
public struct OCKChartLayout: Equatable, Sendable {
    /// A rectangle.
    public struct Rect: Equatable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public var maxX: Double { x + width }
        public var maxY: Double { y + height }
    }

    /// A horizontal grid line and its label.
    public struct Tick: Equatable, Sendable {
        /// The value at the line.
        public var value: Double
        /// The y coordinate of the line.
        public var y: Double
        /// The label.
        public var label: String
    }

    /// A label under the x axis.
    public struct AxisLabel: Equatable, Sendable {
        /// The text.
        public var text: String
        /// The x coordinate of its center.
        public var x: Double
    }

    /// One bar.
    public struct Bar: Equatable, Sendable {
        /// Index of the series.
        public var series: Int
        /// Index of the point in its series.
        public var index: Int
        /// The value.
        public var value: Double
        /// The rectangle (height 0 for a value on the baseline).
        public var rect: Rect
    }

    /// The band of one series' own target range.
    public struct SeriesBand: Equatable, Sendable {
        /// The series' index.
        public var series: Int
        /// The rectangle between its range's bounds.
        public var rect: Rect
    }

    /// Where a value lies against the chart's target band.
    public enum RangePosition: String, Equatable, Sendable {
        case below, within, above
    }

    /// One plotted point (line and scatter charts).
    public struct Point: Equatable, Sendable {
        /// Index of the series.
        public var series: Int
        /// Index of the point in its series.
        public var index: Int
        /// The value.
        public var value: Double
        /// The position.
        public var x: Double, y: Double
        /// The point's x in data units (a day's index on a chart of days).
        public var dataX: Double = 0
        /// Where the value lies against the target band (`.within` without a band).
        public var rangePosition: RangePosition = .within
    }

    /// The size of chart text in SVG units: at the narrowest plot a phone gives (see
    /// ``minimumRenderedWidth``) it is still at least 11 CSS pixels.
    public static let textSize: Double = 14
    /// The narrowest width a chart is drawn at on a phone (360 CSS pixels wide or more).
    public static let minimumRenderedWidth: Double = 300
    /// The height of one row of bar value labels.
    static let labelRowHeight: Double = 16

    /// The size of the SVG coordinate space (its `viewBox`).
    public var width: Double, height: Double
    /// The area inside the axes.
    public var plotRect: Rect
    /// The lowest value shown (at the bottom of the plot).
    public var yMinimum: Double
    /// The highest value shown (at the top of the plot).
    public var yMaximum: Double
    /// Grid lines with their labels, bottom to top.
    public var yTicks: [Tick]
    /// Labels under the x axis.
    public var xLabels: [AxisLabel]
    /// The y coordinate bars grow from (the value 0, kept inside the plot).
    public var baselineY: Double
    /// Bars (bar charts).
    public var bars: [Bar]
    /// Points (line and scatter charts).
    public var points: [Point]
    /// Whether there is no finite value to show.
    public var isEmpty: Bool
    /// The target band: the rectangle between the target range's bounds (nil without one).
    public var band: Rect? = nil
    /// The bands of series that have a target range of their own, with the series' index.
    public var seriesBands: [SeriesBand] = []
    /// Rows of value labels above the bars, one per series (bar charts with labels).
    public var valueLabelRows: [Double] = []

    /// Lines of a line chart: runs of consecutive finite points of each series. A run ends at
    /// a skipped (non-finite) point and, on a chart of whole x steps (days), where an x is
    /// missing: no line is drawn across a day without data.
    public var lineSegments: [(series: Int, points: [Point])] {
        var result: [(Int, [Point])] = []
        for series in Set(points.map(\.series)).sorted() {
            var run: [Point] = []
            var previous: Point?
            for point in points where point.series == series {
                if let previous, !run.isEmpty, point.index != previous.index + 1 || Self.skipsStep(from: previous.dataX, to: point.dataX) {
                    result.append((series, run))
                    run = []
                }
                run.append(point)
                previous = point
            }
            if !run.isEmpty { result.append((series, run)) }
        }
        return result
    }

    /// Whether two whole-numbered x values leave out a whole step between them.
    static func skipsStep(from a: Double, to b: Double) -> Bool {
        a.rounded() == a && b.rounded() == b && (b - a).magnitude > 1
    }

    public static func == (lhs: OCKChartLayout, rhs: OCKChartLayout) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.plotRect == rhs.plotRect
            && lhs.yMinimum == rhs.yMinimum && lhs.yMaximum == rhs.yMaximum && lhs.yTicks == rhs.yTicks
            && lhs.xLabels == rhs.xLabels && lhs.baselineY == rhs.baselineY && lhs.bars == rhs.bars
            && lhs.points == rhs.points && lhs.isEmpty == rhs.isEmpty && lhs.band == rhs.band
            && lhs.valueLabelRows == rhs.valueLabelRows && lhs.seriesBands == rhs.seriesBands
    }
}

extension OCKChartLayout {
    /// Lays out a chart.
    ///
    /// - Parameters:
    ///   - plotType: Bars, lines or scatter.
    ///   - dataSeries: The series; non-finite values are skipped.
    ///   - horizontalAxisMarkers: Labels for x = 0, 1, 2, ….
    ///   - yMinimum, yMaximum, xMinimum, xMaximum: Fixed bounds; `nil` derives them from the data.
    ///   - width, height: The size of the coordinate space.
    ///   - formatter: Formats tick labels.
    ///   - targetRange: The target range, drawn as a band; the y range always shows it.
    ///   - valueLabelRows: Rows of value labels to make room for above the plot (bars).
    public static func make(
        plotType: OCKCartesianGraphView.PlotType,
        dataSeries: [OCKDataSeries],
        horizontalAxisMarkers: [String] = [],
        yMinimum: Double? = nil, yMaximum: Double? = nil,
        xMinimum: Double? = nil, xMaximum: Double? = nil,
        width: Double = 360, height: Double = 200,
        formatter: (Double) -> String = OCKNumberFormat.compact,
        targetRange: ClosedRange<Double>? = nil,
        valueLabelRows: Int = 0
    ) -> OCKChartLayout {
        let targetRange = targetRange.flatMap { $0.lowerBound.isFinite && $0.upperBound.isFinite ? $0 : nil }
        let finite: [(series: Int, index: Int, x: Double, y: Double)] = dataSeries.enumerated().flatMap { s, series in
            series.dataPoints.enumerated().compactMap { i, point in
                let x = Double(point.x), y = Double(point.y)
                return x.isFinite && y.isFinite ? (s, i, x, y) : nil
            }
        }
        let isEmpty = finite.isEmpty

        // Y range.
        let fixedLow = yMinimum.flatMap { $0.isFinite ? $0 : nil }
        let fixedHigh = yMaximum.flatMap { $0.isFinite ? $0 : nil }
        // Each series is judged by its own range, else the chart's; the y range shows them all.
        let seriesRanges = dataSeries.map { series in (series.targetRange ?? targetRange).flatMap { $0.lowerBound.isFinite && $0.upperBound.isFinite ? $0 : nil } }
        let bandValues = ([targetRange] + seriesRanges).compactMap { $0 }.flatMap { [$0.lowerBound, $0.upperBound] }
        var low = fixedLow ?? (finite.map(\.y) + bandValues).min() ?? 0
        var high = fixedHigh ?? (finite.map(\.y) + bandValues).max() ?? 1
        if plotType == .bar {
            if fixedLow == nil { low = min(low, 0) }
            if fixedHigh == nil { high = max(high, 0) }
        }
        if low > high { swap(&low, &high) }
        if low == high {
            let pad = low == 0 ? 1 : low.magnitude * 0.1
            switch (fixedLow != nil, fixedHigh != nil) {
            case (true, false): high = low + pad
            case (false, true): low = high - pad
            case (true, true): high = low + pad
            case (false, false):
                if plotType == .bar { high = low + pad } else { low -= pad; high += pad }
            }
        }
        let scale = Self.niceScale(low: low, high: high, keepLow: fixedLow != nil, keepHigh: fixedHigh != nil)
        low = scale.low
        high = scale.high

        // Plot area: room for the widest tick label on the left and x labels below.
        let tickValues = scale.ticks
        let tickLabels = tickValues.map(formatter)
        let charWidth = textSize * 0.58
        let labelWidth = Double(tickLabels.map(\.count).max() ?? 1) * charWidth
        let hasXLabels = !horizontalAxisMarkers.isEmpty
        let rows = max(0, valueLabelRows)
        let top = 10 + Double(rows) * labelRowHeight
        let plot = Rect(
            x: (labelWidth + 10).rounded(), y: top,
            width: width - (labelWidth + 10).rounded() - 8,
            height: height - 10 - (hasXLabels ? 26 : 10))
        let labelRowsY = (0..<rows).map { 10 + Double($0) * labelRowHeight + labelRowHeight / 2 }

        func fraction(_ value: Double) -> Double {
            let span = high - low
            let f = span.isFinite ? (value - low) / span : (value / 2 - low / 2) / (high / 2 - low / 2)
            return f.isFinite ? min(1, max(0, f)) : 0
        }
        func yPosition(_ value: Double) -> Double { plot.maxY - fraction(value) * plot.height }

        let ticks = zip(tickValues, tickLabels).map { Tick(value: $0, y: yPosition($0), label: $1) }
        let baseline = yPosition(min(max(0, low), high))

        // X positions: slot centers across the plot.
        let xs = finite.map(\.x)
        var xLow = xMinimum.flatMap { $0.isFinite ? $0 : nil } ?? min(xs.min() ?? 0, hasXLabels ? 0 : .infinity)
        var xHigh =
            xMaximum.flatMap { $0.isFinite ? $0 : nil }
            ?? max(xs.max() ?? 0, hasXLabels ? Double(horizontalAxisMarkers.count - 1) : -.infinity)
        if !xLow.isFinite { xLow = 0 }
        if !xHigh.isFinite { xHigh = xLow }
        if xLow > xHigh { swap(&xLow, &xHigh) }
        let xSpan = xHigh - xLow
        let integral = xs.allSatisfy { $0.rounded() == $0 } && xLow.rounded() == xLow && xHigh.rounded() == xHigh
        let maxCount = max(dataSeries.map(\.dataPoints.count).max() ?? 0, horizontalAxisMarkers.count, 1)
        let slots = integral && xSpan.isFinite && xSpan < 1000 ? Int(xSpan) + 1 : maxCount
        let slotWidth = plot.width / Double(max(slots, 1))
        func xPosition(_ x: Double) -> Double {
            guard xSpan > 0, xSpan.isFinite, slots > 1 else { return plot.x + plot.width / 2 }
            let f = min(1, max(0, (x - xLow) / xSpan))
            return plot.x + slotWidth / 2 + f * (plot.width - slotWidth)
        }

        // Labels that would overlap are thinned to every n-th one (the data table keeps all).
        let labelSpace = Double(horizontalAxisMarkers.map(\.count).max() ?? 1) * charWidth + 6
        let labelStep = max(1, Int((labelSpace / max(slotWidth, 1)).rounded(.up)))
        var shown = Array(stride(from: 0, to: horizontalAxisMarkers.count, by: labelStep))
        if let lastShown = shown.last, lastShown != horizontalAxisMarkers.count - 1 {
            // Keep the last label (the range's end); drop its neighbour if they would collide.
            if horizontalAxisMarkers.count - 1 - lastShown < labelStep, shown.count > 1 { shown.removeLast() }
            shown.append(horizontalAxisMarkers.count - 1)
        }
        let xLabels = shown.map { AxisLabel(text: horizontalAxisMarkers[$0], x: xPosition(Double($0))) }

        var bars: [Bar] = []
        var points: [Point] = []
        switch plotType {
        case .bar:
            let seriesCount = max(dataSeries.count, 1)
            let groupWidth = min(slotWidth * 0.72, 30 * Double(seriesCount))
            let gap = seriesCount > 1 ? min(2, groupWidth / Double(seriesCount) / 4) : 0
            let barWidth = groupWidth / Double(seriesCount) - gap
            for point in finite {
                let left = xPosition(point.x) - groupWidth / 2 + Double(point.series) * (barWidth + gap) + gap / 2
                let top = min(yPosition(point.y), baseline)
                let bottom = max(yPosition(point.y), baseline)
                bars.append(
                    Bar(
                        series: point.series, index: point.index, value: point.y,
                        rect: Rect(x: left, y: top, width: max(barWidth, 0), height: bottom - top)))
            }
        case .line, .scatter:
            points = finite.map { point in
                var position = RangePosition.within
                if let targetRange = seriesRanges.indices.contains(point.series) ? seriesRanges[point.series] : targetRange {
                    position = point.y < targetRange.lowerBound ? .below : point.y > targetRange.upperBound ? .above : .within
                }
                return Point(
                    series: point.series, index: point.index, value: point.y, x: xPosition(point.x), y: yPosition(point.y),
                    dataX: point.x, rangePosition: position)
            }
        }
        let band = targetRange.map { range in
            Rect(x: plot.x, y: yPosition(range.upperBound), width: plot.width, height: yPosition(range.lowerBound) - yPosition(range.upperBound))
        }

        let seriesBands = dataSeries.enumerated().compactMap { index, series -> SeriesBand? in
            guard let range = series.targetRange, range.lowerBound.isFinite, range.upperBound.isFinite else { return nil }
            return SeriesBand(
                series: index, rect: Rect(x: plot.x, y: yPosition(range.upperBound), width: plot.width, height: yPosition(range.lowerBound) - yPosition(range.upperBound)))
        }
        return OCKChartLayout(
            width: width, height: height + Double(rows) * labelRowHeight, plotRect: plot, yMinimum: low, yMaximum: high, yTicks: ticks,
            xLabels: xLabels, baselineY: baseline, bars: bars, points: points, isEmpty: isEmpty, band: band,
            seriesBands: seriesBands, valueLabelRows: labelRowsY)
    }

    /// Round bounds and ticks (steps of 1, 2 or 5 × 10ⁿ) covering `low...high`. Bounds the
    /// caller fixed are kept exactly. Huge spans that overflow fall back to the two bounds.
    static func niceScale(low: Double, high: Double, keepLow: Bool, keepHigh: Bool) -> (low: Double, high: Double, ticks: [Double]) {
        let span = high - low
        guard span.isFinite, span > 0 else { return (low, high, [low, high]) }
        let rough = span / 4
        let magnitude = Foundation.pow(10, (Foundation.log10(rough)).rounded(.down))
        guard magnitude.isFinite, magnitude > 0 else { return (low, high, [low, high]) }
        let residual = rough / magnitude
        let step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude
        let niceLow = keepLow ? low : (low / step).rounded(.down) * step
        let niceHigh = keepHigh ? high : (high / step).rounded(.up) * step
        guard niceLow.isFinite, niceHigh.isFinite, niceHigh > niceLow else { return (low, high, [low, high]) }
        var ticks: [Double] = []
        var k = (niceLow / step).rounded(.up)
        var iterations = 0
        while ticks.count < 12, iterations < 64 {
            iterations += 1
            let value = k * step
            if value > niceHigh + step * 1e-9 { break }
            if value >= niceLow - step * 1e-9, ticks.last.map({ value > $0 }) ?? true {
                ticks.append(value == 0 ? 0 : value)  // no -0
            }
            k += 1
        }
        if ticks.count < 2 { ticks = [niceLow, niceHigh] }
        return (niceLow, niceHigh, ticks)
    }
}
