import Foundation

// MARK: - Type-erased events

/// A store that can read events (task occurrences joined with their outcomes) of any type.
public protocol OCKAnyReadOnlyEventStore: OCKAnyReadOnlyTaskStore, OCKAnyReadOnlyOutcomeStore {
    /// The events matching a query, ordered by start.
    func fetchAnyEvents(query: OCKEventQuery) async throws -> [OCKAnyEvent]
    /// One occurrence of a task version with its outcome.
    func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int) async throws -> OCKAnyEvent
    /// The events matching a query, ordered by start, each only with whether an outcome records
    /// it: the same occurrences as ``fetchAnyEvents(query:)``, for default (binary) progress
    /// without reading outcomes' values. By default, made from ``fetchAnyEvents(query:)``.
    func fetchAnyEventCompletions(query: OCKEventQuery) async throws -> [OCKEventCompletion]
    /// The events of `query` and the completions of `completionsQuery`, as
    /// ``fetchAnyEvents(query:)`` and ``fetchAnyEventCompletions(query:)`` give them (a day's
    /// cards and its week's rings, say). By default two reads; a store can answer both from one.
    func fetchAnyEvents(query: OCKEventQuery, completionsOf completionsQuery: OCKEventQuery) async throws -> (events: [OCKAnyEvent], completions: [OCKEventCompletion])
    /// For each day of `query` (``OCKAdherenceQuery/dates()``), how many events of tasks that
    /// count towards adherence start that day and how many of them an outcome records: the
    /// numbers ``OCKAdherence/dayCounts(_:byDay:)`` gives for the completions of those days,
    /// all that the default progress needs (the query's progress rule is not used). By default,
    /// made from ``fetchAnyEventCompletions(query:)``; a store can count without making events.
    func fetchAdherenceCounts(query: OCKAdherenceQuery) async throws -> [OCKAdherence.DayCount]
}

extension OCKAnyReadOnlyEventStore {
    public func fetchAnyEventCompletions(query: OCKEventQuery) async throws -> [OCKEventCompletion] {
        try await fetchAnyEvents(query: query).map(OCKEventCompletion.init)
    }

    public func fetchAnyEvents(query: OCKEventQuery, completionsOf completionsQuery: OCKEventQuery) async throws -> (events: [OCKAnyEvent], completions: [OCKEventCompletion]) {
        (try await fetchAnyEvents(query: query), try await fetchAnyEventCompletions(query: completionsQuery))
    }

    public func fetchAdherenceCounts(query: OCKAdherenceQuery) async throws -> [OCKAdherence.DayCount] {
        let days = query.dates()
        guard let first = days.first else { return [] }
        return OCKAdherence.dayCounts(try await fetchAnyEventCompletions(query: query.eventQuery(from: first)), byDay: days)
    }

    /// Fetches the events matching a query, ordered by start, and delivers them on `callbackQueue`.
    public func fetchAnyEvents(query: OCKEventQuery, callbackQueue: DispatchQueue = .ockDefault, completion: @escaping OCKResultClosure<[OCKAnyEvent]>) {
        _deliver(callbackQueue, completion) { [self] in try await fetchAnyEvents(query: query) }
    }

    /// Fetches one occurrence of a task version with its outcome and delivers it on `callbackQueue`.
    public func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int, callbackQueue: DispatchQueue = .ockDefault, completion: @escaping OCKResultClosure<OCKAnyEvent>) {
        _deliver(callbackQueue, completion) { [self] in try await fetchAnyEvent(forTask: task, occurrence: occurrence) }
    }

    /// Adherence for each day of the query's interval.
    public func fetchAdherence(query: OCKAdherenceQuery, callbackQueue: DispatchQueue = .ockDefault, completion: @escaping OCKResultClosure<[OCKAdherence]>) {
        _deliver(callbackQueue, completion) { [self] in try await fetchAdherence(query: query) }
    }

    /// Adherence for each local day of the query's interval (in the query's calendar): the mean
    /// progress of that day's events of tasks that count (``OCKAdherence/counts(_:)``, the rule
    /// every page and the care report share); for a day without such events, `.noEvents` when a
    /// task version in effect at the end of that day is scheduled that day, else `.noTasks`.
    ///
    /// Events come from every version of a task that owned time in the interval, so a day done
    /// under an earlier version keeps its progress after the task changes or is deleted.
    public func fetchAdherence(query: OCKAdherenceQuery) async throws -> [OCKAdherence] {
        let days = query.dates()
        guard let first = days.first else { return [] }
        let calendar = query.calendar

        // The default progress needs only how many events each day has and how many of them an
        // outcome records: a store counts them without making events or reading outcomes.
        let fractions: [Double?]
        if let computeProgress = query.customProgress {
            fractions = OCKAdherence.countedEvents(try await fetchAnyEvents(query: query.eventQuery(from: first)), byDay: days).map {
                OCKAdherence.fractionCompleted(of: $0, computeProgress: computeProgress)
            }
        } else {
            fractions = try await fetchAdherenceCounts(query: query).map(\.fractionCompleted)
        }

        var result: [OCKAdherence] = []
        result.reserveCapacity(days.count)
        for (day, fraction) in zip(days, fractions) {
            if let fraction {
                result.append(.progress(fraction))
                continue
            }
            // Only days without events cost a query: which versions were in effect that day.
            var dayQuery = OCKTaskQuery(dateInterval: .ockDay(containing: day, calendar: calendar))
            dayQuery.ids = query.taskIDs
            let scheduled = try await fetchAnyTasks(query: dayQuery).contains {
                OCKAdherence.counts($0) && $0.schedule.exists(onDay: day, calendar: calendar)
            }
            result.append(scheduled ? .noEvents : .noTasks)
        }
        return result
    }
}

/// A store that can read and write tasks and outcomes of any type, read events, and apply a
/// person's actions to them.
public protocol OCKAnyEventStore: OCKAnyReadOnlyEventStore, OCKAnyTaskStore, OCKAnyOutcomeStore {
    /// Applies an action to the outcome of one event (its task version and occurrence) and
    /// returns the event as it is afterwards. Actions that record values are refused for
    /// events that start after the end of `now`'s day in `calendar`.
    @discardableResult
    func perform(_ action: OCKEventAction, on event: OCKAnyEvent, now: Date, calendar: Calendar) async throws -> OCKAnyEvent
}

// MARK: - Typed events

/// A store that reads events of its own task and outcome types.
public protocol OCKReadOnlyEventStore: OCKAnyReadOnlyEventStore, OCKReadableTaskStore, OCKReadableOutcomeStore {
    /// The store's event type.
    typealias Event = OCKEvent<Task, Outcome>

    /// The events matching a query, ordered by start.
    func fetchEvents(query: OCKEventQuery) async throws -> [OCKEvent<Task, Outcome>]
    /// One occurrence of a task version with its outcome.
    func fetchEvent(forTask task: Task, occurrence: Int) async throws -> OCKEvent<Task, Outcome>
}

extension OCKReadOnlyEventStore {
    public func fetchAnyEvents(query: OCKEventQuery) async throws -> [OCKAnyEvent] {
        try await fetchEvents(query: query).map(\.anyEvent)
    }

    public func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int) async throws -> OCKAnyEvent {
        guard let typed = task as? Task else {
            throw OCKStoreError.fetchFailed(reason: loc("The task is of type {type}; this store holds {stored}.", ["type": "\(type(of: task))", "stored": "\(Task.self)"]))
        }
        return try await fetchEvent(forTask: typed, occurrence: occurrence).anyEvent
    }

    /// Fetches the events matching a query, ordered by start, and delivers them on `callbackQueue`.
    public func fetchEvents(query: OCKEventQuery, callbackQueue: DispatchQueue = .ockDefault, completion: @escaping OCKResultClosure<[OCKEvent<Task, Outcome>]>) {
        _deliver(callbackQueue, completion) { [self] in try await fetchEvents(query: query) }
    }

    /// Fetches one occurrence of a task version with its outcome and delivers it on `callbackQueue`.
    public func fetchEvent(forTask task: Task, occurrence: Int, callbackQueue: DispatchQueue = .ockDefault, completion: @escaping OCKResultClosure<OCKEvent<Task, Outcome>>) {
        _deliver(callbackQueue, completion) { [self] in try await fetchEvent(forTask: task, occurrence: occurrence) }
    }
}

/// A store that reads events and writes tasks and outcomes of its own types.
public protocol OCKEventStore: OCKReadOnlyEventStore, OCKTaskStore, OCKOutcomeStore, OCKAnyEventStore {}
