import CareKitStore
import CareKitUI
import Foundation

/// How one day went: how many events counted, and the mean progress of them.
public struct OCKDayProgress: Hashable, Sendable {
    /// The start of the day.
    public var date: Date
    /// The number of events that count towards adherence.
    public var eventCount: Int
    /// The mean progress of those events (nil without events).
    public var fractionCompleted: Double?

    public init(date: Date, eventCount: Int, fractionCompleted: Double?) {
        self.date = date
        self.eventCount = eventCount
        self.fractionCompleted = fractionCompleted
    }

    /// The days of `interval` with the progress of `events` that count towards adherence
    /// (``OCKAdherence/counts(_:)``), combined as `fetchAdherence` combines them.
    public static func days(
        in interval: DateInterval, events: [OCKAnyEvent], calendar: Calendar,
        computeProgress: @Sendable (OCKAnyEvent) -> any CareTaskProgress
    ) -> [OCKDayProgress] {
        let starts = OCKAdherence.days(in: interval, calendar: calendar)
        let byDay = OCKAdherence.countedEvents(events, byDay: starts)
        return zip(starts, byDay).map { day, dayEvents in
            OCKDayProgress(
                date: day, eventCount: dayEvents.count,
                fractionCompleted: OCKAdherence.fractionCompleted(of: dayEvents, computeProgress: computeProgress))
        }
    }

    /// The days of `interval` with the default (binary) progress of `completions` that count:
    /// the same days as ``days(in:events:calendar:computeProgress:)`` gives for their events
    /// with `CareTaskProgressStrategy.checkingOutcomeExists`.
    public static func days(in interval: DateInterval, completions: [OCKEventCompletion], calendar: Calendar) -> [OCKDayProgress] {
        let starts = OCKAdherence.days(in: interval, calendar: calendar)
        let byDay = OCKAdherence.countedEvents(completions, byDay: starts)
        return zip(starts, byDay).map { day, dayCompletions in
            OCKDayProgress(date: day, eventCount: dayCompletions.count, fractionCompleted: OCKAdherence.fractionCompleted(of: dayCompletions))
        }
    }

    /// The ring for this day: dimmed in the future without progress, empty without events,
    /// zero, or the progress.
    public func completionState(today: Date, calendar: Calendar) -> OCKCompletionState {
        completionState(startOfToday: calendar.startOfDay(for: today))
    }

    /// ``completionState(today:calendar:)`` with the start of today already worked out.
    func completionState(startOfToday: Date) -> OCKCompletionState {
        guard let fraction = fractionCompleted else {
            return date > startOfToday ? .dimmed : .empty
        }
        if fraction <= 0 { return date > startOfToday ? .dimmed : .zero }
        return .progress(fraction)
    }
}
