import Foundation

extension OCKStore {

    /// For each day of `query`, how many events of tasks that count towards adherence start that
    /// day and how many of them an outcome records, counted without making a single event or
    /// reading a single outcome: the same numbers as the day's completions.
    public func fetchAdherenceCounts(query: OCKAdherenceQuery) async throws -> [OCKAdherence.DayCount] {
        try await read { [cache] connection in try Self.adherenceCounts(matching: query, connection: connection, cache: cache) }
    }

    /// What ``eventCompletions(matching:connection:cache:)`` over the query's days gives per day,
    /// by arithmetic. Each version that owns time in the interval owns every event of its
    /// schedule that starts there (such an event ends after the interval starts, and its element
    /// has not ended), so the day of each of them comes from the schedule's arithmetic (no
    /// `OCKScheduleEvent` is made) and which of them an outcome records from one read of the
    /// live outcomes' occurrences in that range, which the index on `(task_uuid, occurrence)`
    /// answers alone.
    ///
    /// An outcome recorded against a version for time that version does not own (a stray, which
    /// only replicas that edited a task while apart write) takes the place of the owner's event
    /// in `events(matching:)`, which changes the day's events: when there is one, the days are
    /// counted from the completions themselves. Finding strays relies on what every write keeps:
    /// a live outcome's `event_start` and `event_end` are those of its occurrence in its
    /// version's schedule (`_OutcomePlacer`).
    static func adherenceCounts(matching query: OCKAdherenceQuery, connection: _SQLiteConnection, cache: _VersionCache) throws -> [OCKAdherence.DayCount] {
        let days = query.dates()
        guard let first = days.first else { return [] }
        let eventQuery = query.eventQuery(from: first)
        let interval = eventQuery.dateInterval
        var counts = Array(repeating: OCKAdherence.DayCount(), count: days.count)
        guard interval.start < interval.end, let versions = try taskVersions(matching: eventQuery, connection: connection) else { return counts }

        for id in versions.byID.keys.sorted() {
            let list = versions.byID[id] ?? []
            // The versions that own time in the interval (as events(matching:) picks them).
            var owners: [UUID: _Owner] = [:]
            for segment in _EventAssembly.segments(list) {
                let version = segment.version
                let lower = max(interval.start, segment.start), upper = min(interval.end, segment.end ?? interval.end)
                guard !version.isTombstone, versions.matching.contains(version.uuid), lower < upper, let row = versions.rows[version.uuid],
                    let task = try _Versioned.load(OCKTask.self, row: row.row, next: row.next, connection: connection, cache: cache)
                else { continue }
                owners[version.uuid] = _Owner(task: task, segmentStart: segment.start, window: lower..<upper)
                if OCKAdherence.counts(task) {
                    try count(task, in: lower..<upper, days: days, into: &counts, connection: connection)
                }
            }
            // Only tasks with more than one version can have strays.
            if list.count > 1, try hasStray(list, owners: owners, versions: versions, interval: interval, connection: connection, cache: cache) {
                return OCKAdherence.dayCounts(try eventCompletions(matching: eventQuery, connection: connection, cache: cache), byDay: days)
            }
        }
        return counts
    }

    /// A version that owns time in the interval: it owns the events that start in `window`.
    private struct _Owner {
        var task: OCKTask
        var segmentStart: Date
        var window: Range<Date>
    }

    /// Adds the events of `task` that start in `window` to their days, and those an outcome
    /// records to the days' completed counts.
    private static func count(_ task: OCKTask, in window: Range<Date>, days: [Date], into counts: inout [OCKAdherence.DayCount], connection: _SQLiteConnection) throws {
        let (firstOccurrence, starts) = task.schedule.eventStarts(from: window.lowerBound, to: window.upperBound)
        guard let firstStart = starts.first, var day = OCKAdherence.dayIndex(of: firstStart, in: days) else { return }
        // The starts ascend: each one's day is found from the one before.
        var dayOfStart: [Int] = []
        dayOfStart.reserveCapacity(starts.count)
        for start in starts {
            while day + 1 < days.count, days[day + 1] <= start { day += 1 }
            dayOfStart.append(day)
            counts[day].events += 1
        }
        // Occurrences are numbered in start order, so these events are the occurrences
        // firstOccurrence ..< firstOccurrence + starts.count.
        let statement = try connection.prepare("SELECT occurrence FROM outcome WHERE is_winner = 1 AND task_uuid = ? AND occurrence >= ? AND occurrence < ?")
        statement.bind(_UUIDTexts.string(task.uuid), at: 1)
        statement.bind(firstOccurrence, at: 2)
        statement.bind(firstOccurrence + starts.count, at: 3)
        while try statement.step() {
            let position = statement.int(0) - firstOccurrence
            guard dayOfStart.indices.contains(position) else { continue }
            counts[dayOfStart[position]].completed += 1
        }
    }

    /// Whether a live outcome of one of a task's versions would be shown as a stray by
    /// `events(matching:)`: an outcome whose event overlaps the interval but is not among the
    /// owners' events there. Outcomes whose event starts in its version's window are among them
    /// and are not read; of the few others, an owner's event that starts before the interval
    /// and overlaps it is among them unless its element ended by the interval's start.
    private static func hasStray(
        _ list: [_EventAssembly.Version], owners: [UUID: _Owner], versions: _TaskVersions, interval: DateInterval,
        connection: _SQLiteConnection, cache: _VersionCache
    ) throws -> Bool {
        var tasks: [OCKTask] = []
        for version in list where !version.isTombstone && versions.matching.contains(version.uuid) {
            if let owner = owners[version.uuid] {
                tasks.append(owner.task)
            } else if let row = versions.rows[version.uuid],
                let task = try _Versioned.load(OCKTask.self, row: row.row, next: row.next, connection: connection, cache: cache)
            {
                tasks.append(task)
            }
        }
        let from = interval.start.addingTimeInterval(-_EventAssembly.lookback(for: tasks.map(\.schedule)))
        let outside = try outcomesOutsideWindows(
            of: tasks.map(\.uuid), windows: owners.mapValues(\.window), from: from, interval: interval, connection: connection)
        for (occurrence, start) in outside {
            // An owner's event that starts before the interval and overlaps it is among the
            // events unless its element ended by the interval's start.
            if let owner = owners[occurrence.task], start >= owner.segmentStart, start < interval.start,
                let event = owner.task.schedule.event(forOccurrenceIndex: occurrence.index), event.start == start, event.end >= interval.start,
                event.element.end.map({ $0 > interval.start }) ?? true
            {
                continue
            }
            return true
        }
        return false
    }
}
