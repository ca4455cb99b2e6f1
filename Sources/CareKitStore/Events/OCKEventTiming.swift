import Foundation

/// Where an event stands at a moment: not yet started, due now (between its start and end),
/// overdue (ended today with nothing recorded), missed (its day is over), or done.
public enum OCKEventTiming: String, Sendable, Hashable, CaseIterable {
    case upcoming
    case dueNow = "due-now"
    case overdue
    case missed
    case done

    /// How long an event that takes no time (its start is its end) counts as due.
    public static let instantWindow: TimeInterval = 3_600
}

extension OCKAnyEvent {
    /// Where the event stands at `now`; `calendar` decides where its day ends (the app's,
    /// never the machine's time zone). An event with an outcome is done; one that takes no time
    /// is due for ``OCKEventTiming/instantWindow`` after its start.
    public func timing(at now: Date, calendar: Calendar) -> OCKEventTiming {
        if outcome != nil { return .done }
        let start = scheduleEvent.start
        let end = scheduleEvent.end > start ? scheduleEvent.end : start.addingTimeInterval(OCKEventTiming.instantWindow)
        if now < start { return .upcoming }
        if now < end { return .dueNow }
        let endOfDay = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: start)) ?? end
        return now < max(endOfDay, end) ? .overdue : .missed
    }
}
