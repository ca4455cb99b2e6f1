import Foundation

/// One series of a chart: points (or values at x = 0, 1, 2, …), a title for the legend, and
/// optional gradient colours.
public struct OCKDataSeries: Equatable, Sendable {
    /// The points. Points whose x or y is not finite (NaN, ±∞) are not drawn.
    public var dataPoints: [CGPoint]
    /// The title, shown in the legend and the data table.
    public var title: String
    /// Colour at the bottom of the plot; `nil` uses the series' palette colour.
    public var gradientStartColor: OCKColor?
    /// Colour at the top of the plot; `nil` uses the start colour.
    public var gradientEndColor: OCKColor?
    /// Marker size in points: the diameter of scatter markers, three times the line width.
    public var size: CGFloat
    /// What a screen reader says for each point (by index), instead of the value.
    public var accessibilityLabels: [String]?
    /// Text shown at each point (above each bar), for example the real value behind a
    /// normalised bar ("98.6", "N/A"); also used in the data table. `nil`: no labels.
    public var valueLabels: [String]?
    /// The range this series' values should stay within, when it is not the graph's
    /// (``OCKCartesianGraphView/targetRange``): a blood pressure's systolic and diastolic
    /// series each have their own, drawn as a band of its own.
    public var targetRange: ClosedRange<Double>?

    /// A series of points.
    public init(
        dataPoints: [CGPoint], title: String, gradientStartColor: OCKColor? = nil,
        gradientEndColor: OCKColor? = nil, size: CGFloat = 10
    ) {
        self.dataPoints = dataPoints
        self.title = title
        self.gradientStartColor = gradientStartColor
        self.gradientEndColor = gradientEndColor
        self.size = size
        self.accessibilityLabels = nil
        self.valueLabels = nil
        self.targetRange = nil
    }

    /// A series of values at x = 0, 1, 2, ….
    public init(
        values: [CGFloat], title: String, gradientStartColor: OCKColor? = nil,
        gradientEndColor: OCKColor? = nil, size: CGFloat = 10
    ) {
        self.init(
            dataPoints: values.enumerated().map { CGPoint(x: CGFloat($0.offset), y: $0.element) },
            title: title, gradientStartColor: gradientStartColor, gradientEndColor: gradientEndColor, size: size)
    }

    /// The y values, in order.
    public var values: [Double] { dataPoints.map { Double($0.y) } }
}
