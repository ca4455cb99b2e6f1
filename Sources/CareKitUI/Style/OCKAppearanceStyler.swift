/// Shadows, corner radii, borders and opacity used by CareKitUI views.
public protocol OCKAppearanceStyler: Sendable {
    /// Card shadow opacity (0.15).
    var shadowOpacity1: Double { get }
    /// Card shadow radius (8).
    var shadowRadius1: Double { get }
    /// Card shadow offset (0, 2).
    var shadowOffset1: OCKSize { get }
    /// Opacity of dimmed content (0.45).
    var opacity1: Double { get }
    /// Width of thick lines (4).
    var lineWidth1: Double { get }
    /// Card corner radius (15).
    var cornerRadius1: Double { get }
    /// Button and image corner radius (12).
    var cornerRadius2: Double { get }
    /// Thick border width (3).
    var borderWidth1: Double { get }
    /// Thin border width (2).
    var borderWidth2: Double { get }
}

extension OCKAppearanceStyler {
    public var shadowOpacity1: Double { 0.15 }
    public var shadowRadius1: Double { 8 }
    public var shadowOffset1: OCKSize { OCKSize(width: 0, height: 2) }
    public var opacity1: Double { 0.45 }
    public var lineWidth1: Double { 4 }
    public var cornerRadius1: Double { 15 }
    public var cornerRadius2: Double { 12 }
    public var borderWidth1: Double { 3 }
    public var borderWidth2: Double { 2 }
}
