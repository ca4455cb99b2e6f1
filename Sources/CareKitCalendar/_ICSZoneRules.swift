import Foundation

/// One change of a zone's offset, as Foundation's zone data says it.
struct _ICSTransition {
    let instant: Date
    /// Seconds east of UTC before and after the change.
    let before: Int, after: Int
    let isDaylight: Bool
    let name: String?
    /// The wall-clock time of the change in the offset before it (an observance's DTSTART):
    /// year, month, day, weekday (1 is Sunday), and seconds since midnight.
    let year: Int, month: Int, day: Int, weekday: Int, secondsOfDay: Int
    /// How many days the month of the change has that year.
    let daysInMonth: Int

    private static let civil: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    init(instant: Date, zone: TimeZone) {
        self.instant = instant
        before = zone.secondsFromGMT(for: instant.addingTimeInterval(-1))
        after = zone.secondsFromGMT(for: instant)
        isDaylight = zone.isDaylightSavingTime(for: instant)
        name = zone.abbreviation(for: instant)
        let wall = instant.addingTimeInterval(Double(before))
        let parts = Self.civil.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: wall)
        year = parts.year ?? 0
        month = parts.month ?? 0
        day = parts.day ?? 0
        weekday = parts.weekday ?? 0
        secondsOfDay = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        daysInMonth = Self.civil.range(of: .day, in: .month, for: wall)?.count ?? 28
    }

    /// The local time of the change as DTSTART writes it (`20250309T020000`).
    var localText: String { String(_ICSDate.utc(instant.addingTimeInterval(Double(before))).dropLast()) }

    /// What the changes of one yearly rule share: the direction, the time and the month.
    var seriesKey: _ICSSeriesKey {
        _ICSSeriesKey(isDaylight: isDaylight, before: before, after: after, month: month, secondsOfDay: secondsOfDay)
    }

    /// Every change of offset between two dates, in order (a change of name or of the daylight
    /// saving flag alone is left out).
    static func all(in zone: TimeZone, from start: Date, to end: Date) -> [_ICSTransition] {
        var result: [_ICSTransition] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor, next < end, result.count < 4_000 {
            let transition = _ICSTransition(instant: next, zone: zone)
            if transition.before != transition.after { result.append(transition) }
            cursor = next
        }
        return result
    }
}

struct _ICSSeriesKey: Hashable {
    let isDaylight: Bool
    let before: Int, after: Int
    let month: Int
    let secondsOfDay: Int
}

/// Which day of its month a yearly change falls on, as an RRULE says it.
enum _ICSDayRule: Hashable {
    /// The first `weekday` (1 is Sunday) on or after day `first`: the Nth weekday when `first`
    /// is 1, 8, 15 or 22.
    case weekday(Int, onOrAfter: Int)
    /// The last `weekday` of the month.
    case lastWeekday(Int)
    /// The same day every year.
    case monthDay(Int)

    /// The shortest each month can be, so a rule finds its day every year.
    private static let shortestMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// Every rule that puts a change on the day it fell on.
    static func rules(of transition: _ICSTransition) -> Set<_ICSDayRule> {
        let shortest = shortestMonth[max(0, min(11, transition.month - 1))]
        var rules = Set((max(1, transition.day - 6)...transition.day).filter { $0 + 6 <= shortest }.map { _ICSDayRule.weekday(transition.weekday, onOrAfter: $0) })
        if transition.day + 7 > transition.daysInMonth { rules.insert(.lastWeekday(transition.weekday)) }
        if transition.day <= shortest { rules.insert(.monthDay(transition.day)) }
        return rules
    }

    /// The rule to write of those that fit every year: the Nth or last weekday (as calendar
    /// apps write them), else a weekday within seven days, else a fixed day.
    static func preferred(_ rules: Set<_ICSDayRule>) -> _ICSDayRule? {
        rules.min { $0.rank < $1.rank }
    }

    private var rank: (Int, Int) {
        switch self {
        case .weekday(_, let first) where (first - 1) % 7 == 0: (0, first)
        case .lastWeekday: (1, 0)
        case .weekday(_, let first): (2, first)
        case .monthDay(let day): (3, day)
        }
    }

    private static let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    private static func name(_ weekday: Int) -> String { names[max(0, min(6, weekday - 1))] }

    /// The rule's part of an RRULE after BYMONTH.
    var text: String {
        switch self {
        case .weekday(let weekday, let first) where (first - 1) % 7 == 0: "BYDAY=\((first - 1) / 7 + 1)\(Self.name(weekday))"
        case .weekday(let weekday, let first): "BYDAY=\(Self.name(weekday));BYMONTHDAY=" + (first...first + 6).map(String.init).joined(separator: ",")
        case .lastWeekday(let weekday): "BYDAY=-1\(Self.name(weekday))"
        case .monthDay(let day): "BYMONTHDAY=\(day)"
        }
    }
}

/// The changes of one yearly rule, one a year in consecutive years, oldest first.
struct _ICSSeries {
    var changes: [_ICSTransition]
    var rules: Set<_ICSDayRule>

    /// The observance's RRULE, when the rule has been seen more than once.
    var rule: String? {
        guard changes.count > 1, let first = changes.first, let day = _ICSDayRule.preferred(rules) else { return nil }
        return "FREQ=YEARLY;BYMONTH=\(first.month);" + day.text
    }
}

/// A zone's changes split in two: its current yearly rules (each from the first year the rule
/// held), and the changes before them, listed one by one.
struct _ICSZoneRules {
    /// The changes before the rules, in order.
    let listed: [_ICSTransition]
    /// The yearly rules, by their first change.
    let series: [_ICSSeries]
    /// The changes of a series seen once (which says nothing of the years after), in order.
    let singles: [_ICSTransition]

    /// Reads `changes` (in order) back from the last. Each change from `finalYear` on starts a
    /// series (one per direction, month and time of day); an earlier change joins its series if
    /// it falls in the year before the series' oldest, on a day one rule gives for all of them.
    /// The first change that joins none ends the rules: it and those before it are listed.
    init(changes: [_ICSTransition], finalYear: Date) {
        var open: [_ICSSeriesKey: _ICSSeries] = [:]
        var start = changes.count
        for index in changes.indices.reversed() {
            let change = changes[index]
            let key = change.seriesKey
            if var series = open[key], let oldest = series.changes.first {
                let rules = series.rules.intersection(_ICSDayRule.rules(of: change))
                guard change.year == oldest.year - 1, !rules.isEmpty else { break }
                series.rules = rules
                series.changes.insert(change, at: 0)
                open[key] = series
            } else {
                guard change.instant >= finalYear else { break }
                open[key] = _ICSSeries(changes: [change], rules: _ICSDayRule.rules(of: change))
            }
            start = index
        }
        listed = Array(changes[..<start])
        series = open.values.filter { $0.rule != nil }.sorted { ($0.changes.first?.instant ?? .distantPast) < ($1.changes.first?.instant ?? .distantPast) }
        singles = open.values.filter { $0.rule == nil }.flatMap(\.changes).sorted { $0.instant < $1.instant }
    }
}
