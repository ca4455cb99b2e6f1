import Foundation

/// Which events to fetch: every occurrence in a date interval of the matching tasks.
public struct OCKEventQuery: Hashable, Sendable {
    /// Events that end at or after its start and start before its end.
    public var dateInterval: DateInterval
    /// Only these tasks (by id).
    public var taskIDs: [String] = []
    /// Only these task versions.
    public var taskUUIDs: [UUID] = []
    /// Only tasks with these remote ids (`nil` matches tasks without one).
    public var taskRemoteIDs: [String?] = []
    /// Only tasks in these groups (`nil` matches tasks without a group).
    public var taskGroupIdentifiers: [String?] = []
    /// Only tasks with at least one of these tags.
    public var taskTags: [String] = []
    /// Only tasks of these care plans (by id).
    public var carePlanIDs: [String] = []

    /// A query for the events in an interval.
    public init(dateInterval: DateInterval) {
        self.dateInterval = dateInterval
    }

    /// A query for the events of the whole local day containing `date`.
    public init(for date: Date, calendar: Calendar = .current) {
        self.dateInterval = .ockDay(containing: date, calendar: calendar)
    }

    /// The task query that selects the tasks of these events.
    public var taskQuery: OCKTaskQuery {
        var query = OCKTaskQuery(dateInterval: dateInterval)
        query.ids = taskIDs
        query.uuids = taskUUIDs
        query.remoteIDs = taskRemoteIDs
        query.groupIdentifiers = taskGroupIdentifiers
        query.tags = taskTags
        query.carePlanIDs = carePlanIDs
        return query
    }
}

/// Which adherence to compute: one value per local day of the interval.
public struct OCKAdherenceQuery: Sendable {
    /// Only these tasks (empty: every task that impacts adherence).
    public var taskIDs: [String]
    /// The days to compute; a day counts when it starts before the end.
    public var dateInterval: DateInterval
    /// The calendar that decides where days begin.
    public var calendar: Calendar
    /// How an event's progress is computed; by default an event is complete when an outcome
    /// records it.
    public var computeProgress: @Sendable (OCKAnyEvent) -> any CareTaskProgress {
        get { customProgress ?? { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) } }
        set { customProgress = newValue }
    }

    /// The progress rule a caller set, or nil for the default: then adherence needs only to
    /// know which events an outcome records, which a store reads without decoding any outcome.
    var customProgress: (@Sendable (OCKAnyEvent) -> any CareTaskProgress)?

    /// Creates a query in which an event is complete when it has an outcome.
    public init(taskIDs: [String], dateInterval: DateInterval, calendar: Calendar = .current) {
        self.taskIDs = taskIDs
        self.dateInterval = dateInterval
        self.calendar = calendar
    }

    /// Creates a query whose events' progress `computeProgress` computes.
    public init(
        taskIDs: [String], dateInterval: DateInterval, calendar: Calendar = .current,
        computeProgress: @escaping @Sendable (OCKAnyEvent) -> any CareTaskProgress
    ) {
        self.init(taskIDs: taskIDs, dateInterval: dateInterval, calendar: calendar)
        customProgress = computeProgress
    }

    /// The start of each day in the interval. An interval that ends exactly at midnight does
    /// not get an extra day (CareKit adds one).
    public func dates() -> [Date] {
        OCKAdherence.days(in: dateInterval, calendar: calendar)
    }

    /// The events adherence reads: those of `taskIDs` from the start of the first day
    /// (``dates()``) until the end of the interval.
    func eventQuery(from firstDay: Date) -> OCKEventQuery {
        var query = OCKEventQuery(dateInterval: DateInterval(start: firstDay, end: max(dateInterval.end, firstDay)))
        query.taskIDs = taskIDs
        return query
    }
}
