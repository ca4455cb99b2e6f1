import Foundation

/// The arithmetic of one schedule element, with its interval decoded once so that loops over
/// many occurrences do not re-read `DateComponents`. Only built for valid elements.
struct _Recurrence {
    let element: OCKScheduleElement
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

    init(_ element: OCKScheduleElement) {
        self.element = element
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
    }

    /// The unadjusted date of occurrence `k`, or nil when it cannot be represented.
    func rawDate(_ k: Int) -> Date? {
        if k == 0 { return start }
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
        let eventStart = isAllDay ? calendar.startOfDay(for: raw) : raw
        if let end, !(eventStart < end) { return nil }
        return eventStart
    }

    /// The end of an event that starts at `eventStart`: the last second of its day when all-day
    /// (as CareKit), otherwise start plus the duration.
    func endDate(startingAt eventStart: Date) -> Date {
        guard isAllDay else { return eventStart.addingTimeInterval(durationSeconds) }
        return calendar.ockStartOfNextDay(after: eventStart).addingTimeInterval(-1)
    }

    /// Occurrence `k`, numbered within this element.
    func event(_ k: Int) -> OCKScheduleEvent? {
        guard let eventStart = startDate(k) else { return nil }
        return OCKScheduleEvent(start: eventStart, end: endDate(startingAt: eventStart), element: element, occurrence: k)
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
