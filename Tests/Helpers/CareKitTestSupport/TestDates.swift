import Foundation

/// Dates in New York, never the machine's clock.
public enum TestDates {
    /// America/New_York.
    public static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

    /// A Gregorian calendar in New York (POSIX locale).
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// "2025-01-10" or "2025-01-10 08:30" in New York.
    public static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork
        formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }
}
