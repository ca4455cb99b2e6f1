import Foundation

/// One repeating rule of a schedule: events every `interval` from `start`, each lasting
/// `duration`, until `end` (exclusive) or forever.
///
/// The calendar (and so the time zone) travels with the element: "every day at 08:00" means
/// 08:00 in the element's calendar, across daylight-saving changes.
public struct OCKScheduleElement: Codable, Hashable, Sendable {

    /// How long each event lasts.
    public enum Duration: Codable, Hashable, Sendable {
        /// The whole local day of the event.
        case allDay
        /// A fixed number of seconds.
        case seconds(Double)

        /// A duration of whole or fractional hours.
        public static func hours(_ hours: Double) -> Duration { .seconds(hours * 3600) }
        /// A duration of whole or fractional minutes.
        public static func minutes(_ minutes: Double) -> Duration { .seconds(minutes * 60) }

        private enum CodingKeys: String, CodingKey {
            case isAllDay, seconds
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if try container.decode(Bool.self, forKey: .isAllDay) {
                self = .allDay
            } else {
                self = .seconds(try container.decodeIfPresent(Double.self, forKey: .seconds) ?? 0)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .allDay:
                try container.encode(true, forKey: .isAllDay)
            case .seconds(let seconds):
                try container.encode(false, forKey: .isAllDay)
                try container.encode(seconds, forKey: .seconds)
            }
        }
    }

    /// When the first event starts. For all-day elements, the start of that day.
    public let start: Date
    /// When the element stops producing events (exclusive); nil repeats forever.
    public let end: Date?
    /// The time between the starts of consecutive events.
    public let interval: DateComponents
    /// Text shown instead of the clock time, for example "Before bed".
    public var text: String?
    /// What counts as complete for each event, for example `10 mL`.
    public var targetValues: [OCKOutcomeValue]
    /// How long each event lasts.
    public var duration: Duration
    /// The calendar (with its time zone) used for all date arithmetic of this element.
    public var calendar: Calendar

    /// Creates an element. Nothing is checked here: an element that breaks a rule (see
    /// ``validate()``) produces no events, and stores refuse it with a clear error.
    public init(
        start: Date,
        end: Date?,
        interval: DateComponents,
        text: String? = nil,
        targetValues: [OCKOutcomeValue] = [],
        duration: Duration = .hours(1),
        calendar: Calendar = .autoupdatingCurrent
    ) {
        self.start = duration == .allDay ? calendar.startOfDay(for: start) : start
        self.end = end
        self.interval = interval
        self.text = text
        self.targetValues = targetValues
        self.duration = duration
        self.calendar = calendar
    }

    /// A copy with `start` and `end` moved by the given amount, keeping the calendar.
    public func offset(by dateComponents: DateComponents) -> OCKScheduleElement {
        let newStart = calendar.date(byAdding: dateComponents, to: start) ?? start
        let newEnd = end.map { calendar.date(byAdding: dateComponents, to: $0) ?? $0 }
        return OCKScheduleElement(
            start: newStart, end: newEnd, interval: interval, text: text,
            targetValues: targetValues, duration: duration, calendar: calendar)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case start, end, interval, text, targetValues, duration, calendar
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Date.self, forKey: .start)
        end = try container.decodeIfPresent(Date.self, forKey: .end)
        interval = try container.decode(DateComponents.self, forKey: .interval)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        targetValues = try container.decodeIfPresent([OCKOutcomeValue].self, forKey: .targetValues) ?? []
        duration = try container.decode(Duration.self, forKey: .duration)
        // CareKit 3 wrote no calendar, and a calendar from another platform may carry keys we
        // do not know: neither should make the whole element (or a whole sync batch) unreadable.
        calendar = (try? container.decodeIfPresent(Calendar.self, forKey: .calendar)) ?? .autoupdatingCurrent
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
        try container.encode(interval, forKey: .interval)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encode(targetValues, forKey: .targetValues)
        try container.encode(duration, forKey: .duration)
        try container.encode(calendar, forKey: .calendar)
    }
}
