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
