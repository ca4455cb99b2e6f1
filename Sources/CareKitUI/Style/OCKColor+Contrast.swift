import Foundation

extension OCKColor {
    /// The colour painted over an opaque `background` (alpha compositing), light appearance.
    public func composited(over background: OCKColor) -> OCKColor {
        let a = alpha
        return OCKColor(
            red: red * a + background.red * (1 - a),
            green: green * a + background.green * (1 - a),
            blue: blue * a + background.blue * (1 - a))
    }

    /// WCAG 2 relative luminance of the light appearance (alpha ignored).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            c <= 0.03928 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio (1…21) between the light appearances of two opaque colours.
    /// Translucent colours should be ``composited(over:)`` first.
    public func contrastRatio(with other: OCKColor) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
