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

extension OCKColor {
    /// WCAG 2 AA's minimum contrast for text (1.4.3): 4.5:1.
    public static let minimumTextContrast = 4.5
    /// WCAG 2 AA's minimum contrast for large text and graphics (1.4.3, 1.4.11): 3:1.
    public static let minimumGraphicsContrast = 3.0

    /// The lowest contrast ratio of this colour against `backgrounds`, appearance by
    /// appearance (the light variants with each other, the dark ones with each other), a
    /// translucent colour painted over each background first.
    public func minimumContrast(against backgrounds: [OCKColor]) -> Double {
        var lowest = Double.infinity
        for (colour, backgroundsInAppearance) in [
            (lightAppearance, backgrounds.map(\.lightAppearance)), (darkAppearance, backgrounds.map(\.darkAppearance))
        ] {
            for background in backgroundsInAppearance {
                let opaque = background.composited(over: .white)
                lowest = min(lowest, colour.composited(over: opaque).contrastRatio(with: opaque))
            }
        }
        return lowest
    }

    /// This colour with each appearance moved just far enough towards black or white to
    /// reach `ratio` against every one of `backgrounds` in that appearance (unchanged where it
    /// already does). The result has a light and a dark variant.
    ///
    /// An appearance that cannot reach `ratio` at all (backgrounds both light and dark) gets
    /// the closest it can. - Complexity: O(255 × backgrounds).
    public func adjustedForContrast(against backgrounds: [OCKColor], ratio: Double = minimumTextContrast) -> OCKColor {
        OCKColor(
            light: Self.adjusted(lightAppearance, against: backgrounds.map { $0.lightAppearance.composited(over: .white) }, ratio: ratio),
            dark: Self.adjusted(darkAppearance, against: backgrounds.map { $0.darkAppearance.composited(over: .black) }, ratio: ratio))
    }

    private static func adjusted(_ colour: OCKColor, against backgrounds: [OCKColor], ratio: Double) -> OCKColor {
        // Judged as drawn: CSS writes 8-bit components, so each candidate is rounded to them
        // first (a nudge smaller than a step would round back to the colour that fails).
        func worst(_ candidate: OCKColor) -> Double {
            backgrounds.map { candidate.composited(over: $0).contrastRatio(with: $0) }.min() ?? .infinity
        }
        let start = colour.rounded
        if worst(start) >= ratio { return start }
        var best = start
        var bestContrast = worst(start)
        for step in 1...255 {
            let t = Double(step) / 255
            for target in [OCKColor.black, OCKColor.white] {
                let candidate = OCKColor(
                    red: colour.red + (target.red - colour.red) * t, green: colour.green + (target.green - colour.green) * t,
                    blue: colour.blue + (target.blue - colour.blue) * t, alpha: colour.alpha
                ).rounded
                let contrast = worst(candidate)
                if contrast >= ratio { return candidate }
                if contrast > bestContrast { (best, bestContrast) = (candidate, contrast) }
            }
        }
        return best
    }

    /// The colour with its components rounded to what CSS writes (8 bits, alpha to 3 digits).
    var rounded: OCKColor {
        OCKColor(
            red: Double(Self.byte(red)) / 255, green: Double(Self.byte(green)) / 255, blue: Double(Self.byte(blue)) / 255,
            alpha: (alpha * 1000).rounded() / 1000)
    }
}

extension OCKColorStyler {
    /// What a tint is drawn on, and under: the card, the fills inside cards (buttons, rows), the
    /// page behind the cards (tabs, links), and the background colour that filled buttons and
    /// checkmarks write on the tint.
    public var tintBackgrounds: [OCKColor] {
        [secondaryCustomGroupedBackground, tertiaryCustomGroupedBackground, customGroupedBackground, customBackground]
    }

    /// `tint` adjusted to WCAG AA text contrast (4.5:1) against ``tintBackgrounds`` in both
    /// appearances (see ``OCKColor/adjustedForContrast(against:ratio:)``).
    public func accessibleTint(_ tint: OCKColor) -> OCKColor {
        tint.adjustedForContrast(against: tintBackgrounds)
    }
}
