import CCairo
import CareKitUI
import Foundation

/// A chart drawn with Cairo from the same geometry as the HTML chart (``OCKChartLayout``):
/// title and detail, grid and axis labels, bars, lines or points in the series' colours, value
/// labels, and a legend. Vector graphics with real text.
final class _PDFChartLayout {
    private struct Label {
        var block: _PDFTextBlock
        var x: Double
        var y: Double
    }

    private struct LegendItem {
        var block: _PDFTextBlock
        var color: (start: _PDFColor, end: _PDFColor)
        var x: Double
        var y: Double
    }

    let element: PDFChart
    let width: Double
    /// The whole chart's height on the page (scaled down when it would not fit a page).
    let height: Double
    /// 1, or less for a chart (with a huge legend, say) taller than a page.
    private let scale: Double
    let layout: OCKChartLayout
    /// The layout's line segments by series (computed once: the layout recomputes them per call).
    private let lineSegments: [Int: [[OCKChartLayout.Point]]]
    private let title: _PDFTextBlock?
    private let detail: _PDFTextBlock?
    private let plotTop: Double
    private let legendTop: Double
    /// Whether the legend runs from the right (right-to-left text).
    private let isRightToLeft: Bool
    private var yLabels: [Label] = []
    private var xLabels: [Label] = []
    private var valueLabels: [Label] = []
    private var legend: [LegendItem] = []
    private var emptyLabel: Label?

    static let swatchSize = 8.0

    /// Lays out `element` in `width` × at most `maximumHeight` points.
    init(_ element: PDFChart, width: Double, maximumHeight: Double, canvas: _PDFCanvas) {
        self.element = element
        self.width = width
        isRightToLeft = canvas.isRightToLeft
        title = element.title.flatMap { $0.isEmpty ? nil : canvas.makeText($0, font: _PDFStyle.chartTitle, width: width) }
        detail = element.detail.flatMap { $0.isEmpty ? nil : canvas.makeText($0, font: _PDFStyle.chartDetail, color: _PDFStyle.secondaryText, width: width) }
        var top = 0.0
        if let title { top += title.height + 2 }
        if let detail { top += detail.height }
        if top > 0 { top += 8 }
        plotTop = top

        // Legend rows, left to right (mirrored when drawn right to left).
        var legend: [LegendItem] = []
        var x = 0.0, row = 0.0, rowHeight = 0.0
        for (index, series) in element.dataSeries.enumerated() {
            let block = canvas.makeText(
                series.title.isEmpty ? loc("Series {number}", ["number": OCKLocalization.number(index + 1)]) : series.title,
                font: _PDFStyle.chartLegend, color: _PDFStyle.secondaryText, width: width - Self.swatchSize - 5)
            let itemWidth = Self.swatchSize + 5 + block.naturalWidth
            if x > 0, x + itemWidth > width {
                x = 0
                row += rowHeight + 4
                rowHeight = 0
            }
            legend.append(LegendItem(block: block, color: Self.colors(series, index: index), x: x, y: row))
            x += itemWidth + 16
            rowHeight = max(rowHeight, block.height)
        }
        let legendHeight = legend.isEmpty ? 0 : row + rowHeight

        // The plot: wide and low, like the HTML chart, within what is left of the page.
        let spare = maximumHeight - plotTop - (legendHeight > 0 ? legendHeight + 6 : 0)
        let plotHeight = max(80, min(max(150, min(230, width * 0.42)), spare))
        let layout = OCKChartLayout.make(
            plotType: element.plotType, dataSeries: element.dataSeries, horizontalAxisMarkers: element.horizontalAxisMarkers,
            yMinimum: element.yMinimum, yMaximum: element.yMaximum, width: width, height: plotHeight,
            formatter: element.axisValueFormatter)
        self.layout = layout
        lineSegments = element.plotType == .line ? Dictionary(grouping: layout.lineSegments, by: \.series).mapValues { $0.map(\.points) } : [:]
        legendTop = plotTop + plotHeight + 6
        let naturalHeight = legendTop + legendHeight - (legendHeight > 0 ? 0 : 6)
        scale = naturalHeight > maximumHeight && maximumHeight > 0 ? maximumHeight / naturalHeight : 1
        height = naturalHeight * scale
        self.legend = legend.map {
            var item = $0; item.y += legendTop; return item
        }
        makeLabels(canvas)
    }

    /// The start and end colours of a series' gradient (the same colour twice for a flat fill).
    static func colors(_ series: OCKDataSeries, index: Int) -> (start: _PDFColor, end: _PDFColor) {
        if series.gradientStartColor != nil || series.gradientEndColor != nil {
            let start = series.gradientStartColor ?? series.gradientEndColor ?? .systemBlue
            return (_PDFColor(start), _PDFColor(series.gradientEndColor ?? start))
        }
        let color = _PDFColor(_PDFStyle.seriesPalette[index % _PDFStyle.seriesPalette.count])
        return (color, color)
    }

    private func makeLabels(_ canvas: _PDFCanvas) {
        let plot = layout.plotRect
        let top = plotTop
        for tick in layout.yTicks {
            let block = canvas.makeText(tick.label, font: _PDFStyle.chartAxis, color: _PDFStyle.secondaryText)
            yLabels.append(Label(block: block, x: plot.x - 6 - block.naturalWidth, y: top + tick.y - block.height / 2))
        }

        // X labels: every one when they fit between their neighbours, else every n-th.
        let blocks = layout.xLabels.map { canvas.makeText($0.text, font: _PDFStyle.chartAxis, color: _PDFStyle.secondaryText) }
        let spacing = layout.xLabels.count > 1 ? abs(layout.xLabels[1].x - layout.xLabels[0].x) : plot.width
        let widest = blocks.map(\.naturalWidth).max() ?? 0
        let ratio = spacing > 0 ? (widest + 4) / spacing : 1
        let stride = max(1, Int(min(ratio.isFinite ? ratio : 1, Double(max(1, blocks.count))).rounded(.up)))
        for (index, label) in layout.xLabels.enumerated() where index % stride == 0 {
            let block = blocks[index]
            xLabels.append(Label(block: block, x: label.x - block.naturalWidth / 2, y: top + plot.maxY + 5))
        }

        // Value labels above bars and line points, smaller when they are crowded, left out
        // when even the smallest size doesn't fit.
        let slots = max(element.horizontalAxisMarkers.count, element.dataSeries.map(\.dataPoints.count).max() ?? 0, 1)
        let slotWidth = plot.width / Double(slots)
        let room = element.plotType == .bar ? slotWidth / Double(max(1, element.dataSeries.count)) + 2 : slotWidth
        for (seriesIndex, series) in element.dataSeries.enumerated() {
            guard let texts = series.valueLabels, texts.contains(where: { !$0.isEmpty }) else { continue }
            var size = _PDFStyle.chartValue.size
            var made: [Int: _PDFTextBlock] = [:]
            while size >= 5 {
                made = [:]
                for (index, text) in texts.enumerated() where !text.isEmpty {
                    made[index] = canvas.makeText(text, font: _PDFFont(size: size), color: _PDFStyle.text)
                }
                if (made.values.map(\.naturalWidth).max() ?? 0) <= room - 1 { break }
                size -= 0.5
            }
            guard size >= 5 else { continue }
            switch element.plotType {
            case .bar:
                for bar in layout.bars where bar.series == seriesIndex {
                    guard let block = made[bar.index] else { continue }
                    let anchor = min(bar.rect.y, layout.baselineY)
                    valueLabels.append(
                        Label(
                            block: block, x: bar.rect.x + bar.rect.width / 2 - block.naturalWidth / 2,
                            y: top + anchor - 2 - block.height))
                }
            case .line:
                let radius = Self.lineWidth(series) * 1.25
                for point in layout.points where point.series == seriesIndex {
                    guard let block = made[point.index] else { continue }
                    valueLabels.append(Label(block: block, x: point.x - block.naturalWidth / 2, y: top + point.y - radius - 2 - block.height))
                }
            case .scatter:
                continue
            }
        }
        if layout.isEmpty {
            let block = canvas.makeText(loc("No data"), font: _PDFStyle.chartDetail, color: _PDFStyle.secondaryText)
            emptyLabel = Label(block: block, x: plot.x + plot.width / 2 - block.naturalWidth / 2, y: top + plot.y + plot.height / 2 - block.height / 2)
        }
    }

    static func lineWidth(_ series: OCKDataSeries) -> Double {
        let size = Double(series.size)
        return size.isFinite ? min(12, max(1, size / 3)) : 1
    }

    // MARK: Drawing

    /// Draws the chart with its top left corner at `x`, `y`.
    func draw(_ canvas: _PDFCanvas, x: Double, y: Double) {
        let cr = canvas.cr
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scale, scale)
        drawContent(canvas, x: 0, y: 0)
        cairo_restore(cr)
    }

    private func drawContent(_ canvas: _PDFCanvas, x: Double, y: Double) {
        let cr = canvas.cr
        title?.draw(cr, x: x, y: y)
        if let title, let detail { detail.draw(cr, x: x, y: y + title.height + 2) } else { detail?.draw(cr, x: x, y: y) }

        cairo_save(cr)
        cairo_translate(cr, x, y + plotTop)
        let plot = layout.plotRect
        for tick in layout.yTicks where abs(tick.y - layout.baselineY) > 0.5 {
            canvas.line(from: (plot.x, tick.y), to: (plot.maxX, tick.y), color: _PDFStyle.chartGrid, width: 0.5, dash: [2, 2.5])
        }
        canvas.line(from: (plot.x, layout.baselineY), to: (plot.maxX, layout.baselineY), color: _PDFStyle.chartBaseline, width: 0.75)
        for (index, series) in element.dataSeries.enumerated() {
            drawSeries(canvas, series, index: index)
        }
        cairo_restore(cr)

        for label in yLabels + xLabels + valueLabels + (emptyLabel.map { [$0] } ?? []) {
            label.block.draw(cr, x: x + label.x, y: y + label.y)
        }
        for item in legend {
            let swatchY = y + item.y + (item.block.lines.first.map { $0.baseline - $0.top } ?? Self.swatchSize) - Self.swatchSize + 0.5
            setPaint(canvas, item.color, from: swatchY + Self.swatchSize, to: swatchY)
            // Right to left: the swatch at the item's right, its text (aligned right in a box
            // `width - swatchSize - 5` wide) ending 5 points before it.
            let swatchX = isRightToLeft ? x + width - item.x - Self.swatchSize : x + item.x
            canvas.roundedRect(x: swatchX, y: swatchY, width: Self.swatchSize, height: Self.swatchSize, radius: 2)
            cairo_fill(cr)
            item.block.draw(cr, x: isRightToLeft ? x - item.x : x + item.x + Self.swatchSize + 5, y: y + item.y)
        }
    }

    private func drawSeries(_ canvas: _PDFCanvas, _ series: OCKDataSeries, index: Int) {
        let cr = canvas.cr
        let plot = layout.plotRect
        let colors = Self.colors(series, index: index)
        switch element.plotType {
        case .bar:
            for bar in layout.bars where bar.series == index && bar.rect.height > 0.01 {
                setPaint(canvas, colors, from: plot.maxY, to: plot.y)
                let end: _PDFCanvas.RoundedEnd = bar.value < 0 ? .bottom : .top
                canvas.roundedRect(
                    x: bar.rect.x, y: bar.rect.y, width: bar.rect.width, height: bar.rect.height,
                    radius: min(3, bar.rect.width / 2), corners: end)
                cairo_fill(cr)
            }
        case .line:
            let lineWidth = Self.lineWidth(series)
            for segment in lineSegments[index] ?? [] where segment.count > 1 {
                setPaint(canvas, colors, from: plot.maxY, to: plot.y)
                cairo_set_line_width(cr, lineWidth)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                for (position, point) in segment.enumerated() {
                    if position == 0 { cairo_move_to(cr, point.x, point.y) } else { cairo_line_to(cr, point.x, point.y) }
                }
                cairo_stroke(cr)
            }
            for point in layout.points where point.series == index {
                cairo_new_path(cr)
                cairo_arc(cr, point.x, point.y, lineWidth * 1.25, 0, 2 * Double.pi)
                setPaint(canvas, colors, from: plot.maxY, to: plot.y)
                cairo_fill_preserve(cr)
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_set_line_width(cr, 1.5)
                cairo_stroke(cr)
            }
        case .scatter:
            let size = Double(series.size)
            let radius = size.isFinite ? min(20, max(1, size / 2)) : 5
            for point in layout.points where point.series == index {
                cairo_new_path(cr)
                cairo_arc(cr, point.x, point.y, radius, 0, 2 * Double.pi)
                setPaint(canvas, colors, from: plot.maxY, to: plot.y, opacity: 0.85)
                cairo_fill(cr)
            }
        }
    }

    /// Sets a flat colour, or a vertical gradient from `from` (start colour) to `to` (end).
    private func setPaint(_ canvas: _PDFCanvas, _ colors: (start: _PDFColor, end: _PDFColor), from: Double, to: Double, opacity: Double = 1) {
        var start = colors.start, end = colors.end
        start.alpha *= opacity
        end.alpha *= opacity
        guard start != end, let pattern = cairo_pattern_create_linear(0, from, 0, to) else {
            canvas.setColor(start)
            return
        }
        cairo_pattern_add_color_stop_rgba(pattern, 0, start.red, start.green, start.blue, start.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, end.red, end.green, end.blue, end.alpha)
        cairo_set_source(canvas.cr, pattern)
        cairo_pattern_destroy(pattern)
    }
}
