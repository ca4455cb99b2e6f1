import Foundation

/// Numbers written in a locale's digits, separators and grouping ("1,234.5", "1.234,5",
/// "١٬٢٣٤٫٥"), with formatters made once per locale and style.
public enum OCKNumberFormatting {
    /// `value` with at most `maximumFractionDigits` decimals (at least `minimumFractionDigits`).
    public static func decimal(_ value: Double, locale: Locale, maximumFractionDigits: Int = 2, minimumFractionDigits: Int = 0) -> String {
        guard value.isFinite else { return OCKNumberFormat.decimal(value) }
        let most = max(0, min(maximumFractionDigits, 9))
        let least = max(0, min(minimumFractionDigits, most))
        return cache.use(
            "\(locale.identifier)|\(most)|\(least)",
            make: {
                let formatter = NumberFormatter()
                formatter.locale = locale
                formatter.numberStyle = .decimal
                formatter.maximumFractionDigits = most
                formatter.minimumFractionDigits = least
                return formatter
            }, { $0.string(from: NSNumber(value: value)) ?? OCKNumberFormat.decimal(value, maximumFractionDigits: most) })
    }

    /// A percentage of a fraction (`0.5` → "50%", "50 %", "٥٠٪"), rounded to a whole number.
    public static func percent(_ fraction: Double, locale: Locale) -> String {
        let fraction = fraction.isFinite ? fraction : 0
        return cache.use(
            "\(locale.identifier)|%",
            make: {
                let formatter = NumberFormatter()
                formatter.locale = locale
                formatter.numberStyle = .percent
                formatter.maximumFractionDigits = 0
                return formatter
            }, { $0.string(from: NSNumber(value: fraction)) ?? OCKNumberFormat.percent(fraction) })
    }

    private static let cache = _FormatterCache<NumberFormatter>(capacity: 64)
}
