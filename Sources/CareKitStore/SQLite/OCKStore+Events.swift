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
            throw OCKStoreError.fetchFailed(
                reason: loc(
                    "Task '{task}' has no occurrence {occurrence}; occurrences are numbered from 0 and must fall within the schedule.", ["task": task.id, "occurrence": String(occurrence)]))
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
                let outcomes = try OCKOutcome.fetchShared(filter, connection: connection)
                return (outcomes.map { _Occurrence(task: $0.value.taskUUID, index: $0.value.taskOccurrenceIndex) }, outcomes)
            },
            share: { _Shared($0) },
            event: { task, scheduleEvent, outcome in OCKEvent(sharedTask: task, sharedOutcome: outcome, scheduleEvent: scheduleEvent) })
    }

    /// The same occurrences as ``events(matching:connection:cache:)``, by the same rules (task
    /// versions, strays, deleted outcomes), each with whether a live outcome records it; the
    /// outcomes are only looked up by `(task_uuid, occurrence)`, never decoded.
    static func eventCompletions(matching query: OCKEventQuery, connection: _SQLiteConnection, cache: _VersionCache) throws -> [OCKEventCompletion] {
        try assembleEvents(
            matching: query, connection: connection, cache: cache,
            outcomes: { filter in
                let occurrences = try occurrences(of: filter, connection: connection)
                return (occurrences, Array(repeating: (), count: occurrences.count))
            },
            occurrencesAreFound: { _ in () },
            // One existential box per task version, which its completions share.
            share: { $0 as any OCKAnyTask },
            event: { task, scheduleEvent, outcome in OCKEventCompletion(task: task, scheduleEvent: scheduleEvent, hasOutcome: outcome != nil) })
    }

    /// The events of a query, whatever is read of their outcomes: `outcomes` runs a filter on
    /// the `outcome` table (alias `t`) and returns what it found with the occurrence of each,
    /// `share` makes what the results of one task version share (once per version), and `event`
    /// makes each result. When what is found of an outcome is only its occurrence
    /// (`occurrencesAreFound`), the owners' outcomes and the candidates for strays (5) are found
    /// in one read.
    private static func assembleEvents<Found, SharedTask, Result>(
        matching query: OCKEventQuery, connection: _SQLiteConnection, cache: _VersionCache,
        outcomes fetchOutcomes: (_SQLBuilder) throws -> (occurrences: [_Occurrence], found: [Found]),
        occurrencesAreFound: ((_Occurrence) -> Found)? = nil,
        share: (OCKTask) -> SharedTask,
        event makeEvent: (SharedTask, OCKScheduleEvent, Found?) -> Result
    ) throws -> [Result] {
        typealias Occurrence = _Occurrence
        let interval = query.dateInterval
        guard interval.start < interval.end, let versions = try taskVersions(matching: query, connection: connection) else { return [] }
        let (matchingUUIDs, versionsByID, rows) = (versions.matching, versions.byID, versions.rows)
        let end = _SQLiteValue.real(interval.end.timeIntervalSinceReferenceDate)

        // 3. The occurrences of each owning version inside the interval, each naming its
        // version by position in `loaded` (a task is large: shared by its results, never copied
        // per event).
        var loaded: [OCKTask] = []
        var scheduled: [(task: Int, event: OCKScheduleEvent)] = []
        var schedules: [OCKSchedule] = []
        // The time each owner owns inside the interval: every event of its that starts there
        // is one of `scheduled`.
        var windows: [UUID: Range<Date>] = [:]
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
                windows[version.uuid] = max(interval.start, segment.start)..<min(interval.end, segment.end ?? interval.end)
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
        // Versions of tasks with more than one version, which may hold outcomes recorded for
        // time they do not own (5, below), by row; a version is loaded only when an outcome may
        // be a stray of it (rarely), and how far back its events reach is kept in the cache.
        var otherRows: [UUID: (row: Int64, next: String)] = [:]
        for list in versionsByID.values where list.count > 1 {
            for version in list where !version.isTombstone && matchingUUIDs.contains(version.uuid) {
                if let row = rows[version.uuid] { otherRows[version.uuid] = row }
            }
        }
        var tasks: [UUID: OCKTask] = [:]
        func otherTask(_ uuid: UUID) throws -> OCKTask? {
            if let task = tasks[uuid] { return task }
            guard let row = otherRows[uuid], let task = try _Versioned.load(OCKTask.self, row: row.row, next: row.next, connection: connection, cache: cache) else { return nil }
            tasks[uuid] = task
            return task
        }
        var strayLookback: TimeInterval = 0
        for (uuid, row) in otherRows {
            let lookback = try cache.lookback(row: row.row) { try otherTask(uuid).map { _EventAssembly.lookback(for: [$0.schedule]) } }
            if let lookback { strayLookback = max(strayLookback, lookback) } else { otherRows[uuid] = nil }
        }
        let start = interval.start.timeIntervalSinceReferenceDate
        let ownerFrom = start - (scheduled.isEmpty ? 0 : _EventAssembly.lookback(for: schedules)), strayFrom = start - strayLookback

        // 4. Live outcomes of those versions, joined on (task version, occurrence). What was
        // found stays where it was read; the join keeps positions. When only occurrences are
        // wanted and strays are possible, one read finds the owners' outcomes and the others'
        // outcomes outside their windows (5), with their events' times.
        var found: [Found] = []
        var outcomes: [Occurrence: Int] = [:]
        var outside: [Occurrence]?
        if let foundOccurrence = occurrencesAreFound, !otherRows.isEmpty {
            let owners = Set(loaded.map(\.uuid))
            var filter = _SQLBuilder()
            filter.add("t.is_winner = 1")
            filter.whereIn("t.task_uuid", owners.union(otherRows.keys).map(_UUIDTexts.string).sorted())
            filter.add("t.event_start >= ? AND t.event_start < ?", .real(min(ownerFrom, strayFrom)), end)
            var candidates: [Occurrence] = []
            for row in try timedOccurrences(of: filter, connection: connection) {
                if owners.contains(row.occurrence.task), row.start >= ownerFrom {
                    found.append(foundOccurrence(row.occurrence))
                    outcomes[row.occurrence] = found.count - 1
                }
                if otherRows[row.occurrence.task] != nil, row.start >= strayFrom, row.end >= start,
                    windows[row.occurrence.task].map({ !$0.contains(Date(timeIntervalSinceReferenceDate: row.start)) }) ?? true
                {
                    candidates.append(row.occurrence)
                }
            }
            outside = candidates
        } else if !scheduled.isEmpty {
            var outcomeFilter = _SQLBuilder()
            outcomeFilter.add("t.is_winner = 1")
            outcomeFilter.whereIn("t.task_uuid", Set(loaded.map(\.uuid)).map(_UUIDTexts.string).sorted())
            outcomeFilter.add("t.event_start >= ? AND t.event_start < ?", .real(ownerFrom), end)
            let read = try fetchOutcomes(outcomeFilter)
            found = read.found
            outcomes.reserveCapacity(read.occurrences.count)
            for (position, occurrence) in read.occurrences.enumerated() { outcomes[occurrence] = position }
        }

        // 5. Outcomes recorded against a version for time it does not own. Local writes never
        // do this (they are refused), but replicas that edited a task and recorded outcomes
        // while apart do; such an outcome is shown on its own version's event, which takes the
        // place of the owner's event at that time if that one has no outcome. Nothing recorded
        // is ever hidden by a version written elsewhere.
        // Only tasks with more than one version can have them.
        if !otherRows.isEmpty {
            var strays: [(task: OCKTask, event: OCKScheduleEvent)] = []
            let from = Date(timeIntervalSinceReferenceDate: strayFrom)
            // An outcome that starts in its version's window records one of `scheduled`; of the
            // others, only those of events that started before the interval can be placed. So
            // only the outcomes outside the windows are looked at, by their occurrences first,
            // and only the strays' outcomes are read (usually none).
            let placedBefore = Set(
                scheduled.lazy.filter { $0.event.start < interval.start }.map { Occurrence(task: loaded[$0.task].uuid, index: $0.event.occurrence) })
            let candidates =
                try outside
                ?? outcomesOutsideWindows(of: Array(otherRows.keys), windows: windows, from: from, interval: interval, connection: connection).map(\.occurrence)
            var strayEvents: [Occurrence: (task: OCKTask, event: OCKScheduleEvent)] = [:]
            var strayOrder: [Occurrence] = []
            for occurrence in candidates where !placedBefore.contains(occurrence) {
                guard let task = try otherTask(occurrence.task), let event = task.schedule.event(forOccurrenceIndex: occurrence.index) else { continue }
                if strayEvents.updateValue((task, event), forKey: occurrence) == nil { strayOrder.append(occurrence) }
            }
            if let foundOccurrence = occurrencesAreFound, outside != nil {
                // What the read found of them is all that is wanted.
                for occurrence in strayOrder {
                    guard let stray = strayEvents[occurrence] else { continue }
                    found.append(foundOccurrence(occurrence))
                    outcomes[occurrence] = found.count - 1
                    strays.append(stray)
                }
            } else if !strayEvents.isEmpty {
                var strayFilter = _SQLBuilder()
                strayFilter.add("t.is_winner = 1")
                strayFilter.whereIn("t.task_uuid", Set(strayEvents.keys.map(\.task)).map(_UUIDTexts.string).sorted())
                strayFilter.add("t.event_start >= ? AND t.event_start < ? AND t.event_end >= ?", .real(strayFrom), end, .real(start))
                let read = try fetchOutcomes(strayFilter)
                for (occurrence, outcome) in zip(read.occurrences, read.found) {
                    guard let stray = strayEvents[occurrence] else { continue }
                    found.append(outcome)
                    outcomes[occurrence] = found.count - 1
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
        // uuid string is made once per task version, and the events are made in that order.
        let uuidStrings = loaded.map { _UUIDTexts.string($0.uuid) }
        let order = scheduled.indices.sorted { lhs, rhs in
            let (left, right) = (scheduled[lhs], scheduled[rhs])
            if left.event.start != right.event.start { return left.event.start < right.event.start }
            if left.task != right.task, uuidStrings[left.task] != uuidStrings[right.task] { return uuidStrings[left.task] < uuidStrings[right.task] }
            return left.event.occurrence < right.event.occurrence
        }
        let shared = loaded.map(share)
        return order.map { position in
            let (index, event) = scheduled[position]
            return makeEvent(shared[index], event, outcomes[Occurrence(task: loaded[index].uuid, index: event.occurrence)].map { found[$0] })
        }
    }
}
