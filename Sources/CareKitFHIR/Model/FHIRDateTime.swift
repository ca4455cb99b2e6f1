import Foundation

/// FHIR's `dateTime`, `instant`, `date` and `time` text.
///
/// Instants are written in a time zone's local time with its offset, and with at most three
/// fractional digits (milliseconds; none for whole seconds): FHIR's `instant` allows no more in
/// practice, and validators such as fhir.resources refuse longer fractions. Where a CareKit date
/// must come back bit for bit, the mapping's extensions carry it exactly as well
/// (``FHIRExtension/instant(_:_:in:)``).
public enum FHIRDateTime {

    /// A parsed `dateTime`: the span of time its precision covers (`2025` is the whole year).
    public struct Parsed: Hashable, Sendable {
        /// Year, month, day or a time.
        public enum Precision: Int, Sendable, Comparable {
            case year, month, day, time
            /// Orders precisions from the coarsest.
            public static func < (lhs: Precision, rhs: Precision) -> Bool { lhs.rawValue < rhs.rawValue }
        }
        /// The first instant it names.
        public var start: Date
        /// The first instant after the span it names: the next day for a date, the next second
        /// for a time with whole seconds, the instant itself for a time with a fraction.
        public var end: Date
        /// How precisely it was written.
        public var precision: Precision
        /// The offset it was written with, in seconds, when it has a time.
        public var offset: Int?
    }

    static func gregorian(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// `date` as a `dateTime`/`instant` in `timeZone` (UTC when the zone's offset at that time is
    /// not whole minutes, as FHIR offsets must be).
    public static func string(_ date: Date, in timeZone: TimeZone) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite else { return "0001-01-01T00:00:00Z" }
        let whole = seconds.rounded(.down)
        let wholeDate = Date(timeIntervalSinceReferenceDate: whole)
        var offset = timeZone.secondsFromGMT(for: wholeDate)
        var zone = timeZone
        if offset % 60 != 0 { offset = 0; zone = .gmt }
        let parts = gregorian(zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: wholeDate)
        let year = min(max(parts.year ?? 1, 1), 9999)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        text += millisecondDigits(seconds - whole).map { "." + $0 } ?? ""
        if offset == 0 {
            text += "Z"
        } else {
            let sign = offset < 0 ? "-" : "+"
            text += String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        }
        return text
    }

    /// The day of `date` in `timeZone` as a FHIR `date` (YYYY-MM-DD).
    public static func dateString(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = gregorian(timeZone).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", min(max(parts.year ?? 1, 1), 9999), parts.month ?? 1, parts.day ?? 1)
    }

    /// The milliseconds of a fraction in [0, 1), without trailing zeros (".5", ".125"); nil
    /// when they are none. Rounded to the nearest millisecond, never up to a whole second.
    static func millisecondDigits(_ fraction: Double) -> String? {
        guard fraction > 0, fraction < 1 else { return nil }
        let milliseconds = min(999, Int((fraction * 1000).rounded()))
        guard milliseconds > 0 else { return nil }
        var text = String(format: "%03d", milliseconds)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// Whether `date` is written exactly: it reads back as the same `Date` (whole milliseconds).
    public static func isExact(_ date: Date, in timeZone: TimeZone) -> Bool {
        parse(string(date, in: timeZone), timeZone: timeZone)?.start == date
    }

    /// Reads a FHIR `dateTime`, `instant` or `date`. Partial dates and times written without an
    /// offset are read in `timeZone`. Nil when the text is not one (or names no real date).
    public static func parse(_ text: String, timeZone: TimeZone) -> Parsed? {
        var scanner = _Scanner(text)
        guard let year = scanner.digits(4), year >= 1 else { return nil }
        var parts = DateComponents(year: year, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        var precision = Parsed.Precision.year
        var fraction = 0.0
        var fractionText = ""
        var offset: Int?
        if scanner.take("-") {
            guard let month = scanner.digits(2), (1...12).contains(month) else { return nil }
            parts.month = month
            precision = .month
            if scanner.take("-") {
                guard let day = scanner.digits(2), (1...31).contains(day) else { return nil }
                parts.day = day
                precision = .day
                if scanner.take("T") {
                    guard let hour = scanner.digits(2), hour < 24, scanner.take(":"), let minute = scanner.digits(2), minute < 60 else { return nil }
                    parts.hour = hour
                    parts.minute = minute
                    if scanner.take(":") {
                        guard let second = scanner.digits(2), second < 60 else { return nil }
                        parts.second = second
                        if scanner.take(".") {
                            fractionText = scanner.digitRun()
                            guard !fractionText.isEmpty, fractionText.count <= 30, let value = Double("0." + fractionText) else { return nil }
                            fraction = value
                        }
                    }
                    precision = .time
                    if scanner.take("Z") {
                        offset = 0
                    } else if let sign = scanner.sign() {
                        guard let hours = scanner.digits(2), scanner.take(":"), let minutes = scanner.digits(2), hours <= 14, minutes < 60 else { return nil }
                        offset = sign * (hours * 3600 + minutes * 60)
                    }
                }
            }
        }
        guard scanner.isAtEnd else { return nil }
        let zone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
        let calendar = gregorian(zone)
        guard let whole = calendar.date(from: parts) else { return nil }
        // The calendar rolls 2025-02-30 over into March: such a date does not exist.
        let check = calendar.dateComponents([.year, .month, .day], from: whole)
        guard check.year == parts.year, check.month == parts.month, check.day == parts.day else { return nil }
        let start = whole.addingTimeInterval(fraction)
        let end: Date
        switch precision {
        case .year: end = calendar.date(byAdding: .year, value: 1, to: whole) ?? whole
        case .month: end = calendar.date(byAdding: .month, value: 1, to: whole) ?? whole
        case .day: end = calendar.date(byAdding: .day, value: 1, to: whole) ?? whole
        case .time: end = fractionText.isEmpty ? whole.addingTimeInterval(1) : start
        }
        return Parsed(start: start, end: end, precision: precision, offset: offset)
    }

    /// Reads a FHIR `time` (hh:mm:ss, optionally with a fraction) as seconds after midnight.
    public static func parseTime(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        var scanner = _Scanner(text)
        guard let hour = scanner.digits(2), hour < 24, scanner.take(":"), let minute = scanner.digits(2), minute < 60 else { return nil }
        var second = 0
        if scanner.take(":") {
            guard let value = scanner.digits(2), value < 60 else { return nil }
            second = value
            if scanner.take(".") { _ = scanner.digitRun() }
        }
        guard scanner.isAtEnd else { return nil }
        return (hour, minute, second)
    }

    /// A FHIR `time` text.
    public static func timeString(hour: Int, minute: Int, second: Int) -> String {
        String(format: "%02d:%02d:%02d", hour, minute, second)
    }
}

/// Reads ASCII digits and punctuation from the front of a string.
struct _Scanner {
    private var rest: Substring.UTF8View

    init(_ text: String) { rest = Substring(text).utf8 }

    var isAtEnd: Bool { rest.isEmpty }

    mutating func take(_ character: Character) -> Bool {
        guard let byte = character.asciiValue, rest.first == byte else { return false }
        rest = rest.dropFirst()
        return true
    }

    /// +1 or -1 when the next character is a sign.
    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }

    /// Exactly `count` digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        var taken = rest
        for _ in 0..<count {
            guard let byte = taken.first, (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
            taken = taken.dropFirst()
        }
        rest = taken
        return value
    }

    /// Every digit up to the next other character.
    mutating func digitRun() -> String {
        var text = ""
        while let byte = rest.first, (48...57).contains(byte) {
            text.append(Character(Unicode.Scalar(byte)))
            rest = rest.dropFirst()
        }
        return text
    }
}
