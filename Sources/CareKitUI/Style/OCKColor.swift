/// A colour: red, green, blue and alpha in `0...1`, optionally with a different colour for
/// the dark appearance (like a dynamic `UIColor`).
///
/// CareKit code that names `UIColor` compiles unchanged through ``UIColor``.
public struct OCKColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, `0...1`.
    public let red: Double
    /// Green, `0...1`.
    public let green: Double
    /// Blue, `0...1`.
    public let blue: Double
    /// Alpha (opacity), `0...1`.
    public let alpha: Double
    /// The components used in the dark appearance, when they differ.
    public let dark: Components?

    /// Plain components of a colour in one appearance.
    public struct Components: Hashable, Sendable {
        public let red: Double, green: Double, blue: Double, alpha: Double
    }

    /// A colour from components in `0...1` (values outside are clamped, NaN counts as 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
        self.dark = nil
    }

    /// A grey.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from 8-bit components (`OCKColor(rgb: 0, 122, 255)`).
    public init(rgb red: Int, _ green: Int, _ blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` value.
    public init(hex value: UInt32, alpha: Double = 1) {
        self.init(rgb: Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF), alpha: alpha)
    }

    /// A colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); `nil` otherwise.
    public init?(hex string: String) {
        var digits = Substring(string.trimmingASCIIWhitespace())
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        let values = digits.compactMap(\.hexDigitValue)
        guard values.count == digits.count else { return nil }
        switch values.count {
        case 3:
            self.init(rgb: values[0] * 17, values[1] * 17, values[2] * 17)
        case 6, 8:
            let byte = { (index: Int) in values[index] * 16 + values[index + 1] }
            self.init(rgb: byte(0), byte(2), byte(4), alpha: values.count == 8 ? Double(byte(6)) / 255 : 1)
        default:
            return nil
        }
    }

    /// A colour that is `light` in the light appearance and `dark` in the dark one.
    public init(light: OCKColor, dark: OCKColor) {
        self.red = light.red
        self.green = light.green
        self.blue = light.blue
        self.alpha = light.alpha
        self.dark = Components(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
    }

    /// The same colour with another alpha (in both appearances).
    public func withAlphaComponent(_ alpha: Double) -> OCKColor {
        let light = OCKColor(red: red, green: green, blue: blue, alpha: alpha)
        guard let dark else { return light }
        return OCKColor(light: light, dark: OCKColor(red: dark.red, green: dark.green, blue: dark.blue, alpha: alpha))
    }

    /// The colour in the light appearance, without a dark variant.
    public var lightAppearance: OCKColor { OCKColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour in the dark appearance, without a dark variant.
    public var darkAppearance: OCKColor {
        guard let dark else { return lightAppearance }
        return OCKColor(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
    }

    /// The CSS value: `#rrggbb`, `rgba(r, g, b, a)` when translucent, and
    /// `light-dark(…, …)` for a colour with a dark variant.
    public var cssValue: String {
        guard let dark else { return Self.css(red, green, blue, alpha) }
        return "light-dark(" + Self.css(red, green, blue, alpha) + ", "
            + Self.css(dark.red, dark.green, dark.blue, dark.alpha) + ")"
    }

    /// The CSS value of the light appearance only.
    public var lightCSSValue: String { Self.css(red, green, blue, alpha) }

    /// The CSS value of the dark appearance only.
    public var darkCSSValue: String { darkAppearance.lightCSSValue }

    public var description: String { cssValue }

    static func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(1, max(0, value))
    }

    static func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }

    static func css(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        if byte(a) == 255 {
            let hex = Array("0123456789abcdef")
            var text = "#"
            for component in [r, g, b] {
                let value = byte(component)
                text.append(hex[value >> 4])
                text.append(hex[value & 0x0F])
            }
            return text
        }
        return "rgba(\(byte(r)), \(byte(g)), \(byte(b)), \(OCKNumberFormat.decimal(a, maximumFractionDigits: 3)))"
    }
}

/// CareKit's colour type on iOS. Here it names ``OCKColor`` so sample code compiles unchanged.
public typealias UIColor = OCKColor
