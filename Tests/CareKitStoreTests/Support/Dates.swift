import Foundation

// Every date in these tests is built from an explicit Gregorian calendar and an explicit time
// zone. Nothing reads the machine's time zone, locale or clock.

/// IANA identifiers used throughout the tests.
let newYork = "America/New_York"
let berlin = "Europe/Berlin"
let utcZone = "UTC"

/// A Gregorian calendar in the given IANA time zone (POSIX locale, Sunday first).
func gregorian(_ zone: String) -> Calendar {
    guard let timeZone = TimeZone(identifier: zone) else {
        preconditionFailure("Unknown time zone identifier \(zone)")
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    calendar.locale = Locale(identifier: "en_US_POSIX")
    calendar.firstWeekday = 1
    calendar.minimumDaysInFirstWeek = 1
    return calendar
}

/// A date from local wall-clock text in a zone: `"2025-03-09"`, `"2025-03-09 02:30"` or
/// `"2025-03-09 02:30:15"`, optionally followed by an explicit UTC offset such as `" -05:00"`
/// to pick one of the two readings of a repeated (fall-back) hour.
///
/// A wall time skipped by daylight saving resolves the way Foundation resolves it (the gap is
/// added), so tests that care should spell out the UTC offset instead.
func date(_ text: String, in zone: String) -> Date {
    let pieces = text.split(separator: " ").map(String.init)
    precondition((1...3).contains(pieces.count), "Unreadable date text \(text)")
    let day = pieces[0].split(separator: "-").compactMap { Int($0) }
    precondition(day.count == 3, "Unreadable day in \(text)")
    var time = [0, 0, 0]
    if pieces.count >= 2 {
        let parts = pieces[1].split(separator: ":").compactMap { Int($0) }
        precondition((2...3).contains(parts.count), "Unreadable time in \(text)")
        for (index, value) in parts.enumerated() { time[index] = value }
    }
    if pieces.count == 3 {
        // An explicit offset: compute in UTC and shift.
        let offsetText = pieces[2]
        let sign = offsetText.hasPrefix("-") ? -1 : 1
        let digits = offsetText.dropFirst().split(separator: ":").compactMap { Int($0) }
        precondition(digits.count == 2, "Unreadable offset in \(text)")
        let offset = sign * (digits[0] * 3600 + digits[1] * 60)
        let utc = gregorian(utcZone)
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1], second: time[2])
        guard let asUTC = utc.date(from: components) else { preconditionFailure("No such date \(text)") }
        return asUTC.addingTimeInterval(TimeInterval(-offset))
    }
    let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1], second: time[2])
    guard let result = gregorian(zone).date(from: components) else { preconditionFailure("No such date \(text)") }
    return result
}

/// A date from an ISO-8601 UTC instant such as `"2025-03-09T07:00:00Z"`.
func utc(_ text: String) -> Date {
    let trimmed = text.hasSuffix("Z") ? String(text.dropLast()) : text
    return date(trimmed.replacingOccurrences(of: "T", with: " "), in: utcZone)
}

/// A date from seconds since 2001-01-01T00:00:00Z, the way CareKit's JSON writes dates.
func referenceDate(_ seconds: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
}

/// The local wall-clock reading of a date: `"2025-03-09 03:30"`, with `":ss"` when the seconds
/// are not zero. Used in assertions so failures read like a calendar.
func wall(_ date: Date, in zone: String) -> String {
    let calendar = gregorian(zone)
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    var text = "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day)) \(pad(c.hour)):\(pad(c.minute))"
    if let second = c.second, second != 0 { text += ":\(pad(second))" }
    return text
}

/// The wall-clock reading plus the UTC offset in force, `"2025-11-02 01:30 -04:00"`, for the
/// hour that repeats when clocks fall back.
func wallWithOffset(_ date: Date, in zone: String) -> String {
    guard let timeZone = TimeZone(identifier: zone) else { preconditionFailure("Unknown zone \(zone)") }
    let offset = timeZone.secondsFromGMT(for: date)
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    return wall(date, in: zone) + " \(sign)\(pad(magnitude / 3600)):\(pad((magnitude % 3600) / 60))"
}

/// A non-negative number left-padded with zeros.
private func pad(_ value: Int?, _ width: Int = 2) -> String {
    let digits = String(value ?? 0)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Hours between two dates as a Double (absolute time).
func hours(from start: Date, to end: Date) -> Double {
    end.timeIntervalSince(start) / 3600
}
