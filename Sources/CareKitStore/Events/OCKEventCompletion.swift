import Foundation

/// An occurrence of a task and whether an outcome records it: an event without its outcome's
/// values, which is all an event's default (binary) progress needs. A store reads these
/// cheaper than whole events (``OCKAnyReadOnlyEventStore/fetchAnyEventCompletions(query:)``).
public struct OCKEventCompletion: Sendable {
    /// The task version the event belongs to.
    public let task: any OCKAnyTask
    /// When the occurrence happens.
    public let scheduleEvent: OCKScheduleEvent
    /// Whether a live outcome records the occurrence.
    public let hasOutcome: Bool

    /// Creates a completion.
    public init(task: any OCKAnyTask, scheduleEvent: OCKScheduleEvent, hasOutcome: Bool) {
        self.task = task
        self.scheduleEvent = scheduleEvent
        self.hasOutcome = hasOutcome
    }

    /// The completion of an event.
    public init(_ event: OCKAnyEvent) {
        self.init(task: event.task, scheduleEvent: event.scheduleEvent, hasOutcome: event.outcome != nil)
    }

    /// The event's default progress: complete when an outcome records it (as
    /// `CareTaskProgressStrategy.checkingOutcomeExists`).
    public var progress: BinaryCareTaskProgress { BinaryCareTaskProgress(isCompleted: hasOutcome) }
}
