import CareKitLocalization
import Foundation

/// What a person does to one event: the actions behind a task card's buttons, a log entry and a
/// survey's answers. A store applies an action to the event's outcome as it is at that moment,
/// in one write (see ``OCKAnyEventStore/perform(_:on:now:calendar:)``), so two people or two
/// processes acting on the same event at once never undo or overwrite each other.
public enum OCKEventAction: Sendable, Hashable {
    /// Marks the event done: an outcome with the value `true` when it has none. An event that
    /// is already done is left as it is, so completing twice is completing once.
    case complete
    /// Marks the event not done: its outcome, if any, is deleted (the store keeps its history).
    case markIncomplete
    /// Completes an event that is not done, or marks a done one not done, whichever it is when
    /// the store applies the action.
    case toggleCompletion
    /// Adds values to the event's outcome, creating the outcome when there is none. Values
    /// logged at the same moment by others are kept: each log appends.
    case appendValues([OCKOutcomeValue])
    /// Replaces the values of the event's outcome (a survey answered again); no values removes
    /// the outcome.
    case replaceValues([OCKOutcomeValue])
    /// Removes the value at an index of the event's outcome; the outcome goes with its last value.
    case deleteValue(at: Int)
    /// Corrects the value at an index of the event's outcome: a new version of the outcome
    /// carries `value` in its place (the store keeps the version it replaces).
    case replaceValue(at: Int, with: OCKOutcomeValue)
    /// Applies `action` only while the event's outcome is still the version `outcomeUUID`
    /// (the one a person saw before correcting or deleting a value); otherwise nothing is
    /// written and the store says the entry changed meanwhile.
    indirect case ifOutcomeVersion(UUID, OCKEventAction)

    /// Whether the action can leave the event with values it did not have: such actions are
    /// refused for days that have not come yet.
    var records: Bool {
        switch self {
        case .complete, .toggleCompletion, .appendValues, .replaceValues, .replaceValue: return true
        case .markIncomplete, .deleteValue: return false
        case .ifOutcomeVersion(_, let action): return action.records
        }
    }
}

/// How an action changes an outcome, worked out from the values it has now (nil: no outcome).
enum _OutcomeEdit: Equatable {
    case none
    case add([OCKOutcomeValue])
    case update([OCKOutcomeValue])
    case delete

    /// - Parameter version: the uuid of the outcome version `current` comes from.
    init(_ action: OCKEventAction, current: [OCKOutcomeValue]?, version: UUID?, event: OCKScheduleEvent, taskID: String, now: Date, calendar: Calendar) throws(OCKStoreError) {
        switch action {
        case .ifOutcomeVersion(let expected, let inner):
            guard version == expected else {
                let arguments: KeyValuePairs<String, String> = ["task": taskID, "time": Self.describe(event.start, calendar)]
                throw .updateFailed(
                    reason: current == nil
                        ? loc("The entry of '{task}' at {time} changed since it was shown (it was deleted). Nothing was changed; reload to see it as it is.", arguments)
                        : loc("The entry of '{task}' at {time} changed since it was shown (it has other values now). Nothing was changed; reload to see it as it is.", arguments))
            }
            self = try _OutcomeEdit(inner, current: current, version: version, event: event, taskID: taskID, now: now, calendar: calendar)
            return
        case .complete:
            self = current == nil ? .add([OCKOutcomeValue(true, units: nil, kind: nil, createdDate: now)]) : .none
        case .markIncomplete:
            self = current == nil ? .none : .delete
        case .toggleCompletion:
            self = current == nil ? .add([OCKOutcomeValue(true, units: nil, kind: nil, createdDate: now)]) : .delete
        case .appendValues(let values):
            guard !values.isEmpty else {
                throw .invalidValue(reason: loc("Nothing to log for task '{task}': give at least one value.", ["task": taskID]))
            }
            self = current.map { .update($0 + values) } ?? .add(values)
        case .replaceValues(let values):
            switch (current, values.isEmpty) {
            case (nil, true): self = .none
            case (nil, false): self = .add(values)
            case (_?, true): self = .delete
            case (_?, false): self = .update(values)
            }
        case .deleteValue(let index):
            guard var values = current, values.indices.contains(index) else {
                throw .invalidValue(reason: Self.noValue(index, taskID: taskID, count: current?.count ?? 0, deleting: true))
            }
            values.remove(at: index)
            self = values.isEmpty ? .delete : .update(values)
        case .replaceValue(let index, let value):
            guard var values = current, values.indices.contains(index) else {
                throw .invalidValue(reason: Self.noValue(index, taskID: taskID, count: current?.count ?? 0, deleting: false))
            }
            values[index] = value
            self = .update(values)
        }
        if action.records, self != .none, self != .delete, let tomorrow = Self.startOfTomorrow(now, calendar), event.start >= tomorrow {
            throw .invalidValue(
                reason: loc(
                    "'{task}' at {time} has not happened yet; outcomes can be recorded for today and earlier days only. Nothing was recorded.",
                    ["task": taskID, "time": Self.describe(event.start, calendar)]))
        }
    }

    private static func noValue(_ index: Int, taskID: String, count: Int, deleting: Bool) -> String {
        let arguments: KeyValuePairs<String, String> = ["task": taskID, "number": OCKLocalization.number(index + 1)]
        switch (count, deleting) {
        case (0, true):
            return loc("Task '{task}' has no logged values at that time, so there is no value number {number} to delete. Reload to see the current values.", arguments)
        case (0, false):
            return loc("Task '{task}' has no logged values at that time, so there is no value number {number} to correct. Reload to see the current values.", arguments)
        case (_, true):
            return loc("Task '{task}' has {count} logged values at that time, so there is no value number {number} to delete. Reload to see the current values.", count: count, arguments)
        case (_, false):
            return loc("Task '{task}' has {count} logged values at that time, so there is no value number {number} to correct. Reload to see the current values.", count: count, arguments)
        }
    }

    private static func startOfTomorrow(_ now: Date, _ calendar: Calendar) -> Date? {
        calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now))
    }

    private static func describe(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count < 2 ? "0" + text : text }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}

extension OCKAnyEventStore {

    /// Applies an action to the outcome of `event` (its task version and occurrence) and returns
    /// the event as it is afterwards.
    ///
    /// This default implementation, for stores that do not provide their own, reads the event
    /// and then writes: two writers acting on the same event at the same moment can overwrite
    /// each other. `OCKStore` applies the action in one transaction instead.
    /// - Parameters:
    ///   - now: the moment of the action: the date of new values and outcomes, and "today".
    ///   - calendar: decides where today ends: actions that record values are refused for
    ///     events that start after it.
    @discardableResult
    public func perform(_ action: OCKEventAction, on event: OCKAnyEvent, now: Date, calendar: Calendar) async throws -> OCKAnyEvent {
        var current = try await fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
        let version = (current.outcome as? any OCKVersionedObjectCompatible)?.uuid
        let edit = try _OutcomeEdit(
            action, current: current.outcome?.values, version: version, event: current.scheduleEvent,
            taskID: current.task.id, now: now, calendar: calendar)
        switch (edit, current.outcome) {
        case (.none, _):
            break
        case (.add(let values), _):
            var outcome = OCKOutcome(taskUUID: current.task.uuid, taskOccurrenceIndex: current.scheduleEvent.occurrence, values: values)
            outcome.effectiveDate = now
            outcome.timezone = calendar.timeZone
            current.outcome = try await addAnyOutcome(outcome)
        case (.update(let values), var outcome?):
            outcome.values = values
            current.outcome = try await updateAnyOutcome(outcome)
        case (.delete, let outcome?):
            try await deleteAnyOutcome(outcome)
            current.outcome = nil
        case (.update, nil), (.delete, nil):
            break  // an edit of an existing outcome is only planned when there is one
        }
        return current
    }

    /// Sets whether an event is complete. Idempotent: completing a completed event changes nothing.
    @discardableResult
    public func setCompleted(_ completed: Bool, for event: OCKAnyEvent, now: Date = Date(), calendar: Calendar = .current) async throws -> OCKAnyEvent {
        try await perform(completed ? .complete : .markIncomplete, on: event, now: now, calendar: calendar)
    }

    /// Completes an event that has no outcome, or removes the outcome of an event that has one,
    /// as the event is when the store applies it.
    @discardableResult
    public func toggleBooleanOutcome(for event: OCKAnyEvent, now: Date = Date(), calendar: Calendar = .current) async throws -> OCKAnyEvent {
        try await perform(.toggleCompletion, on: event, now: now, calendar: calendar)
    }

    /// Adds values to an event's outcome, creating the outcome if there is none.
    @discardableResult
    public func append(outcomeValues values: [OCKOutcomeValue], to event: OCKAnyEvent, now: Date = Date(), calendar: Calendar = .current) async throws -> OCKAnyEvent {
        try await perform(.appendValues(values), on: event, now: now, calendar: calendar)
    }

    /// Replaces an event's outcome values (a survey answered again), creating the outcome if needed.
    @discardableResult
    public func replaceOutcomeValues(_ values: [OCKOutcomeValue], for event: OCKAnyEvent, now: Date = Date(), calendar: Calendar = .current) async throws -> OCKAnyEvent {
        try await perform(.replaceValues(values), on: event, now: now, calendar: calendar)
    }

    /// Removes one value from an event's outcome; the outcome goes when its last value does.
    @discardableResult
    public func deleteOutcomeValue(at index: Int, from event: OCKAnyEvent, now: Date = Date(), calendar: Calendar = .current) async throws -> OCKAnyEvent {
        try await perform(.deleteValue(at: index), on: event, now: now, calendar: calendar)
    }

    /// Corrects one value of an event's outcome (a new version of the outcome), if the outcome
    /// is still the version `outcomeUUID` when given.
    @discardableResult
    public func correctOutcomeValue(
        at index: Int, to value: OCKOutcomeValue, ifOutcomeVersion outcomeUUID: UUID? = nil, of event: OCKAnyEvent,
        now: Date = Date(), calendar: Calendar = .current
    ) async throws -> OCKAnyEvent {
        let action = OCKEventAction.replaceValue(at: index, with: value)
        return try await perform(outcomeUUID.map { .ifOutcomeVersion($0, action) } ?? action, on: event, now: now, calendar: calendar)
    }

    /// The event with a given stable id (`"<task version uuid>#<occurrence>"`).
    public func fetchAnyEvent(withID id: String) async throws -> OCKAnyEvent {
        guard let (uuid, occurrence) = OCKEventID.parse(id) else {
            throw OCKStoreError.fetchFailed(reason: loc("'{id}' is not an event id (expected <task version uuid>#<occurrence>).", ["id": id]))
        }
        var query = OCKTaskQuery()
        query.uuids = [uuid]
        guard let task = try await fetchAnyTasks(query: query).first else {
            throw OCKStoreError.fetchFailed(reason: loc("No task version {uuid} exists in this store.", ["uuid": "\(uuid)"]))
        }
        return try await fetchAnyEvent(forTask: task, occurrence: occurrence)
    }
}
