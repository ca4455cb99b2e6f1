/// Colours used by CareKitUI views. Every property has a default (see ``OCKColorStyle``).
public protocol OCKColorStyler: Sendable {
    /// Primary text.
    var label: OCKColor { get }
    /// Secondary text (details, captions).
    var secondaryLabel: OCKColor { get }
    /// Tertiary text (placeholders).
    var tertiaryLabel: OCKColor { get }
    /// Separator lines.
    var separator: OCKColor { get }
    /// Fill of thin and small shapes (ring tracks).
    var customFill: OCKColor { get }
    /// Fill of medium shapes.
    var secondaryCustomFill: OCKColor { get }
    /// Fill of large shapes (buttons).
    var tertiaryCustomFill: OCKColor { get }
    /// Fill of large areas.
    var quaternaryCustomFill: OCKColor { get }
    /// The tint: buttons, progress, links.
    var customBlue: OCKColor { get }
    /// Grey.
    var customGray: OCKColor { get }
    /// Grey 2.
    var customGray2: OCKColor { get }
    /// Grey 3.
    var customGray3: OCKColor { get }
    /// Grey 4.
    var customGray4: OCKColor { get }
    /// Grey 5.
    var customGray5: OCKColor { get }
    /// White.
    var white: OCKColor { get }
    /// Black.
    var black: OCKColor { get }
    /// Transparent.
    var clear: OCKColor { get }
    /// Background of plain content.
    var customBackground: OCKColor { get }
    /// Background layered on ``customBackground``.
    var secondaryCustomBackground: OCKColor { get }
    /// Background behind cards.
    var customGroupedBackground: OCKColor { get }
    /// Background of cards.
    var secondaryCustomGroupedBackground: OCKColor { get }
    /// Background of content inside cards.
    var tertiaryCustomGroupedBackground: OCKColor { get }

    // Additions (not in CareKit): chart series and status colours.

    /// Second chart series; completion.
    var customGreen: OCKColor { get }
    /// Third chart series.
    var customOrange: OCKColor { get }
    /// Fourth chart series.
    var customPurple: OCKColor { get }
    /// Fifth chart series.
    var customPink: OCKColor { get }
    /// Sixth chart series.
    var customTeal: OCKColor { get }
    /// Alerts.
    var customRed: OCKColor { get }
}

extension OCKColorStyler {
    public var label: OCKColor { .label }
    public var secondaryLabel: OCKColor { .secondaryLabel }
    public var tertiaryLabel: OCKColor { .tertiaryLabel }
    public var separator: OCKColor { .separator }
    public var customFill: OCKColor { .systemFill }
    public var secondaryCustomFill: OCKColor { .secondarySystemFill }
    public var tertiaryCustomFill: OCKColor { .tertiarySystemFill }
    public var quaternaryCustomFill: OCKColor { .quaternarySystemFill }
    public var customBlue: OCKColor { .systemBlue }
    public var customGray: OCKColor { .systemGray }
    public var customGray2: OCKColor { .systemGray2 }
    public var customGray3: OCKColor { .systemGray3 }
    public var customGray4: OCKColor { .systemGray4 }
    public var customGray5: OCKColor { .systemGray5 }
    public var white: OCKColor { .white }
    public var black: OCKColor { .black }
    public var clear: OCKColor { .clear }
    public var customBackground: OCKColor { .systemBackground }
    public var secondaryCustomBackground: OCKColor { .secondarySystemBackground }
    public var customGroupedBackground: OCKColor { .systemGroupedBackground }
    public var secondaryCustomGroupedBackground: OCKColor { .secondarySystemGroupedBackground }
    public var tertiaryCustomGroupedBackground: OCKColor { .tertiarySystemGroupedBackground }
    public var customGreen: OCKColor { .systemGreen }
    public var customOrange: OCKColor { .systemOrange }
    public var customPurple: OCKColor { .systemPurple }
    public var customPink: OCKColor { .systemPink }
    public var customTeal: OCKColor { .systemTeal }
    public var customRed: OCKColor { .systemRed }
}
