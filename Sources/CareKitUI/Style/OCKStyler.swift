/// The constants every CareKitUI view draws with: colours, dimensions, animation and
/// appearance. Conform and override only what you need; everything else has a default.
///
/// ```swift
/// struct CustomColors: OCKColorStyler { var separator: UIColor { .black } }
/// struct CustomStyle: OCKStyler { var color: OCKColorStyler { CustomColors() } }
/// view.customStyle = CustomStyle()
/// ```
public protocol OCKStyler: Sendable {
    /// Colours.
    var color: OCKColorStyler { get }
    /// Sizes, spacing and insets.
    var dimension: OCKDimensionStyler { get }
    /// Animation timing.
    var animation: OCKAnimationStyler { get }
    /// Shadows, corner radii, borders and opacity.
    var appearance: OCKAppearanceStyler { get }
}

extension OCKStyler {
    public var color: OCKColorStyler { OCKColorStyle() }
    public var dimension: OCKDimensionStyler { OCKDimensionStyle() }
    public var animation: OCKAnimationStyler { OCKAnimationStyle() }
    public var appearance: OCKAppearanceStyler { OCKAppearanceStyle() }
}

/// The default style of every CareKitUI view.
public struct OCKStyle: OCKStyler {
    /// The default style.
    public init() {}
}

/// A view whose appearance comes from an ``OCKStyler``.
///
/// `style()` is the view's ``customStyle``, else the nearest ancestor's custom style, else
/// ``OCKStyle``.
public protocol OCKStylable: AnyObject {
    /// A style for this view and its descendants that have no custom style of their own.
    var customStyle: OCKStyler? { get set }
    /// The style in effect for this view.
    func style() -> OCKStyler
    /// Called when the style in effect for this view changes.
    func styleDidChange()
}
