import Foundation

/// A bar, line or scatter chart drawn as inline SVG, with a legend and a data table for
/// screen readers.
///
/// ```swift
/// graphView.dataSeries = [OCKDataSeries(values: [0, 1, 1, 2, 3, 3, 2], title: "Doxylamine")]
/// graphView.horizontalAxisMarkers = ["S", "M", "T", "W", "T", "F", "S"]
/// ```
open class OCKCartesianGraphView: OCKView {
    /// How the series are drawn.
    public enum PlotType: String, Hashable, Sendable {
        /// Lines through the points.
        case line
        /// Dots at the points.
        case scatter
        /// Bars from zero; several series stand side by side.
        case bar
    }

    /// How the series are drawn.
    open var plotType: PlotType
    /// The series.
    open var dataSeries: [OCKDataSeries] = []
    /// Labels for x = 0, 1, 2, … (usually days).
    open var horizontalAxisMarkers: [String] = []
    /// The lowest value on the y axis; `nil` derives it from the data (0 for bars).
    open var yMinimum: CGFloat?
    /// The highest value on the y axis; `nil` derives it from the data.
    open var yMaximum: CGFloat?
    /// The lowest x; `nil` derives it from the data.
    open var xMinimum: CGFloat?
    /// The highest x; `nil` derives it from the data.
    open var xMaximum: CGFloat?
    /// Whether the legend is shown (it always is to screen readers, through the table).
    open var showsLegend = true
    /// Whether horizontal grid lines are drawn.
    open var showsGrid = true
    /// Formats the y-axis labels. The default is compact (`1.5K`), in the current language's
    /// digits (English: locale-independent).
    open var axisValueFormatter: (Double) -> String = { OCKLocalization.compact($0) }
    /// Formats values in the data table. The default keeps two decimals.
    open var tableValueFormatter: (Double) -> String = { OCKLocalization.number($0, maximumFractionDigits: 2) }
    /// The name of the x column of the data table.
    open var tableLabelHeading = loc("Label")
    /// A prefix for the ids of the chart's SVG definitions (gradients). `nil` derives one from
    /// the chart's content. Set it when one page shows two identical charts.
    open var chartIdentifier: String?
    /// A description read by screen readers; `nil` generates one from the data.
    open var accessibilityDescription: String?
    /// The unit of the values ("bpm"), written after each number on the value axis.
    open var valueUnit: String?
    /// The range the values should stay within, drawn as a shaded band; points of line and
    /// scatter charts outside it are flagged by colour, shape (a triangle pointing the way out)
    /// and text ("low", "high").
    open var targetRange: ClosedRange<Double>?
    /// The band's entry in the legend; `nil` says "Target" with the bounds.
    open var targetRangeTitle: String?

    /// Creates a graph.
    public init(type: PlotType) {
        plotType = type
        super.init()
    }

    /// The geometry of the chart as it will be drawn.
    public func layout() -> OCKChartLayout {
        OCKChartLayout.make(
            plotType: plotType, dataSeries: dataSeries, horizontalAxisMarkers: horizontalAxisMarkers,
            yMinimum: yMinimum.map(Double.init), yMaximum: yMaximum.map(Double.init),
            xMinimum: xMinimum.map(Double.init), xMaximum: xMaximum.map(Double.init),
            formatter: axisLabel, targetRange: targetRange,
            valueLabelRows: plotType == .bar && dataSeries.contains { $0.valueLabels != nil } ? dataSeries.count : 0)
    }

    /// A value-axis label: the number, then the unit.
    func axisLabel(_ value: Double) -> String {
        let text = axisValueFormatter(value)
        guard let valueUnit, !valueUnit.isEmpty else { return text }
        return text + "\u{00A0}" + valueUnit
    }

    /// The band's legend text: ``targetRangeTitle`` or "Target 40–100 bpm".
    public var resolvedTargetRangeTitle: String? {
        guard let targetRange else { return nil }
        if let targetRangeTitle, !targetRangeTitle.isEmpty { return targetRangeTitle }
        let unit = valueUnit.map { "\u{00A0}" + $0 } ?? ""
        return loc("Target {low}–{high}", ["low": tableValueFormatter(targetRange.lowerBound), "high": tableValueFormatter(targetRange.upperBound)]) + unit
    }

    /// The text cue of a flagged point.
    static func flag(_ position: OCKChartLayout.RangePosition) -> String {
        switch position {
        case .below: loc("low")
        case .above: loc("high")
        case .within: ""
        }
    }

    /// The chart's accessible name: ``OCKView/accessibilityLabel``, else the title of the
    /// enclosing chart card, else "Chart".
    public var chartTitle: String {
        if let accessibilityLabel, !accessibilityLabel.isEmpty { return accessibilityLabel }
        var view = superview
        while let current = view {
            if let chart = current as? OCKCartesianChartView, let title = chart.headerView.titleLabel.text, !title.isEmpty {
                return title
            }
            view = current.superview
        }
        return loc("Chart")
    }

    /// The id prefix used for SVG definitions.
    public var resolvedChartIdentifier: String {
        if let chartIdentifier, !chartIdentifier.isEmpty {
            let cleaned = chartIdentifier.unicodeScalars.filter { s in
                ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "_"
            }
            return "ock-chart-" + String(String.UnicodeScalarView(cleaned))
        }
        var hasher = FNV1a()
        hasher.combine(plotType.rawValue)
        hasher.combine(chartTitle)
        for marker in horizontalAxisMarkers { hasher.combine(marker) }
        for series in dataSeries {
            hasher.combine(series.title)
            for point in series.dataPoints {
                hasher.combine(Double(point.x).bitPattern)
                hasher.combine(Double(point.y).bitPattern)
            }
            hasher.combine(series.gradientStartColor?.cssValue ?? "")
            hasher.combine(series.gradientEndColor?.cssValue ?? "")
        }
        return "ock-chart-" + hasher.hex
    }

    /// The generated description: chart type, then each series with its count and range.
    public var generatedDescription: String {
        guard !dataSeries.isEmpty else {
            switch plotType {
            case .bar: return loc("Bar chart with no data.")
            case .line: return loc("Line chart with no data.")
            case .scatter: return loc("Scatter chart with no data.")
            }
        }
        var parts: [String]
        switch plotType {
        case .bar: parts = [loc("Bar chart with {count} series.", count: dataSeries.count)]
        case .line: parts = [loc("Line chart with {count} series.", count: dataSeries.count)]
        case .scatter: parts = [loc("Scatter chart with {count} series.", count: dataSeries.count)]
        }
        for series in dataSeries {
            let values = series.values.filter(\.isFinite)
            let name = series.title.isEmpty ? loc("Untitled series") : series.title
            if let low = values.min(), let high = values.max() {
                if low == high {
                    parts.append(loc("{series}: {count} values, {value}.", count: values.count, ["series": name, "value": tableValueFormatter(low)]))
                } else {
                    parts.append(
                        loc(
                            "{series}: {count} values, from {low} to {high}.", count: values.count,
                            ["series": name, "low": tableValueFormatter(low), "high": tableValueFormatter(high)]))
                }
            } else {
                parts.append(loc("{series}: no data.", ["series": name]))
            }
        }
        if let band = resolvedTargetRangeTitle, let targetRange {
            let outside = dataSeries.filter { $0.targetRange == nil }.flatMap(\.values).filter { $0.isFinite && !targetRange.contains($0) }.count
            parts.append(
                outside == 0
                    ? loc("{band}, every value within it.", ["band": band]) : loc("{band}, {count} values outside it.", count: outside, ["band": band]))
        }
        for series in dataSeries {
            guard let band = seriesTargetTitle(series), let range = series.targetRange else { continue }
            let outside = series.values.filter { $0.isFinite && !range.contains($0) }.count
            parts.append(
                outside == 0
                    ? loc("{band}, every value within it.", ["band": band]) : loc("{band}, {count} values outside it.", count: outside, ["band": band]))
        }
        return parts.joined(separator: " ")
    }

    override open func makeNode() -> HTMLNode {
        let layout = layout()
        return .container(
            "div", [.class("ock-chart ock-chart-type-" + plotType.rawValue)],
            [
                .element("div", [.class("ock-chart-plot")], [makeSVG(layout)]),
                showsLegend ? makeLegend() : .empty,
                makeTable()
            ])
    }

    // MARK: SVG

    private func number(_ value: Double) -> String { OCKNumberFormat.decimal(value, maximumFractionDigits: 2) }

    func seriesPaint(_ index: Int) -> (className: String, gradientID: String?) {
        let series = dataSeries[index]
        let className = "ock-series ock-series-\(index % 6)"
        guard series.gradientStartColor != nil || series.gradientEndColor != nil else { return (className, nil) }
        return (className, resolvedChartIdentifier + "-gradient-\(index)")
    }

    func makeSVG(_ layout: OCKChartLayout) -> HTMLNode {
        let plot = layout.plotRect
        var children: [HTMLNode] = [
            .element("title", [], [.text(chartTitle)]),
            .element("desc", [], [.text(accessibilityDescription ?? generatedDescription)])
        ]

        // Gradients, one per series that has colours.
        var gradients: [HTMLNode] = []
        for (index, series) in dataSeries.enumerated() {
            guard let id = seriesPaint(index).gradientID else { continue }
            let start = series.gradientStartColor ?? series.gradientEndColor ?? .systemBlue
            let end = series.gradientEndColor ?? start
            gradients.append(
                .element(
                    "linearGradient",
                    [
                        .id(id), HTMLAttribute("gradientUnits", "userSpaceOnUse"),
                        HTMLAttribute("x1", "0"), HTMLAttribute("y1", number(plot.maxY)),
                        HTMLAttribute("x2", "0"), HTMLAttribute("y2", number(plot.y))
                    ],
                    [
                        .element("stop", [HTMLAttribute("offset", "0"), HTMLAttribute("style", "stop-color:" + start.cssValue)]),
                        .element("stop", [HTMLAttribute("offset", "1"), HTMLAttribute("style", "stop-color:" + end.cssValue)])
                    ]))
        }
        if !gradients.isEmpty { children.append(.element("defs", [], gradients)) }

        // Grid and y labels.
        var grid: [HTMLNode] = []
        var labels: [HTMLNode] = []
        for tick in layout.isEmpty ? [] : layout.yTicks {
            if showsGrid {
                grid.append(
                    .element(
                        "line",
                        [
                            .class(tick.value == 0 ? "ock-chart-gridline ock-chart-zero" : "ock-chart-gridline"),
                            HTMLAttribute("x1", number(plot.x)), HTMLAttribute("y1", number(tick.y)),
                            HTMLAttribute("x2", number(plot.maxX)), HTMLAttribute("y2", number(tick.y))
                        ]))
            }
            labels.append(
                .element(
                    "text",
                    [
                        .class("ock-chart-y-label"), HTMLAttribute("x", number(plot.x - 6)),
                        HTMLAttribute("y", number(tick.y)), HTMLAttribute("text-anchor", "end"),
                        HTMLAttribute("dominant-baseline", "middle")
                    ], [.text(tick.label)]))
        }
        for label in layout.xLabels {
            labels.append(
                .element(
                    "text",
                    [
                        .class("ock-chart-x-label"), HTMLAttribute("x", number(label.x)),
                        HTMLAttribute("y", number(plot.maxY + 18)), HTMLAttribute("text-anchor", "middle")
                    ], [.text(label.text)]))
        }
        if !grid.isEmpty { children.append(.element("g", [.class("ock-chart-grid")], grid)) }
        for band in layout.seriesBands where !layout.isEmpty {
            let rect = band.rect
            children.append(
                .element(
                    "rect",
                    [
                        .class("ock-chart-target-band ock-chart-series-band " + seriesPaint(band.series).className), HTMLAttribute("x", number(rect.x)),
                        HTMLAttribute("y", number(rect.y)), HTMLAttribute("width", number(rect.width)), HTMLAttribute("height", number(rect.height))
                    ]))
        }
        if let band = layout.band, !layout.isEmpty {
            children.append(
                .element(
                    "rect",
                    [
                        .class("ock-chart-target-band"), HTMLAttribute("x", number(band.x)), HTMLAttribute("y", number(band.y)),
                        HTMLAttribute("width", number(band.width)), HTMLAttribute("height", number(band.height))
                    ]))
        }
        children.append(
            .element(
                "line",
                [
                    .class("ock-chart-baseline"), HTMLAttribute("x1", number(plot.x)), HTMLAttribute("y1", number(layout.baselineY)),
                    HTMLAttribute("x2", number(plot.maxX)), HTMLAttribute("y2", number(layout.baselineY))
                ]))
        children.append(.element("g", [.class("ock-chart-labels")], labels))

        // Data.
        for index in dataSeries.indices {
            let paint = seriesPaint(index)
            let fill = paint.gradientID.map { "url(#" + $0 + ")" }
            var shapes: [HTMLNode] = []
            switch plotType {
            case .bar:
                for bar in layout.bars where bar.series == index {
                    var attributes: [HTMLAttribute] = [
                        .class("ock-chart-bar"),
                        HTMLAttribute("x", number(bar.rect.x)), HTMLAttribute("y", number(bar.rect.y)),
                        HTMLAttribute("width", number(bar.rect.width)), HTMLAttribute("height", number(bar.rect.height)),
                        HTMLAttribute("rx", number(min(4, bar.rect.width / 2)))
                    ]
                    if let fill { attributes.append(HTMLAttribute("fill", fill)) }
                    shapes.append(.element("rect", attributes))
                    // Each series' labels have a row of their own above the plot, so they stay upright.
                    if let text = valueLabel(series: index, index: bar.index), layout.valueLabelRows.indices.contains(index),
                        Double(text.count) * OCKChartLayout.textSize * 0.58 <= slotWidth(layout)
                    {
                        shapes.append(
                            .element(
                                "text",
                                [
                                    .class("ock-chart-value-label"), HTMLAttribute("x", number(bar.rect.x + bar.rect.width / 2)),
                                    HTMLAttribute("y", number(layout.valueLabelRows[index])), HTMLAttribute("text-anchor", "middle"),
                                    HTMLAttribute("dominant-baseline", "middle")
                                ], [.text(text)]))
                    }
                }
            case .line:
                let lineWidth = max(1, Double(dataSeries[index].size) / 3)
                for segment in layout.lineSegments where segment.series == index {
                    if segment.points.count > 1 {
                        var attributes: [HTMLAttribute] = [
                            .class("ock-chart-line"),
                            HTMLAttribute("points", segment.points.map { number($0.x) + "," + number($0.y) }.joined(separator: " ")),
                            HTMLAttribute("stroke-width", number(lineWidth))
                        ]
                        if let fill { attributes.append(HTMLAttribute("stroke", fill)) }
                        shapes.append(.element("polyline", attributes))
                    }
                }
                let radius = max(3, lineWidth * 1.25)
                for point in layout.points where point.series == index {
                    shapes.append(marker(point, radius: radius, fill: fill, className: "ock-chart-line-point"))
                    var text = valueLabel(series: index, index: point.index) ?? ""
                    if point.rangePosition != .within {
                        text += (text.isEmpty ? "" : "\u{00A0}") + Self.flag(point.rangePosition)
                    }
                    if !text.isEmpty {
                        // Below a point that is low, above the others: never over the line's way out.
                        let y = point.rangePosition == .below ? point.y + radius + OCKChartLayout.textSize : point.y - radius - 5
                        shapes.append(
                            .element(
                                "text",
                                [
                                    .class(point.rangePosition == .within ? "ock-chart-value-label" : "ock-chart-value-label ock-chart-out-of-range"),
                                    HTMLAttribute("x", number(point.x)), HTMLAttribute("y", number(y)), HTMLAttribute("text-anchor", "middle")
                                ], [.text(text)]))
                    }
                }
            case .scatter:
                let radius = max(1, Double(dataSeries[index].size) / 2)
                for point in layout.points where point.series == index {
                    shapes.append(marker(point, radius: radius, fill: fill, className: "ock-chart-point"))
                }
            }
            if !shapes.isEmpty {
                children.append(.element("g", [.class(paint.className)], shapes))
            }
        }

        if layout.isEmpty {
            children.append(
                .element(
                    "text",
                    [
                        .class("ock-chart-empty"), HTMLAttribute("x", number(plot.x + plot.width / 2)),
                        HTMLAttribute("y", number(plot.y + plot.height / 2)), HTMLAttribute("text-anchor", "middle"),
                        HTMLAttribute("dominant-baseline", "middle")
                    ], [.text(loc("No data"))]))
        }

        return .element(
            "svg",
            [
                .class("ock-chart-svg"), HTMLAttribute("viewBox", "0 0 " + number(layout.width) + " " + number(layout.height)),
                .role("img"), HTMLAttribute("preserveAspectRatio", "xMidYMid meet"),
                // In the chart's own units, so text scales with the drawing it was laid out for.
                HTMLAttribute("font-size", number(OCKChartLayout.textSize))
            ], children)
    }

    /// The value label of a point, if the series has one for it.
    private func valueLabel(series: Int, index: Int) -> String? {
        guard let labels = dataSeries[series].valueLabels, labels.indices.contains(index), !labels[index].isEmpty else { return nil }
        return labels[index]
    }

    /// The width of one x slot of the plot.
    private func slotWidth(_ layout: OCKChartLayout) -> Double {
        let slots = max(horizontalAxisMarkers.count, dataSeries.map(\.dataPoints.count).max() ?? 0, 1)
        return layout.plotRect.width / Double(slots)
    }

    private func marker(_ point: OCKChartLayout.Point, radius: Double, fill: String?, className: String) -> HTMLNode {
        if point.rangePosition != .within {
            // Outside the target: a triangle pointing the way out, in the alert colour.
            let r = radius * 1.5, direction = point.rangePosition == .above ? -1.0 : 1.0
            let corners = [(point.x, point.y + direction * r), (point.x - r, point.y - direction * r * 0.7), (point.x + r, point.y - direction * r * 0.7)]
            return .element(
                "polygon",
                [
                    .class(className + " ock-chart-out-of-range ock-chart-" + point.rangePosition.rawValue),
                    HTMLAttribute("points", corners.map { number($0.0) + "," + number($0.1) }.joined(separator: " "))
                ])
        }
        var attributes: [HTMLAttribute] = [
            .class(className), HTMLAttribute("cx", number(point.x)), HTMLAttribute("cy", number(point.y)),
            HTMLAttribute("r", number(radius))
        ]
        if let fill { attributes.append(HTMLAttribute("fill", fill)) }
        return .element("circle", attributes)
    }

    // MARK: Legend and table

    func makeLegend() -> HTMLNode {
        guard !dataSeries.isEmpty else { return .empty }
        let items: [HTMLNode] = dataSeries.enumerated().map { index, series in
            let paint = seriesPaint(index)
            var swatch: [HTMLAttribute] = [.class("ock-chart-swatch " + paint.className)]
            if paint.gradientID != nil {
                let start = series.gradientStartColor ?? series.gradientEndColor ?? .systemBlue
                let end = series.gradientEndColor ?? start
                swatch.append(HTMLAttribute("style", "background:linear-gradient(to top," + start.cssValue + "," + end.cssValue + ")"))
            }
            return .container("li", [], [.element("span", swatch), .text(series.title)])
        }
        var band: [HTMLNode] =
            resolvedTargetRangeTitle.map { title in
                [.container("li", [], [.element("span", [.class("ock-chart-swatch ock-chart-band-swatch")]), .text(title)])]
            } ?? []
        for (index, series) in dataSeries.enumerated() {
            guard let title = seriesTargetTitle(series) else { continue }
            band.append(.container("li", [], [.element("span", [.class("ock-chart-swatch ock-chart-band-swatch " + seriesPaint(index).className)]), .text(title)]))
        }
        return .element("ul", [.class("ock-chart-legend"), .ariaHidden], items + band)
    }

    /// "Systolic: target 90–140 mmHg", a series' own band in the legend.
    func seriesTargetTitle(_ series: OCKDataSeries) -> String? {
        guard let range = series.targetRange else { return nil }
        let unit = valueUnit.map { "\u{00A0}" + $0 } ?? ""
        return loc("{series}: target {low}–{high}", ["series": series.title, "low": tableValueFormatter(range.lowerBound), "high": tableValueFormatter(range.upperBound)]) + unit
    }

    /// The point of a series shown in table row `row`: with axis labels, the point whose x is
    /// that label's position (a series may skip days); without, the row-th point.
    func tablePointIndex(_ series: OCKDataSeries, row: Int) -> Int? {
        guard !horizontalAxisMarkers.isEmpty else { return series.dataPoints.indices.contains(row) ? row : nil }
        return series.dataPoints.firstIndex { point in
            let x = Double(point.x)
            return x.isFinite && x.rounded() == x && Int(x) == row
        }
    }

    func makeTable() -> HTMLNode {
        let rowCount = max(dataSeries.map(\.dataPoints.count).max() ?? 0, horizontalAxisMarkers.count)
        var header: [HTMLNode] = [.element("th", [HTMLAttribute("scope", "col")], [.text(tableLabelHeading)])]
        header += dataSeries.map { .element("th", [HTMLAttribute("scope", "col")], [.text($0.title)]) }
        var rows: [HTMLNode] = []
        for row in 0..<rowCount {
            let label: String
            if row < horizontalAxisMarkers.count {
                label = horizontalAxisMarkers[row]
            } else if let point = dataSeries.lazy.compactMap({ $0.dataPoints.indices.contains(row) ? $0.dataPoints[row] : nil }).first {
                label = tableValueFormatter(Double(point.x))
            } else {
                label = String(row + 1)
            }
            var cells: [HTMLNode] = [.element("th", [HTMLAttribute("scope", "row")], [.text(label)])]
            var hasValue = false
            for series in dataSeries {
                var text = loc("No value")
                if let point = tablePointIndex(series, row: row) {
                    let value = Double(series.dataPoints[point].y)
                    let finite = value.isFinite && Double(series.dataPoints[point].x).isFinite
                    hasValue = hasValue || finite
                    if let labels = series.accessibilityLabels, labels.indices.contains(point) {
                        text = labels[point]
                    } else if let labels = series.valueLabels, labels.indices.contains(point) {
                        text = labels[point]
                    } else if finite {
                        text = tableValueFormatter(value)
                    }
                    if finite, let targetRange = series.targetRange ?? targetRange, plotType != .bar, !targetRange.contains(value) {
                        text += " (" + Self.flag(value < targetRange.lowerBound ? .below : .above) + ")"
                    }
                }
                cells.append(.element("td", [], [.text(text)]))
            }
            // A row of nothing but "No value" is noise: a day without data is simply not listed.
            if hasValue { rows.append(.element("tr", [], cells)) }
        }
        if rows.isEmpty {
            rows = [.element("tr", [], [.element("td", [HTMLAttribute("colspan", String(max(1, dataSeries.count + 1)))], [.text(loc("No data"))])])]
        }
        // Wrapped: a table cannot be shrunk to 1px itself (its content sets its width).
        return .element(
            "div", [.class("ock-visually-hidden")],
            [
                .element(
                    "table", [.class("ock-chart-table")],
                    [
                        .element("caption", [], [.text(chartTitle)]),
                        .element("thead", [], [.element("tr", [], header)]),
                        .element("tbody", [], rows)
                    ])
            ])
    }
}
