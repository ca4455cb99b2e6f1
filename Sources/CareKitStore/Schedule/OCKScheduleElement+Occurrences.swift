import Foundation

// Closed-form occurrence arithmetic: occurrence k starts at `start + k × interval` in the
// element's calendar. Nothing is accumulated step by step, so a month-end start does not drift
// (Jan 31 → Feb 28 → Mar 31), a wall-clock time skipped by daylight saving is back the next
// day, and occurrence 100,000 costs the same as occurrence 1.

extension OCKScheduleElement {

    /// The interval components an element may use; stores persist exactly these.
    static let supportedIntervalComponents: [(Calendar.Component, approximateSeconds: Double)] = [
        (.year, 31_556_952), (.month, 2_629_746), (.weekOfYear, 604_800), (.day, 86_400),
        (.hour, 3_600), (.minute, 60), (.second, 1)
    ]

    /// Why the element cannot produce events (in the current language), or nil when it is valid.
    public var validationFailure: String? {
        let unsupported: [(Calendar.Component, String)] = [
            (.era, "era"), (.weekday, "weekday"), (.weekdayOrdinal, "weekdayOrdinal"),
            (.quarter, "quarter"), (.weekOfMonth, "weekOfMonth"), (.yearForWeekOfYear, "yearForWeekOfYear"),
            (.nanosecond, "nanosecond"), (.dayOfYear, "dayOfYear")
        ]
        for (component, name) in unsupported where interval.value(for: component) != nil {
            return loc("The schedule interval uses '{component}', which cannot be repeated; use seconds, minutes, hours, days, weeks (weekOfYear), months or years.", ["component": name])
        }
        var anyPositive = false
        for (component, _) in Self.supportedIntervalComponents {
            guard let value = interval.value(for: component) else { continue }
            if value < 0 {
                return loc("The schedule interval {interval} goes back in time; every part of an interval must be zero or more.", ["interval": Self.describe(interval)])
            }
            if value > 0 { anyPositive = true }
        }
        if !anyPositive {
            return loc("The schedule interval {interval} does not move forward; give at least one part greater than zero.", ["interval": Self.describe(interval)])
        }
        // CareKit loops forever on an all-day element that repeats by hours, minutes or seconds
        // alone (every step lands on the same day). Such an element is refused here.
        if duration == .allDay, [Calendar.Component.year, .month, .weekOfYear, .day].allSatisfy({ (interval.value(for: $0) ?? 0) == 0 }) {
            return loc(
                "The all-day schedule element repeats every {interval}; all-day events repeat by days, weeks, months or years, so give at least one of those.", ["interval": Self.describe(interval)])
        }
        if let end, !(start < end) {
            return loc("The schedule element ends ({end}) before or when it starts ({start}); the end must be after the start.", ["end": "\(end)", "start": "\(start)"])
        }
        if case .seconds(let seconds) = duration, !(seconds.isFinite && seconds >= 0) {
            return loc("The event duration {seconds} s is not a finite, non-negative number of seconds.", ["seconds": "\(seconds)"])
        }
        if !start.timeIntervalSinceReferenceDate.isFinite {
            return loc("The schedule element's start is not a real date.")
        }
        return nil
    }

    /// Whether the element can produce events (see ``validationFailure``).
    public var isValid: Bool { validationFailure == nil }

    /// Throws ``OCKStoreError/invalidValue(reason:)`` when the element cannot produce events.
    public func validate() throws(OCKStoreError) {
        if let reason = validationFailure { throw .invalidValue(reason: reason) }
    }

    static func describe(_ interval: DateComponents) -> String {
        let names: [(Calendar.Component, String)] = [
            (.year, loc("years")), (.month, loc("months")), (.weekOfYear, loc("weeks")), (.day, loc("days")),
            (.hour, loc("hours")), (.minute, loc("minutes")), (.second, loc("seconds"))
        ]
        let parts = names.compactMap { component, name in
            interval.value(for: component).map { "\($0) \(name)" }
        }
        return parts.isEmpty ? loc("(empty)") : "(" + parts.joined(separator: ", ") + ")"
    }

    /// The element's arithmetic, prepared once per query (see ``_Recurrence``).
    var recurrence: _Recurrence { _Recurrence(self) }

    /// Occurrence `k` numbered within this element alone, or nil when it does not exist.
    /// - Complexity: O(1) calendar operations.
    func localEvent(_ k: Int) -> OCKScheduleEvent? {
        guard isValid else { return nil }
        return recurrence.event(k)
    }

    /// The number of this element's events that start before `date`.
    /// - Complexity: O(log n) calendar operations, usually O(1) thanks to a close first guess.
    func countOfEvents(startingBefore date: Date) -> Int {
        guard isValid else { return 0 }
        return recurrence.countOfEvents(startingBefore: date)
    }

    /// The smallest `k >= 0` for which a monotone predicate (false…false, true…true) holds,
    /// searched outwards from a guess and then by bisection.
    /// - Complexity: O(log |answer − guess|) evaluations of the predicate.
    static func firstIndex(from guess: Int, where predicate: (Int) -> Bool) -> Int {
        let ceiling = 1 << 42
        var low: Int, high: Int  // predicate(low) is false (or low == -1), predicate(high) is true
        let start = min(max(guess, 0), ceiling)
        if predicate(start) {
            high = start
            var step = 1
            low = start - 1
            while low >= 0 && predicate(low) {
                high = low
                step *= 2
                low = high - step
            }
            low = max(low, -1)
        } else {
            low = start
            var step = 1
            high = start + 1
            while !predicate(high) {
                low = high
                if high >= ceiling { return ceiling }
                step *= 2
                high = min(low + step, ceiling)
            }
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if predicate(middle) { high = middle } else { low = middle }
        }
        return high
    }

    // MARK: Public per-element queries

    /// The events of this element that end at or after `start` and start before `end`,
    /// numbered within this element.
    /// - Complexity: O(log n + k) calendar operations for k events.
    public func events(from start: Date, to end: Date) -> [OCKScheduleEvent] {
        guard isValid, start < end else { return [] }
        let recurrence = self.recurrence
        var result: [OCKScheduleEvent] = []
        var k = recurrence.firstOccurrence(endingAtOrAfter: start)
        while let event = recurrence.event(k), event.start < end {
            result.append(event)
            k += 1
        }
        return result
    }

    /// The events with occurrence numbers in `startIndex..<stopIndex`, stopping early at the end.
    public func events(betweenOccurrenceIndex startIndex: Int, and stopIndex: Int) -> [OCKScheduleEvent] {
        guard isValid, startIndex < stopIndex else { return [] }
        let recurrence = self.recurrence
        var result: [OCKScheduleEvent] = []
        for k in max(startIndex, 0)..<stopIndex {
            guard let event = recurrence.event(k) else { break }
            result.append(event)
        }
        return result
    }

    /// The start of occurrence `occurrence`, or nil when it does not exist.
    public func date(ofOccurrence occurrence: Int) -> Date? {
        localEvent(occurrence)?.start
    }

    /// Occurrence `occurrence` of this element, or nil when it does not exist (CareKit traps).
    public subscript(occurrence: Int) -> OCKScheduleEvent? {
        localEvent(occurrence)
    }
}
