import Foundation

/// Formats dates from CLDR templates ("jmm", "EEEEMMMMd") in an explicit calendar, time zone and
/// locale. Making an ICU date formatter costs far more than using one, so formatters are made
/// once per template, locale, calendar and time zone, and shared (each used under a lock).
public struct OCKDateFormatting: Sendable {
    /// The calendar (with its time zone).
    public var calendar: Calendar
    /// The locale.
    public var locale: Locale

    public init(calendar: Calendar, locale: Locale) {
        self.calendar = calendar
        self.locale = locale
    }

    /// `date` written with the localized form of `template`.
    public func string(from date: Date, template: String) -> String {
        let key = "\(template)|\(locale.identifier)|\(calendar.identifier)|\(calendar.timeZone.identifier)|\(calendar.firstWeekday)"
        return Self.cache.use(
            key,
            make: {
                let formatter = DateFormatter()
                formatter.calendar = calendar
                formatter.timeZone = calendar.timeZone
                formatter.locale = locale
                formatter.setLocalizedDateFormatFromTemplate(template)
                return formatter
            }, { $0.string(from: date) })
    }

    private static let cache = _FormatterCache<DateFormatter>(capacity: 256)
}

/// Foundation formatters, made once per key and shared: each is used under the cache's lock
/// (they are not thread-safe), and the cache is emptied when it holds `capacity` of them.
final class _FormatterCache<Formatter: AnyObject>: @unchecked Sendable {
    private var formatters: [String: Formatter] = [:]
    private let lock = NSLock()
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// `body` applied to the formatter of `key` (made by `make` the first time).
    func use<Result>(_ key: String, make: () -> Formatter, _ body: (Formatter) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[key] { return body(formatter) }
        let formatter = make()
        if formatters.count >= capacity { formatters.removeAll() }
        formatters[key] = formatter
        return body(formatter)
    }
}

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
