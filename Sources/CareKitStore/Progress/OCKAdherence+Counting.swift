import Foundation

/// The one answer to "how did I do today": which events count, on which day, and how their
/// progress combines. `fetchAdherence`, the week calendar's rings, Insights and the care report
/// all use these, so every page and the report give the same number for a day.
extension OCKAdherence {
    /// Whether a task's events count towards adherence: CareKit's rule, the task's
    /// `impactsAdherence`. An assessment that should not move the rings sets it to false.
    public static func counts(_ task: any OCKAnyTask) -> Bool {
        task.impactsAdherence
    }

    /// The start of each local day of `interval` in `calendar`, at most `limit` of them: the
    /// days adherence is computed for. A day counts when it starts before the end, so an
    /// interval ending exactly at midnight gets no extra day (CareKit adds one), and a day
    /// whose midnight a daylight-saving change skips starts when that day really starts.
    public static func days(in interval: DateInterval, calendar: Calendar, limit: Int = .max) -> [Date] {
        var days: [Date] = []
        // Plain arithmetic away from offset changes (a calendar call each costs microseconds).
        let civil = _CivilDays(components: [(.day, 1)], calendar: calendar)
        var day = civil?.startOfDay(for: interval.start) ?? calendar.startOfDay(for: interval.start)
        while day < interval.end, days.count < limit {
            days.append(day)
            let next = civil?.startOfNextDay(afterDayStart: day) ?? calendar.ockStartOfNextDay(after: day)
            guard next > day else { break }
            day = next
        }
        return days
    }

    /// The events that count, grouped by the day they start on. `dayStarts` are consecutive
    /// local midnights in ascending order (as ``days(in:calendar:limit:)`` gives); events
    /// before the first are left out, events after the last day go to the last.
    public static func countedEvents(_ events: [OCKAnyEvent], byDay dayStarts: [Date]) -> [[OCKAnyEvent]] {
        counted(events, byDay: dayStarts, task: \.task, start: \.scheduleEvent.start)
    }

    /// The completions that count, grouped by the day they start on, as
    /// ``countedEvents(_:byDay:)`` groups events.
    public static func countedEvents(_ completions: [OCKEventCompletion], byDay dayStarts: [Date]) -> [[OCKEventCompletion]] {
        counted(completions, byDay: dayStarts, task: \.task, start: \.scheduleEvent.start)
    }

    private static func counted<Item>(
        _ items: [Item], byDay dayStarts: [Date], task: (Item) -> any OCKAnyTask, start: (Item) -> Date
    ) -> [[Item]] {
        var byDay = Array(repeating: [Item](), count: dayStarts.count)
        for item in items where counts(task(item)) {
            guard let day = dayIndex(of: start(item), in: dayStarts) else { continue }
            byDay[day].append(item)
        }
        return byDay
    }

    /// The position in `dayStarts` of the last day start at or before `date` (nil before the
    /// first): a binary search, not a calendar computation per event (~9 µs each on Linux).
    static func dayIndex(of date: Date, in dayStarts: [Date]) -> Int? {
        guard let first = dayStarts.first, date >= first else { return nil }
        var low = 0, high = dayStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if dayStarts[middle] <= date { low = middle } else { high = middle }
        }
        return low
    }

    /// The mean progress of one day's counted events, or nil when there are none.
    public static func fractionCompleted(of dayEvents: [OCKAnyEvent], computeProgress: (OCKAnyEvent) -> any CareTaskProgress) -> Double? {
        guard !dayEvents.isEmpty else { return nil }
        return AggregatedCareTaskProgress(combining: dayEvents.map(computeProgress)).fractionCompleted
    }

    /// The mean default (binary) progress of one day's counted completions, or nil when there
    /// are none: what ``fractionCompleted(of:computeProgress:)`` gives for their events with
    /// `CareTaskProgressStrategy.checkingOutcomeExists`.
    public static func fractionCompleted(of dayCompletions: [OCKEventCompletion]) -> Double? {
        guard !dayCompletions.isEmpty else { return nil }
        return AggregatedCareTaskProgress(combining: dayCompletions.map(\.progress)).fractionCompleted
    }

    /// The completions that count on each day, and how many of them an outcome records, grouped
    /// as ``countedEvents(_:byDay:)`` groups them.
    public static func dayCounts(_ completions: [OCKEventCompletion], byDay dayStarts: [Date]) -> [DayCount] {
        var result = Array(repeating: DayCount(), count: dayStarts.count)
        for completion in completions where counts(completion.task) {
            guard let day = dayIndex(of: completion.scheduleEvent.start, in: dayStarts) else { continue }
            result[day].events += 1
            if completion.hasOutcome { result[day].completed += 1 }
        }
        return result
    }

    /// One day's events that count towards adherence and how many of them an outcome records:
    /// all a day's default (binary) progress needs.
    public struct DayCount: Hashable, Sendable {
        /// The day's events that count.
        public var events: Int
        /// How many of them an outcome records.
        public var completed: Int

        /// Creates a day's count.
        public init(events: Int = 0, completed: Int = 0) {
            self.events = events
            self.completed = completed
        }

        /// The day's default progress, or nil when it has no events: `completed ÷ events`, the
        /// very number ``fractionCompleted(of:)`` gives for the day's completions (the mean
        /// of ones and zeros, whose sum is exact).
        public var fractionCompleted: Double? {
            events == 0 ? nil : Double(completed) / Double(events)
        }
    }
}
