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
