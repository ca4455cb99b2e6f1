import CareKitLocalization
import Foundation

/// When a task occurs: one or more ``OCKScheduleElement``s merged into a single sequence of
/// events. Occurrence numbers count the events of all elements in start order from the
/// schedule's start; ties go to the element that comes first in ``elements``.
public struct OCKSchedule: Codable, Hashable, Sendable {

    /// The elements, ordered by start (elements with equal starts keep the order they were given).
    public let elements: [OCKScheduleElement]

    /// Creates a schedule from elements. An empty list makes a schedule with no events, which
    /// stores refuse.
    public init(composing elements: [OCKScheduleElement]) {
        self.elements = elements.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }

    /// Creates a schedule from the elements of several schedules.
    public init(composing schedules: [OCKSchedule]) {
        self.init(composing: schedules.flatMap(\.elements))
    }

    /// The start of the earliest element (`distantPast` for an empty schedule).
    public func startDate() -> Date {
        elements.map(\.start).min() ?? .distantPast
    }

    /// The latest element end, or nil when some element repeats forever.
    public func endDate() -> Date? {
        var latest: Date?
        for element in elements {
            guard let end = element.end else { return nil }
            latest = max(latest ?? end, end)
        }
        return latest
    }

    /// The same schedule moved in time, keeping each element's calendar.
    public func offset(by dateComponents: DateComponents) -> OCKSchedule {
        OCKSchedule(composing: elements.map { $0.offset(by: dateComponents) })
    }

    /// Why the schedule cannot produce events (in the current language), or nil when it is valid.
    public var validationFailure: String? {
        if elements.isEmpty { return loc("The schedule has no elements, so the task would never occur.") }
        for (index, element) in elements.enumerated() {
            if let reason = element.validationFailure {
                return elements.count == 1 ? reason : loc("Schedule element {number}: {reason}", ["number": OCKLocalization.number(index + 1), "reason": reason])
            }
        }
        return nil
    }

    /// Throws ``OCKStoreError/invalidValue(reason:)`` when the schedule cannot produce events.
    public func validate() throws(OCKStoreError) {
        if let reason = validationFailure { throw .invalidValue(reason: reason) }
    }

    /// Whether the schedule is active on the day of `date` in `calendar`: it has started by the
    /// end of that day and has not ended before the day begins.
    public func exists(onDay date: Date, calendar: Calendar) -> Bool {
        let dayStart = calendar.startOfDay(for: date)
        let dayEnd = calendar.ockStartOfNextDay(after: dayStart)
        guard startDate() < dayEnd else { return false }
        if let end = endDate() { return end > dayStart }
        return true
    }

    /// Whether the schedule is active on the day of `date`, in the first element's calendar.
    public func exists(onDay date: Date) -> Bool {
        exists(onDay: date, calendar: elements.first?.calendar ?? Calendar(identifier: .gregorian))
    }

    // MARK: Codable (CareKit's form: {"elements": [...]}; order kept as written)

    private enum CodingKeys: String, CodingKey {
        case elements
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        elements = try container.decode([OCKScheduleElement].self, forKey: .elements)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elements, forKey: .elements)
    }
}
