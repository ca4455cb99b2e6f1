import CareKitStore
import Foundation

/// A deliberately naive model of CareKit's schedule semantics, written independently of the
/// library: every element's occurrences are produced by walking k = 0, 1, 2, … with
/// `start + k × interval` in the element's own calendar, all elements' events are merged by
/// (start, element position, k) and numbered from 0. The library computes the same numbers in
/// closed form (bisection, counting, bracketing); this walk is the definition it must agree with.
struct ReferenceSchedule {

    struct Event: Equatable, CustomStringConvertible {
        var start: Date
        var end: Date
        var occurrence: Int
        var elementIndex: Int
        var localIndex: Int

        var description: String {
            "#\(occurrence) element \(elementIndex)[\(localIndex)] \(start.timeIntervalSinceReferenceDate)…\(end.timeIntervalSinceReferenceDate)"
        }
    }

    let elements: [OCKScheduleElement]
    /// Every event that starts before `horizon`, merged and numbered.
    let events: [Event]
    let horizon: Date

    init(_ schedule: OCKSchedule, horizon: Date) {
        self.elements = schedule.elements
        self.horizon = horizon
        var all: [Event] = []
        for (index, element) in schedule.elements.enumerated() where Self.isUsable(element) {
            all += Self.walk(element, index: index, until: horizon)
        }
        all.sort { ($0.start, $0.elementIndex, $0.localIndex) < ($1.start, $1.elementIndex, $1.localIndex) }
        for position in all.indices { all[position].occurrence = position }
        events = all
    }

    /// The test's own reading of "a usable element": every interval part zero or more with one
    /// positive, only year/month/weekOfYear/day/hour/minute/second, an end after the start,
    /// a finite non-negative duration, and an all-day element that moves by at least a day.
    static func isUsable(_ element: OCKScheduleElement) -> Bool {
        let allowed: Set<Calendar.Component> = [.year, .month, .weekOfYear, .day, .hour, .minute, .second]
        let others: [Calendar.Component] = [.era, .weekday, .weekdayOrdinal, .quarter, .weekOfMonth, .yearForWeekOfYear, .nanosecond, .dayOfYear]
        if others.contains(where: { element.interval.value(for: $0) != nil }) { return false }
        var positive = false
        for component in allowed {
            guard let value = element.interval.value(for: component) else { continue }
            if value < 0 { return false }
            if value > 0 { positive = true }
        }
        guard positive else { return false }
        if let end = element.end, !(element.start < end) { return false }
        if case .seconds(let seconds) = element.duration, !(seconds.isFinite && seconds >= 0) { return false }
        if element.duration == .allDay {
            let calendarParts = [Calendar.Component.year, .month, .weekOfYear, .day].map { element.interval.value(for: $0) ?? 0 }
            if calendarParts.allSatisfy({ $0 == 0 }) { return false }
        }
        return true
    }

    /// Walks one element from occurrence 0 until its end or the horizon.
    static func walk(_ element: OCKScheduleElement, index: Int, until horizon: Date) -> [Event] {
        let calendar = element.calendar
        var result: [Event] = []
        var k = 0
        while true {
            var scaled = DateComponents()
            for component in [Calendar.Component.year, .month, .weekOfYear, .day, .hour, .minute, .second] {
                if let value = element.interval.value(for: component), value != 0 {
                    scaled.setValue(value * k, for: component)
                }
            }
            guard let raw = k == 0 ? element.start : calendar.date(byAdding: scaled, to: element.start) else { break }
            let start: Date
            let end: Date
            switch element.duration {
            case .allDay:
                start = calendar.startOfDay(for: raw)
                // The last second of the local day: the next day's midnight minus one second.
                let someTimeTomorrow = calendar.date(byAdding: .hour, value: 36, to: start) ?? start
                end = calendar.startOfDay(for: someTimeTomorrow).addingTimeInterval(-1)
            case .seconds(let seconds):
                start = raw
                end = raw.addingTimeInterval(seconds)
            }
            if let elementEnd = element.end, start >= elementEnd { break }
            if start >= horizon { break }
            result.append(Event(start: start, end: end, occurrence: -1, elementIndex: index, localIndex: k))
            k += 1
        }
        return result
    }

    /// CareKit's `events(from:to:)`: events that end at or after `from` and start before `to`,
    /// leaving out events of an element that ended at or before `from`. Valid only while
    /// `to <= horizon`.
    func events(from: Date, to: Date) -> [Event] {
        precondition(to <= horizon, "query past the reference horizon")
        guard from < to else { return [] }
        return events.filter { event in
            event.end >= from && event.start < to && (elements[event.elementIndex].end ?? .distantFuture) > from
        }
    }
}
