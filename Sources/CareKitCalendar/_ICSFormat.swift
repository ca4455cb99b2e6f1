import Foundation

/// Content lines (RFC 5545 §3.1): CRLF at the end of each, folded so no line is longer than
/// 75 octets, a fold never splitting a UTF-8 character.
struct _ICSLines {
    private var output: [UInt8] = []

    mutating func append(_ line: String) {
        var count = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if count + bytes.count > 75 {
                output += [13, 10, 32]
                count = 1
            }
            output += bytes
            count += bytes.count
        }
        output += [13, 10]
    }

    var text: String { String(decoding: output, as: UTF8.self) }
}

/// TEXT values (§3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`; other
/// control characters, which calendars would show or choke on, become spaces.
enum _ICSText {
    static func escape(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }
}

/// Dates and times as RFC 5545 writes them.
enum _ICSDate {
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return local(date, calendar: calendar) + "Z"
    }

    /// Local time without an offset (the TZID parameter says which zone).
    static func local(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return local(date, calendar: calendar)
    }

    static func date(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return pad(parts.year ?? 0, 4) + pad(parts.month ?? 0, 2) + pad(parts.day ?? 0, 2)
    }

    private static func local(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return pad(parts.year ?? 0, 4) + pad(parts.month ?? 0, 2) + pad(parts.day ?? 0, 2) + "T"
            + pad(parts.hour ?? 0, 2) + pad(parts.minute ?? 0, 2) + pad(parts.second ?? 0, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// DURATION values (§3.3.6): `PT1H30M`, `P1DT2H`, `PT0S`.
enum _ICSDuration {
    static func text(_ seconds: Double) -> String {
        // Up to a hundred years: a length the store may hold cannot overflow an Int here.
        guard seconds.isFinite, seconds >= 0.5 else { return "PT0S" }
        var rest = Int(min(seconds, 100 * 366 * 86_400).rounded())
        let days = rest / 86_400
        rest %= 86_400
        let hours = rest / 3600, minutes = (rest % 3600) / 60, secs = rest % 60
        var out = "P"
        if days > 0 { out += "\(days)D" }
        if hours > 0 || minutes > 0 || secs > 0 {
            out += "T"
            if hours > 0 { out += "\(hours)H" }
            if minutes > 0 { out += "\(minutes)M" }
            if secs > 0 { out += "\(secs)S" }
        }
        return out
    }
}
