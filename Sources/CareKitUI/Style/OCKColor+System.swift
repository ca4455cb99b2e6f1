// Named colours after UIKit's system colours. Light values are Apple's; where Apple's colour
// fails WCAG AA contrast as text on a white card (system blue, secondary label), a darker
// shade is used. Every colour here has a dark-appearance variant.

extension OCKColor {
    /// Black.
    public static let black = OCKColor(white: 0)
    /// White.
    public static let white = OCKColor(white: 1)
    /// Fully transparent.
    public static let clear = OCKColor(white: 0, alpha: 0)
    /// Opaque grey (50%).
    public static let gray = OCKColor(white: 0.5)
    /// Opaque red.
    public static let red = OCKColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = OCKColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = OCKColor(red: 0, green: 0, blue: 1)
    /// Opaque orange.
    public static let orange = OCKColor(red: 1, green: 0.5, blue: 0)

    private static func dynamic(_ light: UInt32, _ dark: UInt32) -> OCKColor {
        OCKColor(light: OCKColor(hex: light), dark: OCKColor(hex: dark))
    }

    /// The tint: a blue with AA contrast on white (light) and on dark cards (dark).
    public static let systemBlue = dynamic(0x0066CC, 0x409CFF)
    /// Green, AA for graphics on cards in both appearances.
    public static let systemGreen = dynamic(0x248A3D, 0x30D158)
    /// Red, AA for text on cards in both appearances.
    public static let systemRed = dynamic(0xD70015, 0xFF453A)
    /// Orange.
    public static let systemOrange = dynamic(0xC93400, 0xFF9F0A)
    /// Yellow.
    public static let systemYellow = dynamic(0xA05A00, 0xFFD60A)
    /// Pink.
    public static let systemPink = dynamic(0xD30F45, 0xFF6482)
    /// Purple.
    public static let systemPurple = dynamic(0x8944AB, 0xDA8FFF)
    /// Teal.
    public static let systemTeal = dynamic(0x0071A4, 0x70D7FF)
    /// Indigo.
    public static let systemIndigo = dynamic(0x3634A3, 0x7D7AFF)

    /// Grey.
    public static let systemGray = dynamic(0x8E8E93, 0x8E8E93)
    /// Grey 2.
    public static let systemGray2 = dynamic(0xAEAEB2, 0x636366)
    /// Grey 3.
    public static let systemGray3 = dynamic(0xC7C7CC, 0x48484A)
    /// Grey 4.
    public static let systemGray4 = dynamic(0xD1D1D6, 0x3A3A3C)
    /// Grey 5.
    public static let systemGray5 = dynamic(0xE5E5EA, 0x2C2C2E)
    /// Grey 6.
    public static let systemGray6 = dynamic(0xF2F2F7, 0x1C1C1E)

    /// Primary text.
    public static let label = OCKColor(light: .black, dark: .white)
    /// Secondary text (darker than UIKit's in light mode, for AA contrast).
    public static let secondaryLabel = OCKColor(
        light: OCKColor(rgb: 60, 60, 67, alpha: 0.75), dark: OCKColor(rgb: 235, 235, 245, alpha: 0.65))
    /// Tertiary text (placeholders, disabled content).
    public static let tertiaryLabel = OCKColor(
        light: OCKColor(rgb: 60, 60, 67, alpha: 0.3), dark: OCKColor(rgb: 235, 235, 245, alpha: 0.3))
    /// Thin separator lines.
    public static let separator = OCKColor(
        light: OCKColor(rgb: 60, 60, 67, alpha: 0.29), dark: OCKColor(rgb: 84, 84, 88, alpha: 0.6))

    /// Fill for thin and small shapes.
    public static let systemFill = OCKColor(
        light: OCKColor(rgb: 120, 120, 128, alpha: 0.2), dark: OCKColor(rgb: 120, 120, 128, alpha: 0.36))
    /// Fill for medium-size shapes.
    public static let secondarySystemFill = OCKColor(
        light: OCKColor(rgb: 120, 120, 128, alpha: 0.16), dark: OCKColor(rgb: 120, 120, 128, alpha: 0.32))
    /// Fill for large shapes.
    public static let tertiarySystemFill = OCKColor(
        light: OCKColor(rgb: 118, 118, 128, alpha: 0.12), dark: OCKColor(rgb: 118, 118, 128, alpha: 0.24))
    /// Fill for large areas with complex content.
    public static let quaternarySystemFill = OCKColor(
        light: OCKColor(rgb: 116, 116, 128, alpha: 0.08), dark: OCKColor(rgb: 118, 118, 128, alpha: 0.18))

    /// Background of plain content.
    public static let systemBackground = dynamic(0xFFFFFF, 0x000000)
    /// Background of content layered on the system background.
    public static let secondarySystemBackground = dynamic(0xF2F2F7, 0x1C1C1E)
    /// Background of content layered on the secondary background.
    public static let tertiarySystemBackground = dynamic(0xFFFFFF, 0x2C2C2E)
    /// Background of grouped content (behind cards).
    public static let systemGroupedBackground = dynamic(0xF2F2F7, 0x000000)
    /// Background of cards on the grouped background.
    public static let secondarySystemGroupedBackground = dynamic(0xFFFFFF, 0x1C1C1E)
    /// Background of content inside cards.
    public static let tertiarySystemGroupedBackground = dynamic(0xF2F2F7, 0x2C2C2E)
}
