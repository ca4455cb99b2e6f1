import Foundation

/// One occurrence of a schedule: when it starts and ends, which element produced it, and its
/// occurrence number within the whole schedule.
public struct OCKScheduleEvent: Codable, Hashable, Sendable {
    /// When the event starts.
    public let start: Date
    /// When the event ends.
    public let end: Date
    /// The element that produced the event.
    public let element: OCKScheduleElement
    /// The position of the event in the schedule, counting from 0 at the schedule's start.
    public let occurrence: Int

    /// Creates a schedule event.
    public init(start: Date, end: Date, element: OCKScheduleElement, occurrence: Int) {
        self.start = start
        self.end = end
        self.element = element
        self.occurrence = occurrence
    }
}
