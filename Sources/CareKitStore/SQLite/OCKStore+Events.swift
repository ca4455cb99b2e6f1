import Foundation

extension OCKStore {

    /// The events matching a query, ordered by start (see ``OCKEventQuery``).
    public func fetchEvents(query: OCKEventQuery) async throws -> [OCKEvent<OCKTask, OCKOutcome>] {
        try await read { [cache] connection in try Self.events(matching: query, connection: connection, cache: cache) }
    }

    /// The events matching a query with whether an outcome records each, read without decoding
    /// any outcome: the same occurrences, in the same order, as ``fetchEvents(query:)``.
    public func fetchAnyEventCompletions(query: OCKEventQuery) async throws -> [OCKEventCompletion] {
        try await read { [cache] connection in try Self.eventCompletions(matching: query, connection: connection, cache: cache) }
    }

    /// The events of `query` and the completions of `completionsQuery` from one snapshot. When
    /// the two differ only in their intervals and the completions' contains the events', the
    /// events are the completions that overlap `query`'s interval (the same occurrences by the
    /// same rules), and only their outcomes are read whole.
    public func fetchAnyEvents(query: OCKEventQuery, completionsOf completionsQuery: OCKEventQuery) async throws -> (events: [OCKAnyEvent], completions: [OCKEventCompletion]) {
        try await read { [cache] connection in
            var widened = query
            widened.dateInterval = completionsQuery.dateInterval
            let inner = query.dateInterval, outer = completionsQuery.dateInterval
            guard widened == completionsQuery, inner.start < inner.end, outer.start <= inner.start, inner.end <= outer.end else {
                let events = try Self.events(matching: query, connection: connection, cache: cache).map(\.anyEvent)
                return (events, try Self.eventCompletions(matching: completionsQuery, connection: connection, cache: cache))
            }
            let completions = try Self.eventCompletions(matching: completionsQuery, connection: connection, cache: cache)
            let overlapping = completions.filter { $0.scheduleEvent.end >= inner.start && $0.scheduleEvent.start < inner.end }
            let outcomes = try Self.outcomes(of: overlapping.filter(\.hasOutcome), connection: connection)
            let events = overlapping.map { completion in
                OCKAnyEvent(
                    task: completion.task, outcome: outcomes[_Occurrence(task: completion.task.uuid, index: completion.scheduleEvent.occurrence)],
                    scheduleEvent: completion.scheduleEvent)
            }
            return (events, completions)
        }
    }

    /// The live outcomes of `completions`, by occurrence.
    private static func outcomes(of completions: [OCKEventCompletion], connection: _SQLiteConnection) throws -> [_Occurrence: OCKOutcome] {
        guard let first = completions.first?.scheduleEvent.start else { return [:] }
        let wanted = Set(completions.map { _Occurrence(task: $0.task.uuid, index: $0.scheduleEvent.occurrence) })
        let starts = completions.map(\.scheduleEvent.start)
        var filter = _SQLBuilder()
        filter.add("t.is_winner = 1")
        filter.whereIn("t.task_uuid", Set(wanted.map(\.task)).map(_UUIDTexts.string).sorted())
        filter.add(
            "t.event_start >= ? AND t.event_start <= ?", .real((starts.min() ?? first).timeIntervalSinceReferenceDate),
            .real((starts.max() ?? first).timeIntervalSinceReferenceDate))
        var found: [_Occurrence: OCKOutcome] = [:]
        for outcome in try filter.fetch(OCKOutcome.self, orderBy: [], limit: nil, offset: 0, connection: connection, cache: nil) {
            let occurrence = _Occurrence(task: outcome.taskUUID, index: outcome.taskOccurrenceIndex)
            if wanted.contains(occurrence) { found[occurrence] = outcome }
        }
        return found
    }

    /// One occurrence of a task version with its live outcome, if any.
    public func fetchEvent(forTask task: OCKTask, occurrence: Int) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        try await read { connection in try Self.event(forTask: task, occurrence: occurrence, connection: connection) }
    }

    static func event(forTask task: OCKTask, occurrence: Int, connection: _SQLiteConnection) throws -> OCKEvent<OCKTask, OCKOutcome> {
        guard let scheduleEvent = task.schedule.event(forOccurrenceIndex: occurrence) else {
            throw OCKStoreError.fetchFailed(reason: "Task '\(task.id)' has no occurrence \(occurrence); occurrences are numbered from 0 and must fall within the schedule.")
        }
        var builder = _SQLBuilder()
        builder.add("t.is_winner = 1 AND t.task_uuid = ? AND t.occurrence = ?", .text(task.uuid.uuidString), .integer(Int64(occurrence)))
        let outcome = try builder.fetch(OCKOutcome.self, orderBy: [], limit: 1, offset: 0, connection: connection, cache: nil).first
        return OCKEvent(task: task, outcome: outcome, scheduleEvent: scheduleEvent)
    }

    /// Builds the events of a query in four indexed reads: the matching task versions, every
    /// version of those tasks (for the time each owns), the decoded versions that own time in
    /// the interval (mostly from the cache), and the live outcomes of those versions whose
    /// events start in the interval (or just before it, for events that overlap its start).
    static func events(matching query: OCKEventQuery, connection: _SQLiteConnection, cache: _VersionCache) throws -> [OCKEvent<OCKTask, OCKOutcome>] {
        try assembleEvents(
            matching: query, connection: connection, cache: cache,
            outcomes: { filter in
                try filter.fetch(OCKOutcome.self, orderBy: [], limit: nil, offset: 0, connection: connection, cache: nil).map {
                    (_Occurrence(task: $0.taskUUID, index: $0.taskOccurrenceIndex), $0)
                }
            },
            event: { task, _, scheduleEvent, outcome in OCKEvent(task: task, outcome: outcome, scheduleEvent: scheduleEvent) })
    }

    /// The same occurrences as ``events(matching:connection:cache:)``, by the same rules (task
    /// versions, strays, deleted outcomes), each with whether a live outcome records it; the
    /// outcomes are only looked up by `(task_uuid, occurrence)`, never decoded.
    static func eventCompletions(matching query: OCKEventQuery, connection: _SQLiteConnection, cache: _VersionCache) throws -> [OCKEventCompletion] {
        try assembleEvents(
            matching: query, connection: connection, cache: cache,
            outcomes: { filter in try occurrences(of: filter, connection: connection).map { ($0, ()) } },
            occurrencesAreFound: { _ in () },
            event: { _, boxed, scheduleEvent, outcome in OCKEventCompletion(task: boxed, scheduleEvent: scheduleEvent, hasOutcome: outcome != nil) })
    }

    /// An occurrence of a task version, the key outcomes join events on.
    struct _Occurrence: Hashable {
        let task: UUID
        let index: Int
    }

    /// The occurrences the outcomes matching `filter` (alias `t`) record, without reading them.
    private static func occurrences(of filter: _SQLBuilder, connection: _SQLiteConnection) throws -> [_Occurrence] {
        let statement = try connection.prepare("SELECT t.task_uuid, t.occurrence FROM outcome t" + filter.whereClause)
        _ = statement.bind(values: filter.arguments, from: 1)
        var found: [_Occurrence] = []
        while try statement.step() {
            guard let uuid = statement.uuid(0) else { continue }
            found.append(_Occurrence(task: uuid, index: statement.int(1)))
        }
        return found
    }

    /// The versions of the tasks a query matches that take effect before its interval ends:
    /// which match it (`matching`), every version of each such task by id (`byID`, to know
    /// which version owns which time), and each version's row and `next` links.
    private static func taskVersions(
        matching query: OCKEventQuery, connection: _SQLiteConnection
    ) throws -> (matching: Set<UUID>, byID: [String: [_EventAssembly.Version]], rows: [UUID: (row: Int64, next: String)]) {
        let interval = query.dateInterval
        let end = _SQLiteValue.real(interval.end.timeIntervalSinceReferenceDate)
        var matchingUUIDs = Set<UUID>()
        var ids = Set<String>()
        let filtersTasks =
            !(query.taskIDs.isEmpty && query.taskUUIDs.isEmpty && query.taskRemoteIDs.isEmpty && query.taskGroupIdentifiers.isEmpty
            && query.taskTags.isEmpty && query.carePlanIDs.isEmpty)
        let all: _SQLiteStatement
        if filtersTasks {
            // 1. Versions that match the filters and take effect before the interval ends.
            var filters = _SQLBuilder()
            filters.add("t.deleted_date IS NULL AND t.effective_date < ?", end)
            filters.whereIn("t.id", query.taskIDs)
            filters.whereIn("t.uuid", query.taskUUIDs.map(\.uuidString))
            filters.whereIn("t.remote_id", nullable: query.taskRemoteIDs)
            filters.whereIn("t.group_identifier", nullable: query.taskGroupIdentifiers)
            filters.whereTagged(.task, query.taskTags)
            filters.whereRelated("t.care_plan_uuid", table: OCKCarePlan.table, field: "id", query.carePlanIDs)
            let matching = try connection.prepare("SELECT t.uuid, t.id FROM task t" + filters.whereClause)
            _ = matching.bind(values: filters.arguments, from: 1)
            while try matching.step() {
                if let uuid = matching.uuid(0) { matchingUUIDs.insert(uuid) }
                ids.insert(matching.string(1))
            }
            guard !ids.isEmpty else { return ([], [:], [:]) }
            // 2. Every version of those tasks.
            let idList = _SQLBuilder.inList(ids.sorted())
            all = try connection.prepare(
                """
                SELECT row, uuid, id, seq, effective_date, deleted_date IS NOT NULL, next_uuids FROM task
                WHERE id IN \(idList.sql) AND effective_date < ?
                """)
            all.bind(interval.end, at: all.bind(values: idList.arguments, from: 1))
        } else {
            // Only time filters: 1 and 2 are one read of every version taking effect before
            // the interval ends; the versions that are not tombstones match, and their ids
            // are the tasks read.
            all = try connection.prepare("SELECT row, uuid, id, seq, effective_date, deleted_date IS NOT NULL, next_uuids FROM task WHERE effective_date < ?")
            all.bind(interval.end, at: 1)
        }
        var versionsByID: [String: [_EventAssembly.Version]] = [:]
        var rows: [UUID: (row: Int64, next: String)] = [:]
        while try all.step() {
            guard let uuid = all.uuid(1) else { continue }
            let id = all.string(2), isTombstone = all.bool(5)
            rows[uuid] = (all.int64(0), all.string(6))
            if !filtersTasks, !isTombstone {
                matchingUUIDs.insert(uuid)
                ids.insert(id)
            }
            versionsByID[id, default: []].append(.init(uuid: uuid, effectiveDate: all.date(4), depth: all.int(3), isTombstone: isTombstone))
        }
        if !filtersTasks, versionsByID.count != ids.count { versionsByID = versionsByID.filter { ids.contains($0.key) } }
        return (matchingUUIDs, versionsByID, rows)
    }

    /// The occurrences the outcomes matching `filter` (alias `t`) record, with their events'
    /// start and end, without reading the outcomes.
    private static func timedOccurrences(of filter: _SQLBuilder, connection: _SQLiteConnection) throws -> [(occurrence: _Occurrence, start: Double, end: Double)] {
        let statement = try connection.prepare("SELECT t.task_uuid, t.occurrence, t.event_start, t.event_end FROM outcome t" + filter.whereClause)
        _ = statement.bind(values: filter.arguments, from: 1)
        var found: [(occurrence: _Occurrence, start: Double, end: Double)] = []
        while try statement.step() {
            guard let uuid = statement.uuid(0) else { continue }
            found.append((_Occurrence(task: uuid, index: statement.int(1)), statement.double(2), statement.double(3)))
        }
        return found
    }

    /// The events of a query, whatever is read of their outcomes: `outcomes` runs a filter on
    /// the `outcome` table (alias `t`) and returns what it found per occurrence, and `event`
    /// makes each result. When what is found of an outcome is only its occurrence
    /// (`occurrencesAreFound`), the owners' outcomes and the strays (5) are found in one read.
    private static func assembleEvents<Found, Result>(
        matching query: OCKEventQuery, connection: _SQLiteConnection, cache: _VersionCache,
        outcomes fetchOutcomes: (_SQLBuilder) throws -> [(_Occurrence, Found)],
        occurrencesAreFound: ((_Occurrence) -> Found)? = nil,
        event makeEvent: (OCKTask, any OCKAnyTask, OCKScheduleEvent, Found?) -> Result
    ) throws -> [Result] {
        typealias Occurrence = _Occurrence
        let interval = query.dateInterval
        guard interval.start < interval.end else { return [] }
        let end = _SQLiteValue.real(interval.end.timeIntervalSinceReferenceDate)

        // 1 and 2. The versions that match the filters and take effect before the interval
        // ends, and every version of their tasks, to know which version owns which time.
        let versions = try taskVersions(matching: query, connection: connection)
        let matchingUUIDs = versions.matching, versionsByID = versions.byID, rows = versions.rows
        guard !versionsByID.isEmpty else { return [] }

        // 3. The occurrences of each owning version inside the interval, each naming its
        // version by position in `loaded` (a task is large: copied once per result, not per step).
        var loaded: [OCKTask] = []
        var scheduled: [(task: Int, event: OCKScheduleEvent)] = []
        var schedules: [OCKSchedule] = []
        for id in versionsByID.keys.sorted() {
            for segment in _EventAssembly.segments(versionsByID[id] ?? []) {
                let version = segment.version
                guard !version.isTombstone, matchingUUIDs.contains(version.uuid),
                    segment.start < interval.end, let row = rows[version.uuid]
                else { continue }
                // A segment that ends before the interval starts owns none of its events
                // (scheduleEvents would return nothing): don't load its version.
                if let segmentEnd = segment.end, segmentEnd <= interval.start { continue }
                guard let task = try _Versioned.load(OCKTask.self, row: row.row, next: row.next, connection: connection, cache: cache) else { continue }
                let events = cache.scheduleEvents(
                    row: row.row, ownedFrom: segment.start, from: interval.start, to: min(segment.end ?? interval.end, interval.end)
                ) { _EventAssembly.scheduleEvents(task.schedule, in: segment, overlapping: interval.start, interval.end) }
                guard !events.isEmpty else { continue }
                schedules.append(task.schedule)
                loaded.append(task)
                let index = loaded.count - 1
                scheduled.append(contentsOf: events.lazy.map { (index, $0) })
            }
        }
        // Versions of tasks with more than one version that may hold outcomes recorded for
        // time they do not own (5, below).
        let others = versionsByID.values.filter { $0.count > 1 }.joined().filter {
            !$0.isTombstone && matchingUUIDs.contains($0.uuid)
        }
        // Their rows; a version is loaded only when an outcome may be a stray of it (rarely).
        var otherRows: [UUID: (row: Int64, next: String)] = [:]
        for version in others {
            if let row = rows[version.uuid] { otherRows[version.uuid] = row }
        }
        var tasks: [UUID: OCKTask] = [:]
        func otherTask(_ uuid: UUID) throws -> OCKTask? {
            if let task = tasks[uuid] { return task }
            guard let row = otherRows[uuid], let task = try _Versioned.load(OCKTask.self, row: row.row, next: row.next, connection: connection, cache: cache) else { return nil }
            tasks[uuid] = task
            return task
        }
        let start = interval.start.timeIntervalSinceReferenceDate
        let ownerLookback = scheduled.isEmpty ? 0 : _EventAssembly.lookback(for: schedules)
        // How far back the other versions' events can start: each version's, kept in the cache.
        var strayLookback: TimeInterval = 0
        for (uuid, row) in otherRows {
            let lookback = try cache.lookback(row: row.row) { try otherTask(uuid).map { _EventAssembly.lookback(for: [$0.schedule]) } }
            if let lookback { strayLookback = max(strayLookback, lookback) } else { otherRows[uuid] = nil }
        }

        // 4. Live outcomes of those versions, joined on (task version, occurrence). When only
        // occurrences are wanted, one read finds the owners' and the strays' (5): the
        // outcomes of every version concerned, with their events' times.
        var outcomes: [Occurrence: Found] = [:]
        var timed: [(occurrence: Occurrence, start: Double, end: Double)]?
        if let found = occurrencesAreFound, !otherRows.isEmpty {
            let owners = scheduled.isEmpty ? [] : Set(loaded.map(\.uuid))
            var filter = _SQLBuilder()
            filter.add("t.is_winner = 1")
            filter.whereIn("t.task_uuid", owners.union(otherRows.keys).map(_UUIDTexts.string).sorted())
            filter.add("t.event_start >= ? AND t.event_start < ?", .real(start - max(ownerLookback, strayLookback)), end)
            let read = try timedOccurrences(of: filter, connection: connection)
            for row in read where owners.contains(row.occurrence.task) && row.start >= start - ownerLookback {
                outcomes[row.occurrence] = found(row.occurrence)
            }
            timed = read
        } else if !scheduled.isEmpty {
            var outcomeFilter = _SQLBuilder()
            outcomeFilter.add("t.is_winner = 1")
            outcomeFilter.whereIn("t.task_uuid", Set(loaded.map(\.uuid)).map(_UUIDTexts.string).sorted())
            outcomeFilter.add("t.event_start >= ? AND t.event_start < ?", .real(start - ownerLookback), end)
            for (occurrence, found) in try fetchOutcomes(outcomeFilter) { outcomes[occurrence] = found }
        }

        // 5. Outcomes recorded against a version for time it does not own. Local writes never
        // do this (they are refused), but replicas that edited a task and recorded outcomes
        // while apart do; such an outcome is shown on its own version's event, which takes the
        // place of the owner's event at that time if that one has no outcome. Nothing recorded
        // is ever hidden by a version written elsewhere.
        // Only tasks with more than one version can have them.
        if !others.isEmpty {
            let placed = Set(scheduled.map { Occurrence(task: loaded[$0.task].uuid, index: $0.event.occurrence) })
            var strays: [(task: OCKTask, event: OCKScheduleEvent)] = []
            func strayFilter() -> _SQLBuilder {
                var filter = _SQLBuilder()
                filter.add("t.is_winner = 1")
                filter.whereIn("t.task_uuid", otherRows.keys.map(_UUIDTexts.string).sorted())
                filter.add("t.event_start >= ? AND t.event_start < ? AND t.event_end >= ?", .real(start - strayLookback), end, .real(start))
                return filter
            }
            // Nearly every outcome there is on an occurrence already placed: look at their
            // occurrences first, and read only the strays' outcomes (usually none).
            let candidates =
                try timed.map { read in
                    read.filter { otherRows[$0.occurrence.task] != nil && $0.start >= start - strayLookback && $0.end >= start }.map(\.occurrence)
                } ?? occurrences(of: strayFilter(), connection: connection)
            var strayEvents: [Occurrence: (task: OCKTask, event: OCKScheduleEvent)] = [:]
            var strayOrder: [Occurrence] = []
            for occurrence in candidates where !placed.contains(occurrence) {
                guard let task = try otherTask(occurrence.task), let event = task.schedule.event(forOccurrenceIndex: occurrence.index) else { continue }
                if strayEvents.updateValue((task, event), forKey: occurrence) == nil { strayOrder.append(occurrence) }
            }
            if let found = occurrencesAreFound, timed != nil {
                // What the read found of them is all that is wanted.
                for occurrence in strayOrder {
                    guard let stray = strayEvents[occurrence] else { continue }
                    outcomes[occurrence] = found(occurrence)
                    strays.append(stray)
                }
            } else if !strayEvents.isEmpty {
                var found = strayFilter()
                found.whereIn("t.task_uuid", Set(strayEvents.keys.map(\.task)).map(_UUIDTexts.string).sorted())
                for (occurrence, outcome) in try fetchOutcomes(found) {
                    guard let stray = strayEvents[occurrence] else { continue }
                    outcomes[occurrence] = outcome
                    strays.append(stray)
                }
            }
            if !strays.isEmpty {
                scheduled.removeAll { index, event in
                    let task = loaded[index]
                    return outcomes[Occurrence(task: task.uuid, index: event.occurrence)] == nil
                        && strays.contains { stray in
                            stray.task.id == task.id
                                && (stray.event.start == event.start || (stray.event.start < event.end && event.start < stray.event.end))
                        }
                }
                for stray in strays {
                    loaded.append(stray.task)
                    scheduled.append((loaded.count - 1, stray.event))
                }
            }
        }
        guard !scheduled.isEmpty else { return [] }

        // The order of OCKEvent's `<` (start, task uuid string, occurrence), on small keys: the
        // uuid string is made once per task version, and the large events are not moved around.
        var uuidStrings: [UUID: String] = [:]
        let keys = scheduled.map { index, event in
            let uuid = loaded[index].uuid
            return (
                event.start,
                uuidStrings[uuid]
                    ?? {
                        let text = _UUIDTexts.string(uuid); uuidStrings[uuid] = text; return text
                    }(), event.occurrence
            )
        }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        // Each version boxed once as `any OCKAnyTask`, shared by its results (boxing a large
        // task per result allocated and copied it each time).
        var boxes: [(any OCKAnyTask)?] = Array(repeating: nil, count: loaded.count)
        return order.map { position in
            let (index, event) = scheduled[position]
            let task = loaded[index]
            let boxed: any OCKAnyTask
            if let box = boxes[index] {
                boxed = box
            } else {
                boxed = task
                boxes[index] = boxed
            }
            return makeEvent(task, boxed, event, outcomes[Occurrence(task: task.uuid, index: event.occurrence)])
        }
    }
}
