import CareKitStore
import Foundation

/// A care plan as an iCalendar feed (RFC 5545), so that a phone's calendar shows the events
/// and reminds the patient without the app: one VEVENT per schedule element of each task
/// version, repeating with an RRULE, with the time zone's rules (VTIMEZONE), the event's length,
/// and a VALARM when the task has a reminder. A task version that another version replaced or
/// a deletion ended stops with UNTIL where the next one takes over, as the store's events do.
///
/// Schedules the RRULE grammar cannot say exactly (an interval that mixes units, such as one
/// day and one hour) are listed occurrence by occurrence (RDATE) up to `horizon`. Each time zone
/// is its current yearly rule (observances with an RRULE, which hold past the horizon), after
/// the changes before it, listed (RFC 5545 §3.6.5). The feed asks to be fetched again every
/// `refreshInterval` (`REFRESH-INTERVAL`, RFC 7986, and Outlook's `X-PUBLISHED-TTL`).
public struct OCKCalendarFeed: Sendable {
    /// The calendar's name (`X-WR-CALNAME`), shown by calendar apps.
    public var name: String
    /// When the feed is made (`DTSTAMP`).
    public var now: Date
    /// How far listed occurrences (RDATE) reach, and, two years further, time-zone changes that
    /// follow no yearly rule.
    public var horizon: Date
    /// Every version of every task, tombstones included (``OCKStore/exportVersions()`` gives them).
    public var versions: [OCKTask]
    /// How often calendar apps should fetch the feed again, in seconds: an hour by default,
    /// rounded to whole minutes between one minute and a week.
    public var refreshInterval: TimeInterval

    public init(name: String, versions: [OCKTask], now: Date, horizon: Date? = nil, refreshInterval: TimeInterval = 3600) {
        self.name = name
        self.versions = versions
        self.now = now
        self.horizon = horizon ?? now.addingTimeInterval(3 * 366 * 86_400)
        self.refreshInterval = refreshInterval
    }

    /// The feed's text, lines ended by CRLF and folded at 75 octets.
    public func ics() -> String {
        var lines = _ICSLines()
        lines.append("BEGIN:VCALENDAR")
        lines.append("VERSION:2.0")
        lines.append("PRODID:-//CareKit for Swift on Linux//Care plan//EN")
        lines.append("CALSCALE:GREGORIAN")
        lines.append("METHOD:PUBLISH")
        lines.append("X-WR-CALNAME:" + _ICSText.escape(name))
        let minutes = refreshInterval.isFinite ? min(max(1, (refreshInterval / 60).rounded()), 10_080) : 60
        let refresh = _ICSDuration.text(minutes * 60)
        lines.append("REFRESH-INTERVAL;VALUE=DURATION:" + refresh)
        lines.append("X-PUBLISHED-TTL:" + refresh)
        var zones: [String: (TimeZone, Date)] = [:]
        var events: [_ICSEvent] = []
        for (_, taskVersions) in Dictionary(grouping: versions, by: \.id).sorted(by: { $0.key < $1.key }) {
            for span in OCKVersionSpan.spans(of: taskVersions) where !span.isTombstone {
                for (index, element) in span.version.schedule.elements.enumerated() where element.isValid {
                    guard
                        let event = _ICSEvent(
                            task: span.version, elementIndex: index, element: element,
                            from: span.start, until: span.end, horizon: horizon)
                    else { continue }
                    if let zone = event.timeZone {
                        let earliest = min(zones[zone.identifier]?.1 ?? event.start, event.start)
                        zones[zone.identifier] = (zone, earliest)
                    }
                    events.append(event)
                }
            }
        }
        for (identifier, (zone, earliest)) in zones.sorted(by: { $0.key < $1.key }) {
            _ICSTimeZone.append(zone, identifier: identifier, from: earliest.addingTimeInterval(-86_400 * 400), to: horizon, to: &lines)
        }
        let stamp = _ICSDate.utc(now)
        for event in events { event.append(to: &lines, stamp: stamp) }
        lines.append("END:VCALENDAR")
        return lines.text
    }
}

/// One schedule element of one task version, as a VEVENT.
struct _ICSEvent {
    let uid: String
    let summary: String
    let detail: String?
    let start: Date
    let allDay: Bool
    let timeZone: TimeZone?
    let calendar: Calendar
    let durationSeconds: Double
    let rule: String?
    let dates: [Date]
    let reminder: Int?

    /// Nil when the element has no event in `[from, until)`.
    init?(task: OCKTask, elementIndex: Int, element: OCKScheduleElement, from: Date, until: Date?, horizon: Date) {
        let end = [until, element.end].compactMap { $0 }.min()
        // The first event the version owns: the first that starts at or after `from`.
        let single = OCKSchedule(composing: [element])
        let window = single.events(from: from, to: end ?? horizon).filter { $0.start >= from }
        // A schedule that starts after the horizon still gets its first event.
        let later = end == nil && window.isEmpty ? single.events(from: from, to: from.addingTimeInterval(20 * 366 * 86_400)).first { $0.start >= from } : nil
        guard let first = window.first ?? later else { return nil }
        uid = "\(task.uuid.uuidString)-\(elementIndex)@carekit"
        summary = task.title ?? task.id
        detail = task.instructions
        start = first.start
        calendar = element.calendar
        allDay = element.duration == .allDay
        durationSeconds = {
            if case .seconds(let seconds) = element.duration { return max(0, seconds) }
            return 86_400
        }()
        reminder = task.reminderMinutesBefore
        let recurrence = _ICSRule(element: element)
        var ruleText = recurrence.text
        if let ruleBody = ruleText, let end {
            let last = end.addingTimeInterval(-1)
            ruleText = ruleBody + ";UNTIL=" + (allDay ? _ICSDate.date(last, calendar: element.calendar) : _ICSDate.utc(last))
        }
        rule = ruleText
        // What RRULE cannot say is listed up to the horizon.
        dates = ruleText == nil ? window.dropFirst().map(\.start).filter { $0 < horizon } : []
        timeZone = (allDay || recurrence.isAbsolute) ? nil : element.calendar.timeZone
    }

    func append(to lines: inout _ICSLines, stamp: String) {
        lines.append("BEGIN:VEVENT")
        lines.append("UID:" + uid)
        lines.append("DTSTAMP:" + stamp)
        lines.append("SUMMARY:" + _ICSText.escape(summary))
        if let detail, !detail.isEmpty { lines.append("DESCRIPTION:" + _ICSText.escape(detail)) }
        if allDay {
            lines.append("DTSTART;VALUE=DATE:" + _ICSDate.date(start, calendar: calendar))
            lines.append("DURATION:P1D")
        } else if let timeZone {
            lines.append("DTSTART;TZID=\(timeZone.identifier):" + _ICSDate.local(start, in: timeZone))
            lines.append("DURATION:" + _ICSDuration.text(durationSeconds))
        } else {
            lines.append("DTSTART:" + _ICSDate.utc(start))
            lines.append("DURATION:" + _ICSDuration.text(durationSeconds))
        }
        if let rule { lines.append("RRULE:" + rule) }
        for chunk in stride(from: 0, to: dates.count, by: 20) {
            let part = dates[chunk..<min(chunk + 20, dates.count)]
            if allDay {
                lines.append("RDATE;VALUE=DATE:" + part.map { _ICSDate.date($0, calendar: calendar) }.joined(separator: ","))
            } else if let timeZone {
                lines.append("RDATE;TZID=\(timeZone.identifier):" + part.map { _ICSDate.local($0, in: timeZone) }.joined(separator: ","))
            } else {
                lines.append("RDATE:" + part.map { _ICSDate.utc($0) }.joined(separator: ","))
            }
        }
        if let reminder {
            lines.append("BEGIN:VALARM")
            lines.append("ACTION:DISPLAY")
            lines.append("DESCRIPTION:" + _ICSText.escape(summary))
            lines.append("TRIGGER:" + (reminder == 0 ? "PT0S" : "-" + _ICSDuration.text(Double(reminder) * 60)))
            lines.append("END:VALARM")
        }
        lines.append("END:VEVENT")
    }
}

/// An element's interval as an RRULE, when the grammar can say it exactly.
struct _ICSRule {
    /// The rule without UNTIL, or nil when the occurrences must be listed.
    let text: String?
    /// Whether the rule counts absolute time (hours, minutes, seconds), so it is written in UTC.
    let isAbsolute: Bool

    init(element: OCKScheduleElement) {
        let interval = element.interval
        func value(_ component: Calendar.Component) -> Int { interval.value(for: component) ?? 0 }
        let years = value(.year), months = value(.month), weeks = value(.weekOfYear), days = value(.day)
        let hours = value(.hour), minutes = value(.minute), seconds = value(.second)
        let calendarParts = [years, months, weeks, days].filter { $0 != 0 }.count
        let clockSeconds = hours * 3600 + minutes * 60 + seconds
        let calendar = element.calendar
        let startDay = calendar.component(.day, from: element.start)
        let startMonth = calendar.component(.month, from: element.start)

        /// `BYMONTHDAY` for a day that some months lack: the last of 28…day that the month has,
        /// which is where the store's closed-form arithmetic puts it (Jan 31 → Feb 28 → Mar 31).
        func monthDay(_ day: Int) -> String {
            day <= 28 ? ";BYMONTHDAY=\(day)" : ";BYMONTHDAY=" + (28...day).map(String.init).joined(separator: ",") + ";BYSETPOS=-1"
        }

        switch (calendarParts, clockSeconds) {
        case (0, let total) where total > 0 && element.duration != .allDay:
            isAbsolute = true
            if total % 3600 == 0 {
                text = "FREQ=HOURLY;INTERVAL=\(total / 3600)"
            } else if total % 60 == 0 {
                text = "FREQ=MINUTELY;INTERVAL=\(total / 60)"
            } else {
                text = "FREQ=SECONDLY;INTERVAL=\(total)"
            }
        case (1, 0) where days > 0:
            isAbsolute = false
            text = "FREQ=DAILY;INTERVAL=\(days)"
        case (1, 0) where weeks > 0:
            isAbsolute = false
            text = "FREQ=WEEKLY;INTERVAL=\(weeks)"
        case (1, 0) where months > 0:
            isAbsolute = false
            text = "FREQ=MONTHLY;INTERVAL=\(months)" + monthDay(startDay)
        case (1, 0) where years > 0:
            isAbsolute = false
            let day = startMonth == 2 && startDay == 29 ? monthDay(29) : ";BYMONTHDAY=\(startDay)"
            text = "FREQ=YEARLY;INTERVAL=\(years);BYMONTH=\(startMonth)" + day
        default:
            isAbsolute = false
            text = nil
        }
    }
}
