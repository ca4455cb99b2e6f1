import Foundation

extension OCKStore {

    /// The tasks matching a query (see ``OCKTaskQuery``).
    public func fetchTasks(query: OCKTaskQuery) async throws -> [OCKTask] {
        try await read { [cache] connection in try Self.tasks(matching: query, connection: connection, cache: cache) }
    }

    /// The newest version of each of the tasks `ids` (by id), as
    /// `latestTaskVersions(ids:)` (CareKit) chooses it from every version: among the versions
    /// that are not tombstones, the tip of the chain (no version follows it) effective last,
    /// else the version effective last. Only the tips' rows are read, their content mostly
    /// from the version cache. Ids without a task are left out.
    public func fetchNewestTaskVersions(ids: [String]) async throws -> [String: OCKTask] {
        guard !ids.isEmpty else { return [:] }
        return try await read { [cache] connection in
            let wanted = Array(Set(ids)).sorted()
            let list = _SQLBuilder.inList(wanted)
            // In the order of a task query's results, so that ties go the same way.
            let tips = try connection.prepare(
                "SELECT row, id, effective_date FROM task WHERE deleted_date IS NULL AND next_uuids = '' AND id IN \(list.sql) ORDER BY created_date DESC, row DESC")
            _ = tips.bind(values: list.arguments, from: 1)
            var newest: [String: (row: Int64, effective: Double)] = [:]
            while try tips.step() {
                let id = tips.string(1), effective = tips.double(2)
                if let known = newest[id], effective <= known.effective { continue }
                newest[id] = (tips.int64(0), effective)
            }
            var result: [String: OCKTask] = [:]
            for (id, tip) in newest {
                result[id] = try _Versioned.load(OCKTask.self, row: tip.row, next: "", connection: connection, cache: cache)
            }
            // A task whose every version is followed by another (its chain ends in a
            // tombstone): the version effective last.
            let rest = wanted.filter { result[$0] == nil }
            if !rest.isEmpty {
                var query = OCKTaskQuery()
                query.ids = rest
                for task in try Self.tasks(matching: query, connection: connection, cache: cache) {
                    if let known = result[task.id], task.effectiveDate <= known.effectiveDate { continue }
                    result[task.id] = task
                }
            }
            return result
        }
    }

    static func tasks(matching query: OCKTaskQuery, connection: _SQLiteConnection, cache: _VersionCache) throws -> [OCKTask] {
        var builder = _SQLBuilder()
        builder.addCommonFilters(query, table: OCKTask.table, entity: .task)
        builder.whereRelated("t.care_plan_uuid", table: OCKCarePlan.table, field: "id", query.carePlanIDs)
        builder.whereIn("t.care_plan_uuid", query.carePlanUUIDs.map(\.uuidString))
        builder.whereRelated("t.care_plan_uuid", table: OCKCarePlan.table, field: "remote_id", nullable: query.carePlanRemoteIDs)
        if let interval = query.dateInterval {
            // As CareKit: a task whose schedule ended before the interval is not part of it.
            builder.add("(t.schedule_end IS NULL OR t.schedule_end >= ?)", .real(interval.start.timeIntervalSinceReferenceDate))
        }
        let order = query.sortDescriptors.map { descriptor -> String in
            switch descriptor {
            case .effectiveDate(let ascending): return "t.effective_date \(ascending.sqlDirection)"
            case .groupIdentifier(let ascending): return "t.group_identifier \(ascending.sqlDirection)"
            case .title(let ascending): return "t.title \(ascending.sqlDirection)"
            }
        }
        guard query.excludesTasksWithNoEvents, let interval = query.dateInterval else {
            return try builder.fetch(OCKTask.self, orderBy: order, limit: query.limit, offset: query.offset, connection: connection, cache: cache)
        }
        // The event filter runs before limit and offset, so a limit still fills up.
        let all = try builder.fetch(OCKTask.self, orderBy: order, limit: nil, offset: 0, connection: connection, cache: cache)
        let withEvents = all.filter { !$0.schedule.events(from: interval.start, to: interval.end).isEmpty }
        let page = withEvents.dropFirst(max(query.offset, 0))
        return Array(query.limit.map { page.prefix(max($0, 0)) } ?? page)
    }

    /// Adds tasks; each schedule must be valid.
    @discardableResult
    public func addTasks(_ tasks: [OCKTask]) async throws -> [OCKTask] {
        try await write(
            .add, .task,
            scoped: { [clock] connection in
                let written = try _Writer.add(tasks, now: clock(), connection: connection) { task in
                    try Self.validateSchedule(of: task)
                }
                return (written, _WriteScope(taskIDs: Set(tasks.map(\.id))))
            })
    }

    /// Appends a new version of each task. A version that would take over time in which the
    /// task already has outcomes is refused (CareKit's data-loss guard, applied across every
    /// earlier version).
    @discardableResult
    public func updateTasks(_ tasks: [OCKTask]) async throws -> [OCKTask] {
        try await write(
            .update, .task,
            scoped: { [clock] connection in
                let written = try _Writer.append(tasks, deleting: false, now: clock(), connection: connection) { task, _ in
                    try Self.validateSchedule(of: task)
                    try Self.refuseHidingOutcomes(of: task, connection: connection)
                }
                return (written, _WriteScope(taskIDs: Set(tasks.map(\.id))))
            })
    }

    /// Deletes tasks from their effective date on: to stop a task from a date and keep its
    /// history, pass it with `effectiveDate` set to that date.
    @discardableResult
    public func deleteTasks(_ tasks: [OCKTask]) async throws -> [OCKTask] {
        try await write(
            .delete, .task,
            scoped: { [clock] connection in
                let written = try _Writer.append(tasks, deleting: true, now: clock(), connection: connection) { _, _ in }
                return (written, _WriteScope(taskIDs: Set(tasks.map(\.id))))
            })
    }

    static func validateSchedule(of task: OCKTask) throws {
        if let reason = task.schedule.validationFailure {
            throw OCKStoreError.invalidValue(reason: loc("Task '{task}' has an invalid schedule: {reason}", ["task": task.id, "reason": reason]))
        }
    }

    /// Refuses a new version that would take over the time of an existing outcome.
    static func refuseHidingOutcomes(of task: OCKTask, connection: _SQLiteConnection) throws {
        let statement = try connection.prepare(
            """
            SELECT o.event_start, o.task_occurrence FROM (
                SELECT outcome.event_start, outcome.occurrence AS task_occurrence FROM outcome
                JOIN task ON outcome.task_row = task.row
                WHERE task.id = ? AND outcome.is_winner = 1 AND outcome.event_start >= ?
                ORDER BY outcome.event_start DESC LIMIT 1) o
            """)
        statement.bind(task.id, at: 1)
        statement.bind(task.effectiveDate, at: 2)
        guard try statement.step() else { return }
        let latest = statement.date(0)
        throw OCKStoreError.updateFailed(
            reason: loc(
                "Task '{task}' already has an outcome for the event at {time} (occurrence {occurrence}); a new version effective {effective} would hide it. Make the new version effective after {time}, or delete that outcome first.",
                ["task": task.id, "time": latest.formatted(.iso8601), "occurrence": String(statement.int(1)), "effective": task.effectiveDate.formatted(.iso8601)]))
    }
}
