import Foundation

/// VTIMEZONE (§3.6.5) as calendar apps write it: the zone's current rule as one STANDARD and
/// one DAYLIGHT observance repeating every year (RRULE, no end), from the first year it held,
/// so the zone stays right for as long as the rule does, past any horizon. Changes before the
/// rule, and changes no yearly rule says (a zone that moves its clocks by a lunar calendar, or
/// once), are written one observance each, from the one in force at the span's start, through
/// two years past its end. Everything is read from Foundation's zone data, nothing per zone.
enum _ICSTimeZone {
    /// How far past the span the zone data is read, so that a yearly rule is seen to go on.
    static let lookAhead: TimeInterval = 2 * 366 * 86_400
    private static let epoch = Date(timeIntervalSince1970: 0)

    static func append(_ zone: TimeZone, identifier: String, from start: Date, to end: Date, to lines: inout _ICSLines) {
        // From 1970 (or before the span, if earlier), so that a rule's first year is found.
        let scanStart = min(start.addingTimeInterval(-86_400), epoch)
        let scanEnd = max(start, end).addingTimeInterval(lookAhead)
        let changes = _ICSTransition.all(in: zone, from: scanStart, to: scanEnd)
        let rules = _ICSZoneRules(changes: changes, finalYear: scanEnd.addingTimeInterval(-366 * 86_400))
        let rulesStart = (rules.series.compactMap(\.changes.first) + rules.singles).map(\.instant).min()
        // The listed changes, from the one in force at the start; none if the rules cover it.
        var listed = rules.listed
        if let rulesStart, rulesStart <= start {
            listed = []
        } else if let inForce = listed.lastIndex(where: { $0.instant <= start }) {
            listed.removeFirst(inForce)
        }
        lines.append("BEGIN:VTIMEZONE")
        lines.append("TZID:" + identifier)
        let firstOnset = ([listed.first?.instant, rulesStart].compactMap { $0 }).min()
        if firstOnset.map({ $0 > start }) ?? true {
            // No change before the start: the offset in force then, as an observance from long before.
            let offset = zone.secondsFromGMT(for: start)
            observance(
                daylight: zone.isDaylightSavingTime(for: start), localStart: String(_ICSDate.utc(scanStart).dropLast()),
                from: offset, to: offset, rule: nil, name: zone.abbreviation(for: start), lines: &lines)
        }
        for change in listed + rules.singles {
            observance(change, rule: nil, name: change.name, lines: &lines)
        }
        for series in rules.series {
            guard let first = series.changes.first, let last = series.changes.last else { continue }
            // The latest name: a zone may have renamed its times since the rule began.
            observance(first, rule: series.rule, name: last.name, lines: &lines)
        }
        lines.append("END:VTIMEZONE")
    }

    private static func observance(_ change: _ICSTransition, rule: String?, name: String?, lines: inout _ICSLines) {
        observance(daylight: change.isDaylight, localStart: change.localText, from: change.before, to: change.after, rule: rule, name: name, lines: &lines)
    }

    /// DTSTART of an observance is local time in the offset in force before it.
    private static func observance(daylight: Bool, localStart: String, from: Int, to: Int, rule: String?, name: String?, lines: inout _ICSLines) {
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        lines.append("BEGIN:" + kind)
        lines.append("DTSTART:" + localStart)
        if let rule { lines.append("RRULE:" + rule) }
        lines.append("TZOFFSETFROM:" + offset(from))
        lines.append("TZOFFSETTO:" + offset(to))
        if let name, !name.isEmpty { lines.append("TZNAME:" + _ICSText.escape(name)) }
        lines.append("END:" + kind)
    }

    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let value = abs(seconds)
        let text = _ICSDate.pad(value / 3600, 2) + _ICSDate.pad((value % 3600) / 60, 2)
        return sign + text + (value % 60 == 0 ? "" : _ICSDate.pad(value % 60, 2))
    }
}
