import Foundation

extension OCKSchedule {

    /// The events that end at or after `start` and start before `end`, in order, with their
    /// occurrence numbers in the whole schedule.
    ///
    /// As in CareKit, events of an element that ended at or before `start` are left out even
    /// when they overlap the interval (their numbers still count).
    /// - Complexity: O(e·log n + k log k) for e elements and k events in the interval; independent
    ///   of how long ago the schedule started.
    public func events(from start: Date, to end: Date) -> [OCKScheduleEvent] {
        guard start < end else { return [] }
        let recurrences = elements.map { $0.isValid ? $0.recurrence : nil }

        // The earliest start among the events that overlap the interval.
        var earliest: Date?
        var firstOverlapping: [Int?] = []
        for recurrence in recurrences {
            guard let recurrence else { firstOverlapping.append(nil); continue }
            let k = recurrence.firstOccurrence(endingAtOrAfter: start)
            firstOverlapping.append(k)
            if let eventStart = recurrence.startDate(k), eventStart < end {
                earliest = min(earliest ?? eventStart, eventStart)
            }
        }
        guard let earliest else { return [] }

        // Every event that starts in [earliest, end), from every element; everything that starts
        // before `earliest` precedes them all in the merged order and only needs counting.
        var base = 0
        var candidates: [(event: OCKScheduleEvent, element: Int)] = []
        for (index, recurrence) in recurrences.enumerated() {
            guard let recurrence else { continue }
            var k = recurrence.countOfEvents(startingBefore: earliest)
            base += k
            while let event = recurrence.event(k), event.start < end {
                candidates.append((event, index))
                k += 1
            }
        }
        candidates.sort { lhs, rhs in
            (lhs.event.start, lhs.element, lhs.event.occurrence) < (rhs.event.start, rhs.element, rhs.event.occurrence)
        }

        var result: [OCKScheduleEvent] = []
        for (position, candidate) in candidates.enumerated() {
            let event = candidate.event
            guard event.end >= start else { continue }
            // No end means no end: Date.distantFuture (year 4001) is not a bound.
            if let elementEnd = event.element.end, elementEnd <= start { continue }
            result.append(OCKScheduleEvent(start: event.start, end: event.end, sharedElement: event.sharedElement, occurrence: base + position))
        }
        return result
    }

    /// How far (seconds since 2001) occurrence searches look before giving up, about 300,000
    /// years: far beyond `Date.distantFuture` (year 4001), which is not a bound on schedules.
    static let occurrenceSearchLimit: TimeInterval = 1e13

    /// The number of events, over all elements, that start before `date`.
    func countOfEvents(startingBefore date: Date, _ recurrences: [_Recurrence]) -> Int {
        recurrences.reduce(0) { $0 + $1.countOfEvents(startingBefore: date) }
    }

    /// The event with the given occurrence number, or nil when there is none (CareKit traps).
    /// Invalid elements yield no events, exactly as in ``events(from:to:)``.
    /// - Complexity: O(e²·log n) calendar operations: a bisection over time, not a walk from 0.
    public func event(forOccurrenceIndex occurrence: Int) -> OCKScheduleEvent? {
        guard occurrence >= 0 else { return nil }
        // Skipping invalid elements keeps the relative order of the others, so ties are broken
        // the same way as in events(from:to:).
        let recurrences = elements.filter(\.isValid).map(\.recurrence)
        guard let origin = recurrences.map(\.start).min() else { return nil }
        if recurrences.count == 1 { return recurrences[0].event(occurrence) }

        // Bracket the event in time: count(before low) <= occurrence < count(before high).
        var low = origin.timeIntervalSinceReferenceDate
        let smallestInterval = recurrences.map(\.approximateSeconds).min() ?? 1
        var span = max(smallestInterval * (Double(occurrence) + 1), 1)
        var high = low + span
        // Past the end of a finite schedule every event has been counted.
        let ends = recurrences.map(\.end)
        let finalEnd = ends.contains(nil) ? nil : ends.compactMap { $0?.timeIntervalSinceReferenceDate }.max()
        while countOfEvents(startingBefore: Date(timeIntervalSinceReferenceDate: high), recurrences) <= occurrence {
            if let finalEnd, high >= finalEnd { return nil }
            span *= 2
            high = low + span
            if high > Self.occurrenceSearchLimit { return nil }
        }
        // Narrow the bracket until only a few events remain inside it.
        let few = recurrences.count * 4
        while high - low > 1e-3 {
            let lowCount = countOfEvents(startingBefore: Date(timeIntervalSinceReferenceDate: low), recurrences)
            let highCount = countOfEvents(startingBefore: Date(timeIntervalSinceReferenceDate: high), recurrences)
            if highCount - lowCount <= few { break }
            let middle = low + (high - low) / 2
            if countOfEvents(startingBefore: Date(timeIntervalSinceReferenceDate: middle), recurrences) <= occurrence {
                low = middle
            } else {
                high = middle
            }
        }
        // Merge the events inside the bracket and pick the one we want.
        let lowDate = Date(timeIntervalSinceReferenceDate: low)
        let highDate = Date(timeIntervalSinceReferenceDate: high)
        var base = 0
        var candidates: [(event: OCKScheduleEvent, element: Int)] = []
        for (index, recurrence) in recurrences.enumerated() {
            var k = recurrence.countOfEvents(startingBefore: lowDate)
            base += k
            while let event = recurrence.event(k), event.start < highDate {
                candidates.append((event, index))
                k += 1
            }
        }
        candidates.sort { lhs, rhs in
            (lhs.event.start, lhs.element, lhs.event.occurrence) < (rhs.event.start, rhs.element, rhs.event.occurrence)
        }
        let position = occurrence - base
        guard candidates.indices.contains(position) else { return nil }
        let event = candidates[position].event
        return OCKScheduleEvent(start: event.start, end: event.end, sharedElement: event.sharedElement, occurrence: occurrence)
    }

    /// The event with the given occurrence number, or nil when there is none.
    public subscript(occurrence: Int) -> OCKScheduleEvent? {
        event(forOccurrenceIndex: occurrence)
    }

    /// The most events ``events(betweenOccurrenceIndex:and:)`` returns at once.
    public static let maximumEventsPerRequest = 1_000_000

    /// The events with occurrence numbers in `startIndex..<stopIndex`, stopping at the end
    /// (and after ``maximumEventsPerRequest`` events).
    public func events(betweenOccurrenceIndex startIndex: Int, and stopIndex: Int) -> [OCKScheduleEvent] {
        guard startIndex < stopIndex, let first = event(forOccurrenceIndex: max(startIndex, 0)) else { return [] }
        // Walk forward by time windows from the first event until enough events are collected.
        var result: [OCKScheduleEvent] = []
        var windowStart = first.start
        // An unbounded request on a schedule without an end would never finish: it is capped.
        let wanted = min(stopIndex - max(startIndex, 0), Self.maximumEventsPerRequest)
        var window = max((elements.filter(\.isValid).map(\.recurrence.approximateSeconds).min() ?? 3600) * Double(wanted), 3600)
        while result.count < wanted {
            let windowEnd = windowStart.addingTimeInterval(window)
            let batch = events(from: windowStart, to: windowEnd)
                .filter { $0.occurrence >= first.occurrence + result.count && $0.start >= windowStart }
            result.append(contentsOf: batch.prefix(wanted - result.count))
            if let end = endDate(), windowEnd >= end { break }
            if windowEnd.timeIntervalSinceReferenceDate > Self.occurrenceSearchLimit { break }
            windowStart = windowEnd
            window *= 2
        }
        return result
    }
}
