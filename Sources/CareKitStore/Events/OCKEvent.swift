import Foundation

/// An occurrence of a task joined with its outcome, if one was recorded.
public struct OCKEvent<Task: OCKAnyTask & Equatable, Outcome: OCKAnyOutcome & Equatable>: Identifiable, Comparable, Hashable, Sendable {
    /// A stable identity built from the task version and the occurrence, the same across
    /// launches and machines (CareKit's changes every launch).
    public var id: String { OCKEventID.make(taskUUID: task.uuid, occurrence: scheduleEvent.occurrence) }
    /// The task version the event belongs to.
    public var task: Task { sharedTask.value }
    /// The recorded outcome, if any.
    public var outcome: Outcome? {
        get { sharedOutcome?.value }
        set { sharedOutcome = newValue.map { _Shared($0) } }
    }
    /// When the occurrence happens.
    public let scheduleEvent: OCKScheduleEvent
    /// The task, shared with the other events of its version, and the outcome, held by
    /// reference: both are large, and a year of events that each carried copies cost more to
    /// move around than to compute. Setting `outcome` replaces the reference.
    let sharedTask: _Shared<Task>
    private(set) var sharedOutcome: _Shared<Outcome>?

    /// Creates an event.
    public init(task: Task, outcome: Outcome?, scheduleEvent: OCKScheduleEvent) {
        self.init(sharedTask: _Shared(task), sharedOutcome: outcome.map { _Shared($0) }, scheduleEvent: scheduleEvent)
    }

    init(sharedTask: _Shared<Task>, sharedOutcome: _Shared<Outcome>?, scheduleEvent: OCKScheduleEvent) {
        self.sharedTask = sharedTask
        self.sharedOutcome = sharedOutcome
        self.scheduleEvent = scheduleEvent
    }

    /// The event with its task and outcome type-erased.
    public var anyEvent: OCKAnyEvent {
        OCKAnyEvent(task: task, outcome: outcome, scheduleEvent: scheduleEvent)
    }

    /// Orders events by start, then task version, then occurrence.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        OCKEventID.isOrderedBefore(
            (lhs.scheduleEvent.start, lhs.task.uuid, lhs.scheduleEvent.occurrence),
            (rhs.scheduleEvent.start, rhs.task.uuid, rhs.scheduleEvent.occurrence))
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.sharedTask === rhs.sharedTask || lhs.task == rhs.task)
            && (lhs.sharedOutcome === rhs.sharedOutcome || lhs.outcome == rhs.outcome) && lhs.scheduleEvent == rhs.scheduleEvent
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// An occurrence of a task of any type, joined with its outcome if one was recorded.
public struct OCKAnyEvent: Identifiable, Comparable, Hashable, Sendable {
    /// A stable identity built from the task version and the occurrence.
    public var id: String { OCKEventID.make(taskUUID: task.uuid, occurrence: scheduleEvent.occurrence) }
    /// The task version the event belongs to.
    public let task: any OCKAnyTask
    /// The recorded outcome, if any.
    public var outcome: (any OCKAnyOutcome)?
    /// When the occurrence happens.
    public let scheduleEvent: OCKScheduleEvent

    /// Creates an event.
    public init(task: any OCKAnyTask, outcome: (any OCKAnyOutcome)?, scheduleEvent: OCKScheduleEvent) {
        self.task = task
        self.outcome = outcome
        self.scheduleEvent = scheduleEvent
    }

    /// The event with concrete types, or nil when the task or outcome is of another type.
    public func prettified<Task, Outcome>(task: Task.Type = Task.self, outcome: Outcome.Type = Outcome.self) -> OCKEvent<Task, Outcome>? {
        guard let typedTask = self.task as? Task else { return nil }
        var typedOutcome: Outcome?
        if let anyOutcome = self.outcome {
            guard let value = anyOutcome as? Outcome else { return nil }
            typedOutcome = value
        }
        return OCKEvent(task: typedTask, outcome: typedOutcome, scheduleEvent: scheduleEvent)
    }

    public static func == (lhs: OCKAnyEvent, rhs: OCKAnyEvent) -> Bool {
        guard lhs.scheduleEvent == rhs.scheduleEvent, _ockAnyEqual(lhs.task, rhs.task) else { return false }
        switch (lhs.outcome, rhs.outcome) {
        case (nil, nil): return true
        case let (left?, right?): return _ockAnyEqual(left, right)
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// Orders events by start, then task version, then occurrence.
    public static func < (lhs: OCKAnyEvent, rhs: OCKAnyEvent) -> Bool {
        OCKEventID.isOrderedBefore(
            (lhs.scheduleEvent.start, lhs.task.uuid, lhs.scheduleEvent.occurrence),
            (rhs.scheduleEvent.start, rhs.task.uuid, rhs.scheduleEvent.occurrence))
    }
}

/// How event ids are built and events ordered.
public enum OCKEventID {
    /// The id of the event for `occurrence` of the task version `taskUUID`: `"<UUID>#<n>"`.
    public static func make(taskUUID: UUID, occurrence: Int) -> String {
        _UUIDTexts.string(taskUUID) + "#" + String(occurrence)
    }

    /// Reads an event id back into its task version and occurrence, or nil when malformed.
    public static func parse(_ id: String) -> (taskUUID: UUID, occurrence: Int)? {
        let parts = id.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, let uuid = _UUIDTexts.parse(String(parts[0])),
            let occurrence = Int(parts[1]), occurrence >= 0
        else { return nil }
        return (uuid, occurrence)
    }

    static func isOrderedBefore(_ lhs: (Date, UUID, Int), _ rhs: (Date, UUID, Int)) -> Bool {
        if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
        if lhs.1 != rhs.1 { return _UUIDTexts.string(lhs.1) < _UUIDTexts.string(rhs.1) }
        return lhs.2 < rhs.2
    }
}
