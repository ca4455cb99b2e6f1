/// Sizes used by CareKitUI views, in CSS pixels. Every property has a default.
public protocol OCKDimensionStyler: Sendable {
    /// Height of separator lines (1).
    var separatorHeight: Double { get }
    /// Width of strokes such as completion rings (4).
    var lineWidth1: Double { get }
    /// Spacing between stacked elements (8).
    var stackSpacing1: Double { get }
    /// Height of large images (150).
    var imageHeight1: Double { get }
    /// Height of icons and monograms (40).
    var imageHeight2: Double { get }
    /// Title text size (17).
    var pointSize1: Double { get }
    /// Body and detail text size (14).
    var pointSize2: Double { get }
    /// Caption text size (11).
    var pointSize3: Double { get }
    /// Largest symbol size (30).
    var symbolPointSize1: Double { get }
    /// Symbol size 2 (20).
    var symbolPointSize2: Double { get }
    /// Symbol size 3 (16).
    var symbolPointSize3: Double { get }
    /// Symbol size 4 (12).
    var symbolPointSize4: Double { get }
    /// Smallest symbol size (8).
    var symbolPointSize5: Double { get }
    /// Card content insets (16 on every edge).
    var directionalInsets1: OCKEdgeInsets { get }
    /// Insets inside buttons and rows (8 on every edge).
    var directionalInsets2: OCKEdgeInsets { get }
    /// Tallest button (60).
    var buttonHeight1: Double { get }
    /// Standard button (50).
    var buttonHeight2: Double { get }
    /// Compact button (30).
    var buttonHeight3: Double { get }
    /// Smallest button (20).
    var buttonHeight4: Double { get }
}

extension OCKDimensionStyler {
    public var separatorHeight: Double { 1 }
    public var lineWidth1: Double { 4 }
    public var stackSpacing1: Double { 8 }
    public var imageHeight1: Double { 150 }
    public var imageHeight2: Double { 40 }
    public var pointSize1: Double { 17 }
    public var pointSize2: Double { 14 }
    public var pointSize3: Double { 11 }
    public var symbolPointSize1: Double { 30 }
    public var symbolPointSize2: Double { 20 }
    public var symbolPointSize3: Double { 16 }
    public var symbolPointSize4: Double { 12 }
    public var symbolPointSize5: Double { 8 }
    public var directionalInsets1: OCKEdgeInsets { OCKEdgeInsets(all: 16) }
    public var directionalInsets2: OCKEdgeInsets { OCKEdgeInsets(all: 8) }
    public var buttonHeight1: Double { 60 }
    public var buttonHeight2: Double { 50 }
    public var buttonHeight3: Double { 30 }
    public var buttonHeight4: Double { 20 }
}
