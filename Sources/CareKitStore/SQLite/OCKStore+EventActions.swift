import Foundation

extension OCKStore {

    /// Applies an action to the outcome of one event in one immediate transaction: the event's
    /// outcome is read and rewritten while this store holds SQLite's write lock, so actions
    /// from other threads, other `OCKStore`s and other processes on the same file run one after
    /// another and each sees the result of the one before (a log appends to the values logged a
    /// moment earlier; a second "complete" finds the event done and changes nothing).
    ///
    /// The task version and occurrence come from `event`; the version is read again from the
    /// store, so a stale or hand-made event cannot place an outcome where the store would not.
    @discardableResult
    public func perform(_ action: OCKEventAction, on event: OCKAnyEvent, now: Date, calendar: Calendar) async throws -> OCKAnyEvent {
        let taskUUID = event.task.uuid
        let occurrence = event.scheduleEvent.occurrence
        return try await write(
            .update, .outcome,
            scoped: { [clock, cache] connection in
                guard let task = try Self.taskVersion(taskUUID, connection: connection, cache: cache) else {
                    throw OCKStoreError.updateFailed(reason: loc("No task version {uuid} exists in this store; reload and try again. Nothing was recorded.", ["uuid": "\(taskUUID)"]))
                }
                let current = try Self.event(forTask: task, occurrence: occurrence, connection: connection)
                let edit = try _OutcomeEdit(
                    action, current: current.outcome?.values, version: current.outcome?.uuid, event: current.scheduleEvent,
                    taskID: task.id, now: now, calendar: calendar)
                var outcome: OCKOutcome?
                var scope = _WriteScope(taskIDs: [])
                switch (edit, current.outcome) {
                case (.none, let existing):
                    outcome = existing
                case (.add(let values), _):
                    var new = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: values)
                    new.effectiveDate = now
                    new.timezone = calendar.timeZone
                    let (written, touched) = try Self.insertOutcomes([new], now: clock(), connection: connection, cache: cache)
                    (outcome, scope) = (written.first, touched)
                case (.update(let values), var existing?):
                    existing.values = values
                    let (written, touched) = try Self.appendOutcomeVersions([existing], deleting: false, now: clock(), connection: connection, cache: cache)
                    (outcome, scope) = (written.first, touched)
                case (.delete, let existing?):
                    (_, scope) = try Self.appendOutcomeVersions([existing], deleting: true, now: clock(), connection: connection, cache: cache)
                case (.update, nil), (.delete, nil):
                    break  // an edit of an existing outcome is only planned when there is one
                }
                return (OCKAnyEvent(task: task, outcome: outcome, scheduleEvent: current.scheduleEvent), scope)
            })
    }

    /// The stored task version with a uuid (a tombstone included), or nil.
    static func taskVersion(_ uuid: UUID, connection: _SQLiteConnection, cache: _VersionCache) throws -> OCKTask? {
        let statement = try connection.prepare("SELECT row FROM task WHERE uuid = ?")
        statement.bind(uuid, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try _Versioned.load(OCKTask.self, row: statement.int64(0), connection: connection, cache: cache)
    }
}
