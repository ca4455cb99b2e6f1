import CareKitStore
import Foundation

/// The actions a patient takes on an event, shared by the view controllers, the web app and
/// the command line. Each is one store write.
extension OCKAnyEventStore {

    /// Completes an event that has no outcome (an outcome with the value `true`), or removes the
    /// outcome of an event that has one. Reads the event again first, so two taps from two tabs
    /// cannot create two outcomes.
    @discardableResult
    public func toggleBooleanOutcome(for event: OCKAnyEvent, now: Date = Date()) async throws -> OCKAnyEvent {
        let current = try await fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
        if let outcome = current.outcome {
            try await deleteAnyOutcome(outcome)
            var updated = current
            updated.outcome = nil
            return updated
        }
        var outcome = OCKOutcome(taskUUID: current.task.uuid, taskOccurrenceIndex: current.scheduleEvent.occurrence,
                                 values: [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: now)])
        outcome.effectiveDate = now
        var updated = current
        updated.outcome = try await addAnyOutcome(outcome)
        return updated
    }

    /// Sets whether an event is complete (idempotent: completing a completed event changes nothing).
    @discardableResult
    public func setCompleted(_ completed: Bool, for event: OCKAnyEvent, now: Date = Date()) async throws -> OCKAnyEvent {
        let current = try await fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
        guard (current.outcome != nil) != completed else { return current }
        return try await toggleBooleanOutcome(for: current, now: now)
    }

    /// Adds values to an event's outcome, creating the outcome if there is none.
    @discardableResult
    public func append(outcomeValues values: [OCKOutcomeValue], to event: OCKAnyEvent, now: Date = Date()) async throws -> OCKAnyEvent {
        let current = try await fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
        var updated = current
        if var outcome = current.outcome {
            outcome.values.append(contentsOf: values)
            updated.outcome = try await updateAnyOutcome(outcome)
        } else {
            var outcome = OCKOutcome(taskUUID: current.task.uuid, taskOccurrenceIndex: current.scheduleEvent.occurrence, values: values)
            outcome.effectiveDate = now
            updated.outcome = try await addAnyOutcome(outcome)
        }
        return updated
    }

    /// Replaces an event's outcome values (a survey answered again), creating the outcome if needed.
    @discardableResult
    public func replaceOutcomeValues(_ values: [OCKOutcomeValue], for event: OCKAnyEvent, now: Date = Date()) async throws -> OCKAnyEvent {
        let current = try await fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
        var updated = current
        if var outcome = current.outcome {
            outcome.values = values
            updated.outcome = try await updateAnyOutcome(outcome)
        } else {
            return try await append(outcomeValues: values, to: current, now: now)
        }
        return updated
    }

    /// Removes one value from an event's outcome; the outcome goes when its last value does.
    @discardableResult
    public func deleteOutcomeValue(at index: Int, from event: OCKAnyEvent) async throws -> OCKAnyEvent {
        let current = try await fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
        guard var outcome = current.outcome, outcome.values.indices.contains(index) else {
            throw OCKStoreError.invalidValue(reason: "Event \(event.id) has no logged value number \(index + 1) to delete.")
        }
        var updated = current
        outcome.values.remove(at: index)
        if outcome.values.isEmpty {
            try await deleteAnyOutcome(outcome)
            updated.outcome = nil
        } else {
            updated.outcome = try await updateAnyOutcome(outcome)
        }
        return updated
    }

    /// The event with a given stable id (`"<task version uuid>#<occurrence>"`).
    public func fetchAnyEvent(withID id: String) async throws -> OCKAnyEvent {
        guard let (uuid, occurrence) = OCKEventID.parse(id) else {
            throw OCKStoreError.fetchFailed(reason: "'\(id)' is not an event id (expected <task version uuid>#<occurrence>).")
        }
        var query = OCKTaskQuery()
        query.uuids = [uuid]
        guard let task = try await fetchAnyTasks(query: query).first else {
            throw OCKStoreError.fetchFailed(reason: "No task version \(uuid) exists in this store.")
        }
        return try await fetchAnyEvent(forTask: task, occurrence: occurrence)
    }
}
