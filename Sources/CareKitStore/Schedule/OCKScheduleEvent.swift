import Foundation

/// One occurrence of a schedule: when it starts and ends, which element produced it, and its
/// occurrence number within the whole schedule.
public struct OCKScheduleEvent: Codable, Hashable, Sendable {
    /// When the event starts.
    public let start: Date
    /// When the event ends.
    public let end: Date
    /// The element that produced the event.
    public var element: OCKScheduleElement { sharedElement.value }
    /// The position of the event in the schedule, counting from 0 at the schedule's start.
    public let occurrence: Int
    /// The element, shared with the element's other events (an element is large: its interval,
    /// calendar, text and targets).
    let sharedElement: _Shared<OCKScheduleElement>

    /// Creates a schedule event.
    public init(start: Date, end: Date, element: OCKScheduleElement, occurrence: Int) {
        self.init(start: start, end: end, sharedElement: _Shared(element), occurrence: occurrence)
    }

    init(start: Date, end: Date, sharedElement: _Shared<OCKScheduleElement>, occurrence: Int) {
        self.start = start
        self.end = end
        self.sharedElement = sharedElement
        self.occurrence = occurrence
    }

    private enum CodingKeys: String, CodingKey {
        case start, end, element, occurrence
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            start: try container.decode(Date.self, forKey: .start), end: try container.decode(Date.self, forKey: .end),
            element: try container.decode(OCKScheduleElement.self, forKey: .element), occurrence: try container.decode(Int.self, forKey: .occurrence))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(element, forKey: .element)
        try container.encode(occurrence, forKey: .occurrence)
    }

    public static func == (lhs: OCKScheduleEvent, rhs: OCKScheduleEvent) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && lhs.occurrence == rhs.occurrence
            && (lhs.sharedElement === rhs.sharedElement || lhs.element == rhs.element)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(element)
        hasher.combine(occurrence)
    }
}
