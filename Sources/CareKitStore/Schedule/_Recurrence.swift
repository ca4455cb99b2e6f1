import Foundation

/// The arithmetic of one schedule element, with its interval decoded once so that loops over
/// many occurrences do not re-read `DateComponents`. Only built for valid elements.
struct _Recurrence {
    let element: OCKScheduleElement
    /// The element as its events hold it: one copy for all of them.
    let sharedElement: _Shared<OCKScheduleElement>
    let start: Date
    let end: Date?
    let isAllDay: Bool
    let durationSeconds: Double
    let calendar: Calendar
    /// Non-nil when the interval is absolute time (hours, minutes, seconds only).
    let fixedSeconds: Double?
    /// The calendar components of the interval, for calendar arithmetic.
    let components: [(Calendar.Component, Int)]
    let approximateSeconds: Double
    /// Calendar-free arithmetic for intervals of whole days or weeks, or nil.
    let civilDays: _CivilDays?

    /// `usesCivilDays: false` forces calendar arithmetic everywhere (tests compare the two).
    init(_ element: OCKScheduleElement, usesCivilDays: Bool = true) {
        self.element = element
        sharedElement = _Shared(element)
        start = element.start
        end = element.end
        calendar = element.calendar
        switch element.duration {
        case .allDay:
            isAllDay = true
            durationSeconds = 86_400
        case .seconds(let seconds):
            isAllDay = false
            durationSeconds = seconds
        }
        var components: [(Calendar.Component, Int)] = []
        var fixed: Double? = 0
        var approximate = 0.0
        for (component, seconds) in OCKScheduleElement.supportedIntervalComponents {
            guard let value = element.interval.value(for: component), value != 0 else { continue }
            components.append((component, value))
            approximate += Double(value) * seconds
            if component == .hour || component == .minute || component == .second {
                fixed = fixed.map { $0 + Double(value) * seconds }
            } else {
                fixed = nil
            }
        }
        self.components = components
        self.fixedSeconds = fixed
        self.approximateSeconds = max(approximate, 1)
        civilDays = usesCivilDays ? _CivilDays(components: components, calendar: element.calendar) : nil
    }

    /// The unadjusted date of occurrence `k`, or nil when it cannot be represented.
    func rawDate(_ k: Int) -> Date? {
        if k == 0 { return start }
        if let civilDays { return civilDays.date(ofStep: k) { calendarDate(k) } }
        return calendarDate(k)
    }

    /// The unadjusted date of occurrence `k` by calendar (or absolute) arithmetic.
    private func calendarDate(_ k: Int) -> Date? {
        if let fixedSeconds {
            let date = start.addingTimeInterval(fixedSeconds * Double(k))
            return date.timeIntervalSinceReferenceDate.isFinite ? date : nil
        }
        var scaled = DateComponents()
        for (component, value) in components {
            let (product, overflow) = value.multipliedReportingOverflow(by: k)
            guard !overflow, abs(product) < 1 << 40 else { return nil }
            scaled.setValue(product, for: component)
        }
        return calendar.date(byAdding: scaled, to: start)
    }

    /// The start of occurrence `k`, or nil when it does not exist (past the end, unrepresentable).
    func startDate(_ k: Int) -> Date? {
        guard k >= 0, let raw = rawDate(k) else { return nil }
        let eventStart = isAllDay ? (civilDays?.startOfDay(for: raw) ?? calendar.startOfDay(for: raw)) : raw
        if let end, !(eventStart < end) { return nil }
        return eventStart
    }

    /// The end of an event that starts at `eventStart`: the last second of its day when all-day
    /// (as CareKit), otherwise start plus the duration.
    func endDate(startingAt eventStart: Date) -> Date {
        guard isAllDay else { return eventStart.addingTimeInterval(durationSeconds) }
        let nextDay = civilDays?.startOfNextDay(afterDayStart: eventStart) ?? calendar.ockStartOfNextDay(after: eventStart)
        return nextDay.addingTimeInterval(-1)
    }

    /// Occurrence `k`, numbered within this element.
    func event(_ k: Int) -> OCKScheduleEvent? {
        guard let eventStart = startDate(k) else { return nil }
        return OCKScheduleEvent(start: eventStart, end: endDate(startingAt: eventStart), sharedElement: sharedElement, occurrence: k)
    }

    private func guess(for date: Date, lead: Double = 0) -> Int {
        let estimate = (date.timeIntervalSince(start) - lead) / approximateSeconds
        guard estimate.isFinite else { return 0 }
        return Int(min(max(estimate, 0), Double(1 << 40)))
    }

    /// The number of events that start before `date`.
    /// - Complexity: O(log n) calendar operations, usually O(1) thanks to a close first guess.
    func countOfEvents(startingBefore date: Date) -> Int {
        guard date > start else { return 0 }
        return OCKScheduleElement.firstIndex(from: guess(for: date)) { k in
            guard let eventStart = startDate(k) else { return true }
            return eventStart >= date
        }
    }

    /// The index of the first event that ends at or after `date`.
    func firstOccurrence(endingAtOrAfter date: Date) -> Int {
        OCKScheduleElement.firstIndex(from: guess(for: date, lead: durationSeconds)) { k in
            guard let eventStart = startDate(k) else { return true }
            return endDate(startingAt: eventStart) >= date
        }
    }
}

/// Steps of whole days (or weeks) in a Gregorian calendar with little calendar arithmetic,
/// which costs microseconds per call. Where the time zone's offset stays the same for two days
/// either side, consecutive steps keep the wall-clock time of one computed by the calendar (the
/// anchor), so an occurrence, its day's start and the next day's start are plain arithmetic.
/// Near an offset change (daylight saving, a zone's change of standard time, a skipped day) it
/// asks the calendar, which knows how a skipped or repeated hour falls; anchoring on the
/// calendar's own answer keeps the two in step everywhere. One instance serves one query, on
/// one thread.
final class _CivilDays {
    private let timeZone: TimeZone
    private let stepSeconds: Double
    /// Instants (seconds since the reference date) whose whole neighbourhood has `offset`.
    private var window: (from: Double, to: Double, offset: Double)?
    /// A step computed by the calendar inside the window, as local seconds.
    private var anchor: (k: Int, local: Double)?

    private static let day = 86_400.0
    /// How far from an offset change the arithmetic is trusted: more than any change of
    /// offset (at most a day) plus the span of a day's start and end.
    private static let margin = 2 * day + 3_600

    init?(components: [(Calendar.Component, Int)], calendar: Calendar) {
        // One component only: across Pacific/Apia's skipped day (2011-12-30), Foundation adds
        // days and weeks in a mix inconsistently, and the anchor could not follow it.
        guard calendar.identifier == .gregorian, components.count == 1, let (component, value) = components.first else { return nil }
        let daysPerUnit: Int
        switch component {
        case .day: daysPerUnit = 1
        case .weekOfYear: daysPerUnit = 7
        default: return nil
        }
        let (days, overflow) = value.multipliedReportingOverflow(by: daysPerUnit)
        guard !overflow, days > 0, days < 1 << 30 else { return nil }
        timeZone = calendar.timeZone
        stepSeconds = Double(days) * Self.day
    }

    /// The instant of step `k`, by arithmetic from the anchor when both lie in the window,
    /// otherwise by `calendar` (which becomes the anchor when it lies far from offset changes).
    func date(ofStep k: Int, calendar: () -> Date?) -> Date? {
        if let window, let anchor {
            let candidate = anchor.local + Double(k - anchor.k) * stepSeconds - window.offset
            if candidate >= window.from && candidate <= window.to { return Date(timeIntervalSinceReferenceDate: candidate) }
        }
        guard let date = calendar() else { return nil }
        let instant = date.timeIntervalSinceReferenceDate
        if let offset = offset(near: instant) { anchor = (k, instant + offset) }
        return date
    }

    /// The first instant of the local day of `date`.
    func startOfDay(for date: Date) -> Date? {
        guard let offset = offset(near: date.timeIntervalSinceReferenceDate) else { return nil }
        let local = date.timeIntervalSinceReferenceDate + offset
        return Date(timeIntervalSinceReferenceDate: (local / Self.day).rounded(.down) * Self.day - offset)
    }

    /// The first instant of the day after the local day of `dayStart`.
    func startOfNextDay(afterDayStart dayStart: Date) -> Date? {
        guard let offset = offset(near: dayStart.timeIntervalSinceReferenceDate) else { return nil }
        let local = dayStart.timeIntervalSinceReferenceDate + offset
        return Date(timeIntervalSinceReferenceDate: (local / Self.day).rounded(.down) * Self.day + Self.day - offset)
    }

    /// The offset in force around `instant`, when the instant is far from any offset change.
    private func offset(near instant: Double) -> Double? {
        guard instant.isFinite, abs(instant) < 1e12 else { return nil }
        if let window, instant >= window.from && instant <= window.to { return window.offset }
        return probe(around: instant)
    }

    private func offset(at instant: Double) -> Double {
        Double(timeZone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: instant)))
    }

    /// Looks up the time zone around `instant`: when no offset change lies within three days
    /// of it, remembers the span without one (less the margin) and returns its offset.
    private func probe(around instant: Double) -> Double? {
        let from = instant - 3 * Self.day
        let next =
            timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSinceReferenceDate: from))?
            .timeIntervalSinceReferenceDate ?? .infinity
        guard next > instant + 3 * Self.day else { return nil }
        let current = offset(at: instant)
        // Belt and braces: the offset is the same at both ends of the six days.
        guard offset(at: from) == current, offset(at: instant + 3 * Self.day) == current else { return nil }
        window = (from: from + Self.margin, to: next - Self.margin, offset: current)
        anchor = nil
        return current
    }
}
