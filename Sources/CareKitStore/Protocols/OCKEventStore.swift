import Foundation

// MARK: - Type-erased events

/// A store that can read events (task occurrences joined with their outcomes) of any type.
public protocol OCKAnyReadOnlyEventStore: OCKAnyReadOnlyTaskStore, OCKAnyReadOnlyOutcomeStore {
    /// Fetches the events matching a query, ordered by start.
    func fetchAnyEvents(query: OCKEventQuery, callbackQueue: DispatchQueue, completion: @escaping OCKResultClosure<[OCKAnyEvent]>)
    /// Fetches one occurrence of a task version with its outcome.
    func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int, callbackQueue: DispatchQueue, completion: @escaping OCKResultClosure<OCKAnyEvent>)
}

extension OCKAnyReadOnlyEventStore {
    /// The events matching a query, ordered by start.
    public func fetchAnyEvents(query: OCKEventQuery) async throws -> [OCKAnyEvent] {
        try await _ockAwait { fetchAnyEvents(query: query, callbackQueue: .ockDefault, completion: $0) }
    }

    /// One occurrence of a task version with its outcome.
    public func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int) async throws -> OCKAnyEvent {
        try await _ockAwait { fetchAnyEvent(forTask: task, occurrence: occurrence, callbackQueue: .ockDefault, completion: $0) }
    }

    /// Adherence for each day of the query's interval.
    public func fetchAdherence(query: OCKAdherenceQuery, callbackQueue: DispatchQueue = .ockDefault, completion: @escaping OCKResultClosure<[OCKAdherence]>) {
        _Concurrency.Task {
            do {
                let result = try await fetchAdherence(query: query)
                callbackQueue.async { completion(.success(result)) }
            } catch {
                let storeError = error as? OCKStoreError ?? .fetchFailed(reason: "\(error)")
                callbackQueue.async { completion(.failure(storeError)) }
            }
        }
    }

    /// Adherence for each local day of the query's interval (in the query's calendar): the mean
    /// progress of that day's events of tasks that impact adherence; `.noEvents` when such a
    /// task was active that day without an event; `.noTasks` otherwise.
    ///
    /// Events come from every version of a task that owned time in the interval, so a day done
    /// under an earlier version keeps its progress after the task changes.
    public func fetchAdherence(query: OCKAdherenceQuery) async throws -> [OCKAdherence] {
        let days = query.dates()
        guard let first = days.first else { return [] }
        let calendar = query.calendar

        var eventQuery = OCKEventQuery(dateInterval: DateInterval(start: first, end: max(query.dateInterval.end, first)))
        eventQuery.taskIDs = query.taskIDs
        let events = try await fetchAnyEvents(query: eventQuery).filter { $0.task.impactsAdherence }
        var taskQuery = OCKTaskQuery(dateInterval: query.dateInterval)
        taskQuery.ids = query.taskIDs
        let current = try await fetchAnyTasks(query: taskQuery).filter(\.impactsAdherence)
        let versions = _AdherenceVersions(current + events.map(\.task))

        var eventsByDay: [Date: [OCKAnyEvent]] = [:]
        for event in events {
            eventsByDay[calendar.startOfDay(for: event.scheduleEvent.start), default: []].append(event)
        }
        return days.map { day in
            if let dayEvents = eventsByDay[day], !dayEvents.isEmpty {
                return .progress(AggregatedCareTaskProgress(combining: dayEvents.map(query.computeProgress)).fractionCompleted)
            }
            return versions.areScheduled(onDay: day, calendar: calendar) ? .noEvents : .noTasks
        }
    }
}

/// The task versions adherence knows of, to tell a day with nothing scheduled (`.noTasks`)
/// from a day whose tasks had no event (`.noEvents`).
struct _AdherenceVersions {
    private let versions: [any OCKAnyTask]

    init(_ tasks: [any OCKAnyTask]) {
        var seen = Set<UUID>()
        versions = tasks.filter { seen.insert($0.uuid).inserted }
    }

    /// Whether some version had taken effect by the end of the day, was not replaced by a later
    /// version of its task before the day began, and has a schedule running that day.
    func areScheduled(onDay day: Date, calendar: Calendar) -> Bool {
        let dayStart = calendar.startOfDay(for: day)
        let dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart) ?? dayStart.addingTimeInterval(86_400)
        return versions.contains { version in
            guard version.effectiveDate < dayEnd, version.schedule.exists(onDay: dayStart, calendar: calendar) else { return false }
            return !versions.contains { other in
                other.id == version.id && other.uuid != version.uuid
                    && other.effectiveDate > version.effectiveDate && other.effectiveDate <= dayStart
            }
        }
    }
}

/// A store that can read and write tasks and outcomes of any type, and read events.
public protocol OCKAnyEventStore: OCKAnyReadOnlyEventStore, OCKAnyTaskStore, OCKAnyOutcomeStore {}

// MARK: - Typed events

/// A store that reads events of its own task and outcome types.
public protocol OCKReadOnlyEventStore: OCKAnyReadOnlyEventStore, OCKReadableTaskStore, OCKReadableOutcomeStore {
    /// The store's event type.
    typealias Event = OCKEvent<Task, Outcome>

    /// Fetches the events matching a query, ordered by start.
    func fetchEvents(query: OCKEventQuery, callbackQueue: DispatchQueue, completion: @escaping OCKResultClosure<[OCKEvent<Task, Outcome>]>)
    /// Fetches one occurrence of a task version with its outcome.
    func fetchEvent(forTask task: Task, occurrence: Int, callbackQueue: DispatchQueue, completion: @escaping OCKResultClosure<OCKEvent<Task, Outcome>>)
}

extension OCKReadOnlyEventStore {
    public func fetchAnyEvents(query: OCKEventQuery, callbackQueue: DispatchQueue, completion: @escaping OCKResultClosure<[OCKAnyEvent]>) {
        fetchEvents(query: query, callbackQueue: callbackQueue) { completion($0.map { $0.map(\.anyEvent) }) }
    }

    public func fetchAnyEvent(forTask task: any OCKAnyTask, occurrence: Int, callbackQueue: DispatchQueue, completion: @escaping OCKResultClosure<OCKAnyEvent>) {
        guard let typed = task as? Task else {
            callbackQueue.async { completion(.failure(.fetchFailed(reason: "The task is of type \(type(of: task)); this store holds \(Task.self)."))) }
            return
        }
        fetchEvent(forTask: typed, occurrence: occurrence, callbackQueue: callbackQueue) { completion($0.map(\.anyEvent)) }
    }

    /// The events matching a query, ordered by start.
    public func fetchEvents(query: OCKEventQuery) async throws -> [OCKEvent<Task, Outcome>] {
        try await _ockAwait { fetchEvents(query: query, callbackQueue: .ockDefault, completion: $0) }
    }

    /// One occurrence of a task version with its outcome.
    public func fetchEvent(forTask task: Task, occurrence: Int) async throws -> OCKEvent<Task, Outcome> {
        try await _ockAwait { fetchEvent(forTask: task, occurrence: occurrence, callbackQueue: .ockDefault, completion: $0) }
    }
}

/// A store that reads events and writes tasks and outcomes of its own types.
public protocol OCKEventStore: OCKReadOnlyEventStore, OCKTaskStore, OCKOutcomeStore, OCKAnyEventStore {}
