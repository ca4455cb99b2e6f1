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

/// When something was recorded for an event, against the event's on-time window
/// (``OCKScheduleEvent/onTimeWindow``): before it opened, within it, or after it closed, and by
/// how much. The one rule for "late" everywhere: the care report, the patient's pages and the
/// care team's dashboard.
public enum OCKRecordingTiming: Hashable, Sendable {
    /// Recorded this long before the window opened.
    case early(by: TimeInterval)
    /// Recorded within the window.
    case onTime
    /// Recorded this long after the window closed.
    case late(by: TimeInterval)
}

extension OCKScheduleEvent {
    /// How long before an event's start a recording already counts as on time (an hour). An
    /// all-day event has no lead: its window is its local day.
    public static let onTimeLead: TimeInterval = 3_600

    /// When a recording of the event counts as on time: from ``onTimeLead`` before its start to
    /// the end of its due window — its end, or ``OCKEventTiming/instantWindow`` after its start
    /// for an event that takes no time (the window cards call "due now"). For an all-day event,
    /// the whole local day of its element's calendar (23 or 25 hours on a daylight-saving day).
    public var onTimeWindow: DateInterval {
        if element.duration == .allDay {
            return DateInterval.ockDay(containing: start, calendar: element.calendar)
        }
        let dueEnd = end > start ? end : start.addingTimeInterval(OCKEventTiming.instantWindow)
        return DateInterval(start: start.addingTimeInterval(-Self.onTimeLead), end: dueEnd)
    }

    /// Whether `date` (when something was recorded) is before, within or after
    /// ``onTimeWindow``. Both ends are on time: a dose marked exactly at the end is not late.
    public func recordingTiming(of date: Date) -> OCKRecordingTiming {
        let window = onTimeWindow
        if date < window.start { return .early(by: window.start.timeIntervalSince(date)) }
        if date > window.end { return .late(by: date.timeIntervalSince(window.end)) }
        return .onTime
    }
}

extension OCKAnyEvent {
    /// When the event's outcome was first recorded: the earliest `createdDate` of its values
    /// (a correction keeps the value's date); nil without an outcome or values.
    public var firstRecordedDate: Date? {
        outcome?.values.map(\.createdDate).min()
    }

    /// How the event's first recording stands against its on-time window; nil when nothing is
    /// recorded.
    public var recordingTiming: OCKRecordingTiming? {
        firstRecordedDate.map(scheduleEvent.recordingTiming(of:))
    }
}
