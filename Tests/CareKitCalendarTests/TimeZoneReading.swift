import Foundation

/// A feed's VTIMEZONE read back as RFC 5545 says (§3.6.5): each observance starts at its
/// DTSTART and again at every date its RRULE gives (read here without the feed's code: BYMONTH
/// with BYDAY `2SU`, `-1SU` or `SU` and BYMONTHDAY), each a local time in its TZOFFSETFROM; the
/// offset at an instant is the TZOFFSETTO of the latest onset at or before it.
struct TimeZoneReading {
    struct Observance {
        var kind = ""
        var start: [Int] = []
        var rule: [String: String] = [:]
        var from = 0, to = 0
    }

    let identifier: String
    let observances: [Observance]

    /// Every VTIMEZONE of a feed, by TZID.
    static func zones(in text: String) -> [String: TimeZoneReading] {
        var zones: [String: TimeZoneReading] = [:]
        var identifier: String?
        var observances: [Observance] = []
        var current: Observance?
        for line in text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n") {
            let (name, value) = (line.prefix { $0 != ":" }, String(line.drop { $0 != ":" }.dropFirst()))
            switch name {
            case "BEGIN" where value == "VTIMEZONE": (identifier, observances) = (nil, [])
            case "TZID" where current == nil: identifier = value
            case "BEGIN" where value == "STANDARD" || value == "DAYLIGHT": current = Observance(kind: value)
            case "DTSTART" where current != nil: current?.start = digits(value)
            case "RRULE" where current != nil:
                current?.rule = Dictionary(value.split(separator: ";").map { ($0.prefix { $0 != "=" }.description, $0.drop { $0 != "=" }.dropFirst().description) }) { $1 }
            case "TZOFFSETFROM" where current != nil: current?.from = offset(value)
            case "TZOFFSETTO" where current != nil: current?.to = offset(value)
            case "END" where value == "STANDARD" || value == "DAYLIGHT":
                if let done = current { observances.append(done) }
                current = nil
            case "END" where value == "VTIMEZONE": if let identifier { zones[identifier] = TimeZoneReading(identifier: identifier, observances: observances) }
            default: break
            }
        }
        return zones
    }

    /// `20250309T020000` as year, month, day, hour, minute, second.
    private static func digits(_ text: String) -> [Int] {
        let numbers = text.filter(\.isNumber).map { Int(String($0)) ?? 0 }
        guard numbers.count == 14 else { return [] }
        func take(_ range: Range<Int>) -> Int { numbers[range].reduce(0) { $0 * 10 + $1 } }
        return [take(0..<4), take(4..<6), take(6..<8), take(8..<10), take(10..<12), take(12..<14)]
    }

    /// `-0500`, `+1030` or `+053328` as seconds east of UTC.
    private static func offset(_ text: String) -> Int {
        let sign = text.hasPrefix("-") ? -1 : 1
        let numbers = text.dropFirst().compactMap { Int(String($0)) }
        guard numbers.count == 4 || numbers.count == 6 else { return 0 }
        let seconds = numbers.count == 6 ? numbers[4] * 10 + numbers[5] : 0
        return sign * ((numbers[0] * 10 + numbers[1]) * 3600 + (numbers[2] * 10 + numbers[3]) * 60 + seconds)
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// The days of a month that an RRULE's BYDAY and BYMONTHDAY pick.
    static func days(year: Int, month: Int, rule: [String: String]) -> [Int] {
        let calendar = utc
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        let count = calendar.range(of: .day, in: .month, for: first)!.count
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        func weekday(_ day: Int) -> String { names[(calendar.component(.weekday, from: first) - 1 + day - 1) % 7] }
        var days = Array(1...count)
        if let monthDays = rule["BYMONTHDAY"] { days = days.filter { monthDays.split(separator: ",").compactMap { Int($0) }.contains($0) } }
        if let byDay = rule["BYDAY"] {
            let name = String(byDay.suffix(2))
            let matching = days.filter { weekday($0) == name }
            let ordinal = Int(byDay.dropLast(2))
            switch ordinal {
            case nil: days = matching
            case let n? where n > 0: days = matching.count >= n ? [matching[n - 1]] : []
            case let n?: days = matching.count >= -n ? [matching[matching.count + n]] : []
            }
        }
        return days
    }

    /// Every onset up to the end of `lastYear`, in order: the instant, and the offset from then.
    func onsets(through lastYear: Int) -> [(instant: Date, offset: Int)] {
        var result: [(Date, Int)] = []
        for observance in observances where observance.start.count == 6 {
            let time = observance.start[3] * 3600 + observance.start[4] * 60 + observance.start[5]
            func onset(_ year: Int, _ month: Int, _ day: Int) -> Date {
                Self.utc.date(from: DateComponents(year: year, month: month, day: day))!.addingTimeInterval(Double(time - observance.from))
            }
            let first = onset(observance.start[0], observance.start[1], observance.start[2])
            result.append((first, observance.to))
            guard observance.rule["FREQ"] == "YEARLY", let month = observance.rule["BYMONTH"].flatMap({ Int($0) }) else { continue }
            for year in observance.start[0]...max(observance.start[0], lastYear) {
                for day in Self.days(year: year, month: month, rule: observance.rule) where onset(year, month, day) > first {
                    result.append((onset(year, month, day), observance.to))
                }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The offset at `instant` (nil before the first onset).
    static func offset(at instant: Date, in onsets: [(instant: Date, offset: Int)]) -> Int? {
        var low = 0, high = onsets.count
        while low < high {
            let middle = (low + high) / 2
            if onsets[middle].instant <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : onsets[low - 1].offset
    }
}
