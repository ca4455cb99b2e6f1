import Foundation

/// How events are built across task versions, shared by `OCKStore` and the default
/// implementation custom stores get.
///
/// Each version of a task *owns* a span of time: from its effective date until a version
/// deeper in the version graph (one that follows it, directly or not) becomes effective. An
/// occurrence belongs to the version that owns its start, so an event is never shown twice
/// when a task changes (CareKit duplicates events that straddle a version boundary), and an
/// outcome can only be recorded against the version that owns its event.
enum _EventAssembly {

    /// What ownership needs to know about a version.
    struct Version: Sendable {
        var uuid: UUID
        var effectiveDate: Date
        /// 1 + the greatest depth of the versions it follows (1 for a first version).
        var depth: Int
        var isTombstone: Bool
    }

    /// A span of time `[start, end)` owned by one version; `end` nil means "from then on".
    struct Segment: Sendable {
        var version: Version
        var start: Date
        var end: Date?
    }

    /// The spans of time owned by the versions of one task, in time order.
    /// - Complexity: O(v log v) for v versions.
    static func segments(_ versions: [Version]) -> [Segment] {
        // The uuid strings (the last tie-break) are made once per version, not per comparison.
        let ordered = versions.map { ($0, _UUIDTexts.string($0.uuid)) }.sorted {
            ($0.0.effectiveDate, $0.0.depth, $0.1) < ($1.0.effectiveDate, $1.0.depth, $1.1)
        }.map(\.0)
        var segments: [Segment] = []
        for version in ordered {
            if let owner = segments.last?.version, version.depth < owner.depth { continue }
            if let last = segments.indices.last {
                segments[last].end = version.effectiveDate
                if segments[last].start >= version.effectiveDate { segments.removeLast() }
            }
            segments.append(Segment(version: version, start: version.effectiveDate, end: nil))
        }
        return segments
    }

    /// The version that owns the instant `date`, if any.
    static func owner(at date: Date, in segments: [Segment]) -> Version? {
        segments.last { $0.start <= date && ($0.end.map { date < $0 } ?? true) }?.version
    }

    /// The events of `schedule` owned by `segment` that overlap `[start, end)`: they end at or
    /// after `start`, start before `end`, and start inside the segment.
    static func scheduleEvents(_ schedule: OCKSchedule, in segment: Segment, overlapping start: Date, _ end: Date) -> [OCKScheduleEvent] {
        let upper = min(segment.end ?? end, end)
        guard start < upper, segment.start < upper else { return [] }
        return schedule.events(from: start, to: upper).filter { $0.start >= segment.start }
    }

    /// Depths of versions from their `previous` links (versions outside the set count as 0).
    static func depths<Task: OCKAnyVersionableTask>(of tasks: [Task]) -> [UUID: Int] {
        OCKVersionGraph.depths(of: tasks.map { ($0.uuid, $0.previousVersionUUIDs) })
    }

    /// How far before an interval an event can start and still overlap it.
    static func lookback(for schedules: [OCKSchedule]) -> TimeInterval {
        var longest: TimeInterval = 0
        for element in schedules.flatMap(\.elements) {
            switch element.duration {
            case .allDay: longest = max(longest, 27 * 3600)
            case .seconds(let seconds) where seconds.isFinite: longest = max(longest, seconds)
            case .seconds: break
            }
        }
        return longest + 1
    }
}

// MARK: - Default events for custom stores

extension OCKReadOnlyEventStore where Task: OCKAnyVersionableTask {

    /// Builds events from the store's tasks and outcomes: every version of each matching task,
    /// the time each version owns, that version's occurrences, joined with outcomes on
    /// (task version, occurrence).
    public func fetchEvents(query: OCKEventQuery) async throws -> [OCKEvent<Task, Outcome>] {
        try await _assembleEvents(query: query)
    }

    /// One occurrence of a task version, with the outcome recorded for it (if any).
    public func fetchEvent(forTask task: Task, occurrence: Int) async throws -> OCKEvent<Task, Outcome> {
        guard let scheduleEvent = task.schedule.event(forOccurrenceIndex: occurrence) else {
            throw OCKStoreError.fetchFailed(reason: loc("Task '{task}' has no occurrence {occurrence}.", ["task": task.id, "occurrence": String(occurrence)]))
        }
        var outcomeQuery = OCKOutcomeQuery(dateInterval: DateInterval(start: scheduleEvent.start, end: scheduleEvent.end.addingTimeInterval(1)))
        outcomeQuery.taskUUIDs = [task.uuid]
        let outcome = try await fetchOutcomes(query: outcomeQuery).first { $0.taskUUID == task.uuid && $0.taskOccurrenceIndex == occurrence }
        return OCKEvent(task: task, outcome: outcome, scheduleEvent: scheduleEvent)
    }

    func _assembleEvents(query: OCKEventQuery) async throws -> [OCKEvent<Task, Outcome>] {
        let interval = query.dateInterval
        let latest = try await fetchTasks(query: TaskQuery(query.taskQuery))
        var all = Dictionary(latest.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        var frontier = Set(latest.flatMap(\.previousVersionUUIDs)).subtracting(all.keys)
        while !frontier.isEmpty {
            var previous = OCKTaskQuery()
            previous.uuids = frontier.sorted { $0.uuidString < $1.uuidString }
            let found = try await fetchTasks(query: TaskQuery(previous))
            for task in found { all[task.uuid] = task }
            frontier = Set(found.flatMap(\.previousVersionUUIDs)).subtracting(all.keys)
            if found.isEmpty { break }
        }
        let tasks = Array(all.values)
        let depths = _EventAssembly.depths(of: tasks)
        var scheduled: [(Task, OCKScheduleEvent)] = []
        for versions in Dictionary(grouping: tasks, by: \.id).values {
            let segments = _EventAssembly.segments(
                versions.map {
                    _EventAssembly.Version(uuid: $0.uuid, effectiveDate: $0.effectiveDate, depth: depths[$0.uuid] ?? 1, isTombstone: false)
                })
            for segment in segments {
                guard let task = all[segment.version.uuid] else { continue }
                for event in _EventAssembly.scheduleEvents(task.schedule, in: segment, overlapping: interval.start, interval.end) {
                    scheduled.append((task, event))
                }
            }
        }
        guard !scheduled.isEmpty else { return [] }
        let lookback = _EventAssembly.lookback(for: tasks.map(\.schedule))
        var outcomeQuery = OCKOutcomeQuery(dateInterval: DateInterval(start: interval.start.addingTimeInterval(-lookback), end: interval.end))
        outcomeQuery.taskUUIDs = Array(Set(scheduled.map(\.0.uuid)))
        var outcomes: [String: Outcome] = [:]
        for outcome in try await fetchOutcomes(query: outcomeQuery) {
            let key = OCKEventID.make(taskUUID: outcome.taskUUID, occurrence: outcome.taskOccurrenceIndex)
            if outcomes[key] == nil { outcomes[key] = outcome }
        }
        return scheduled.map { task, event in
            OCKEvent(task: task, outcome: outcomes[OCKEventID.make(taskUUID: task.uuid, occurrence: event.occurrence)], scheduleEvent: event)
        }.sorted()
    }
}
