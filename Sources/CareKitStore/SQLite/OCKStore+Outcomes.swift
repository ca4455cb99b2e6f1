import CareKitLocalization
import Foundation

extension OCKStore {

    /// The outcomes matching a query (see ``OCKOutcomeQuery``).
    public func fetchOutcomes(query: OCKOutcomeQuery) async throws -> [OCKOutcome] {
        try await read { connection in try Self.outcomes(matching: query, connection: connection) }
    }

    /// With an interval: the winning version of each live outcome whose event overlaps it.
    /// Without one: every version of every outcome that has not been deleted.
    static func outcomes(matching query: OCKOutcomeQuery, connection: _SQLiteConnection) throws -> [OCKOutcome] {
        var builder = _SQLBuilder()
        builder.addCommonFilters(query, table: OCKOutcome.table, entity: .outcome, versionsInEffect: false)
        builder.add("t.chain_deleted = 0")
        if let interval = query.dateInterval {
            builder.add(
                "t.is_winner = 1 AND t.event_start < ? AND t.event_end >= ?",
                .real(interval.end.timeIntervalSinceReferenceDate), .real(interval.start.timeIntervalSinceReferenceDate))
        }
        builder.whereRelated("t.task_uuid", table: OCKTask.table, field: "id", query.taskIDs)
        builder.whereIn("t.task_uuid", query.taskUUIDs.map(\.uuidString))
        builder.whereRelated("t.task_uuid", table: OCKTask.table, field: "remote_id", nullable: query.taskRemoteIDs)
        return try builder.fetch(OCKOutcome.self, orderBy: [], limit: query.limit, offset: query.offset, connection: connection, cache: nil)
    }

    /// Adds outcomes. Each must record an occurrence that exists in its task version's schedule
    /// and lies in the time that version owns; an occurrence holds at most one live outcome.
    @discardableResult
    public func addOutcomes(_ outcomes: [OCKOutcome]) async throws -> [OCKOutcome] {
        try await write(
            .add, .outcome,
            scoped: { [clock, cache] connection in
                try Self.insertOutcomes(outcomes, now: clock(), connection: connection, cache: cache)
            })
    }

    /// Inserts new outcomes; returns them with the tasks and the time they touched.
    static func insertOutcomes(_ outcomes: [OCKOutcome], now: Date, connection: _SQLiteConnection, cache: _VersionCache) throws -> ([OCKOutcome], _WriteScope) {
        var placements = _OutcomePlacer(connection: connection, cache: cache)
        let written = try _Writer.add(outcomes, now: now, connection: connection) { outcome in
            var placement = try placements.place(outcome)
            placement.isWinner = true
            return placement
        }
        return (written, placements.scope)
    }

    @discardableResult
    public func updateOutcomes(_ outcomes: [OCKOutcome]) async throws -> [OCKOutcome] {
        try await write(
            .update, .outcome,
            scoped: { [clock, cache] connection in
                try Self.appendOutcomeVersions(outcomes, deleting: false, now: clock(), connection: connection, cache: cache)
            })
    }

    /// Deletes outcomes; their occurrences are free for a new outcome afterwards.
    @discardableResult
    public func deleteOutcomes(_ outcomes: [OCKOutcome]) async throws -> [OCKOutcome] {
        try await write(
            .delete, .outcome,
            scoped: { [clock, cache] connection in
                try Self.appendOutcomeVersions(outcomes, deleting: true, now: clock(), connection: connection, cache: cache)
            })
    }

    /// Appends a version (or, `deleting`, a tombstone) after each outcome's tips and elects the
    /// live versions again; returns the versions with the tasks and time they touched.
    static func appendOutcomeVersions(_ outcomes: [OCKOutcome], deleting: Bool, now: Date, connection: _SQLiteConnection, cache: _VersionCache) throws -> ([OCKOutcome], _WriteScope) {
        var placements = _OutcomePlacer(connection: connection, cache: cache)
        let position = try connection.prepare("SELECT task_uuid, occurrence FROM outcome WHERE row = ?")
        let written = try _Writer.append(outcomes, deleting: deleting, now: now, connection: connection) { outcome, tips in
            if !deleting { try refuseTakingOccurrence(of: outcome, connection: connection) }
            // A tombstone keeps the event position of the version it ends, unchecked; so does
            // an edit that leaves the outcome on its event (after a merge that event may lie in
            // another version's time, where it is still shown and must stay editable).
            var moves = true
            if let tip = tips.max(by: { $0.seq < $1.seq }) {
                position.reset()
                position.bind(tip.row, at: 1)
                if try position.step() {
                    moves = position.string(0) != outcome.taskUUID.uuidString || position.int(1) != outcome.taskOccurrenceIndex
                }
                position.reset()
            }
            return try placements.place(outcome, checkingOwnership: !deleting && moves)
        }
        try electWinners(ids: written.map(\.id), connection: connection)
        return (written, try scope(ofOutcomes: written.map(\.id), connection: connection))
    }

    /// The tasks and the events that any version of these outcomes belongs to: an update may
    /// move an outcome to another task version or occurrence, and both the old and the new
    /// event change.
    static func scope(ofOutcomes ids: [String], connection: _SQLiteConnection) throws -> _WriteScope {
        let statement = try connection.prepare(
            """
            SELECT task.id, outcome.event_start, outcome.event_end FROM outcome JOIN task ON task.row = outcome.task_row
            WHERE outcome.id = ?
            """)
        var scope = _WriteScope(taskIDs: [])
        for id in ids {
            statement.reset()
            statement.bind(id, at: 1)
            while try statement.step() {
                scope.include(task: statement.string(0), eventStart: statement.date(1), eventEnd: statement.date(2))
            }
        }
        statement.reset()
        return scope
    }

    /// Recomputes which outcome versions are live, for these ids and for every occurrence any
    /// of their versions records. The result depends only on the versions stored, never on the
    /// order they were written or arrived in, so every replica that holds the same versions
    /// shows the same outcomes:
    ///
    /// * An id's chain is deleted when its deepest version (greatest `seq`, then uuid) is a
    ///   tombstone. Otherwise its candidate is its version with the latest effective date
    ///   (then the deeper one, then the greater uuid).
    /// * An occurrence shows the candidate, among those recorded for it, that was recorded
    ///   first (earliest created date, then smallest id): two replicas that completed the same
    ///   event while apart keep both outcomes, and show the same one.
    static func electWinners(ids: [String], connection: _SQLiteConnection) throws {
        guard !ids.isEmpty else { return }
        let deepest = try connection.prepare("SELECT deleted_date IS NOT NULL FROM outcome WHERE id = ? ORDER BY seq DESC, uuid DESC LIMIT 1")
        let markChain = try connection.prepare("UPDATE outcome SET chain_deleted = ?2 WHERE id = ?1 AND chain_deleted != ?2")
        let touched = try connection.prepare("SELECT DISTINCT task_uuid, occurrence FROM outcome WHERE id = ?")
        var occurrences = Set<_OccurrenceKey>()
        for id in Set(ids) {
            deepest.reset(); deepest.bind(id, at: 1)
            let deleted = try deepest.step() && deepest.bool(0)
            deepest.reset()
            markChain.reset(); markChain.bind(id, at: 1); markChain.bind(deleted, at: 2)
            try markChain.run()
            touched.reset(); touched.bind(id, at: 1)
            while try touched.step() {
                occurrences.insert(_OccurrenceKey(taskUUID: touched.string(0), occurrence: touched.int64(1)))
            }
            touched.reset()
        }

        let participants = try connection.prepare("SELECT DISTINCT id FROM outcome WHERE task_uuid = ? AND occurrence = ?")
        let candidate = try connection.prepare(
            """
            SELECT row, task_uuid, occurrence, COALESCE(created_date, effective_date) FROM outcome
            WHERE id = ? AND deleted_date IS NULL AND chain_deleted = 0
            ORDER BY effective_date DESC, seq DESC, uuid DESC LIMIT 1
            """)
        let clear = try connection.prepare("UPDATE outcome SET is_winner = 0 WHERE task_uuid = ? AND occurrence = ? AND is_winner = 1")
        let crown = try connection.prepare("UPDATE outcome SET is_winner = 1 WHERE row = ?")
        for key in occurrences.sorted(by: { ($0.taskUUID, $0.occurrence) < ($1.taskUUID, $1.occurrence) }) {
            participants.reset(); participants.bind(key.taskUUID, at: 1); participants.bind(key.occurrence, at: 2)
            var ids: [String] = []
            while try participants.step() { ids.append(participants.string(0)) }
            participants.reset()
            var best: (created: Double, id: String, row: Int64)?
            for id in ids {
                candidate.reset(); candidate.bind(id, at: 1)
                defer { candidate.reset() }
                guard try candidate.step(), candidate.string(1) == key.taskUUID, candidate.int64(2) == key.occurrence else { continue }
                let entry = (created: candidate.double(3), id: id, row: candidate.int64(0))
                if best.map({ (entry.created, entry.id) < ($0.created, $0.id) }) ?? true { best = entry }
            }
            clear.reset(); clear.bind(key.taskUUID, at: 1); clear.bind(key.occurrence, at: 2)
            try clear.run()
            if let best {
                crown.reset(); crown.bind(best.row, at: 1)
                try crown.run()
            }
        }
    }

    /// Refuses a local update that would move an outcome onto an occurrence another outcome
    /// already records (the rule for new writes; merged history is not judged by it).
    static func refuseTakingOccurrence(of outcome: OCKOutcome, connection: _SQLiteConnection) throws {
        let statement = try connection.prepare("SELECT id FROM outcome WHERE task_uuid = ? AND occurrence = ? AND is_winner = 1 AND id != ? LIMIT 1")
        statement.bind(outcome.taskUUID, at: 1)
        statement.bind(outcome.taskOccurrenceIndex, at: 2)
        statement.bind(outcome.id, at: 3)
        defer { statement.reset() }
        if try statement.step() {
            throw OCKStoreError.invalidValue(
                reason: loc(
                    "Outcome '{id}' would record occurrence {occurrence} of task version {uuid}, which already has outcome '{other}'; update or delete that outcome instead.",
                    ["id": outcome.id, "occurrence": String(outcome.taskOccurrenceIndex), "uuid": "\(outcome.taskUUID)", "other": statement.string(0)]))
        }
    }
}

/// One occurrence of one task version, as stored on outcome rows.
struct _OccurrenceKey: Hashable {
    let taskUUID: String
    let occurrence: Int64
}

/// Works out where an outcome's event lies and checks that the outcome may be recorded there.
/// Task versions are looked up once per transaction.
struct _OutcomePlacer {
    private struct TaskVersion {
        var row: Int64
        var id: String
        var isTombstone: Bool
        var schedule: OCKSchedule?
    }

    let connection: _SQLiteConnection
    let cache: _VersionCache
    private var versions: [UUID: TaskVersion] = [:]
    private var segments: [String: [_EventAssembly.Segment]] = [:]
    /// The tasks and events of every outcome placed so far.
    private(set) var scope = _WriteScope(taskIDs: [])

    init(connection: _SQLiteConnection, cache: _VersionCache) {
        self.connection = connection
        self.cache = cache
    }

    mutating func place(_ outcome: OCKOutcome, checkingOwnership: Bool = true) throws -> _OutcomePlacement {
        try Self.validateValues(outcome)
        let version = try taskVersion(outcome.taskUUID)
        guard !version.isTombstone else {
            throw OCKStoreError.invalidValue(
                reason: loc("Task version {uuid} marks the deletion of task '{task}'; outcomes cannot be recorded against it.", ["uuid": "\(outcome.taskUUID)", "task": version.id]))
        }
        guard let schedule = version.schedule,
            let event = schedule.event(forOccurrenceIndex: outcome.taskOccurrenceIndex)
        else {
            throw OCKStoreError.invalidValue(
                reason: loc(
                    "Task '{task}' (version {uuid}) has no occurrence {occurrence}; occurrences are numbered from 0 and must fall within the schedule.",
                    ["task": version.id, "uuid": "\(outcome.taskUUID)", "occurrence": String(outcome.taskOccurrenceIndex)]))
        }
        if checkingOwnership {
            let owner = _EventAssembly.owner(at: event.start, in: try segments(of: version.id))
            if owner?.uuid != outcome.taskUUID {
                let when = event.start.formatted(.iso8601)
                let arguments: KeyValuePairs<String, String> = ["id": outcome.id, "occurrence": String(outcome.taskOccurrenceIndex), "task": version.id, "time": when]
                let reason: String
                switch owner {
                case nil:
                    reason = loc("Cannot record outcome '{id}': occurrence {occurrence} of task '{task}' starts at {time}, before that version of the task takes effect.", arguments)
                case let owner? where owner.isTombstone:
                    reason = loc(
                        "Cannot record outcome '{id}': task '{task}' is deleted from {deleted}, and occurrence {occurrence} starts at {time}.",
                        ["id": outcome.id, "task": version.id, "deleted": owner.effectiveDate.formatted(.iso8601), "occurrence": String(outcome.taskOccurrenceIndex), "time": when])
                case let owner?:
                    reason = loc(
                        "Cannot record outcome '{id}': occurrence {occurrence} of task '{task}' starts at {time}, in the time of another version of the task ({uuid}, effective {effective}). Record the outcome against that version.",
                        [
                            "id": outcome.id, "occurrence": String(outcome.taskOccurrenceIndex), "task": version.id, "time": when, "uuid": "\(owner.uuid)",
                            "effective": owner.effectiveDate.formatted(.iso8601)
                        ])
                }
                throw OCKStoreError.invalidValue(reason: reason)
            }
        }
        scope.include(task: version.id, eventStart: event.start, eventEnd: event.end)
        return _OutcomePlacement(taskRow: version.row, eventStart: event.start, eventEnd: event.end, isWinner: false)
    }

    private static func validateValues(_ outcome: OCKOutcome) throws {
        for (index, value) in outcome.values.enumerated() {
            let finite: Bool
            switch value.storage {
            case .double(let v): finite = v.isFinite
            case .date(let v): finite = v.timeIntervalSinceReferenceDate.isFinite
            default: finite = true
            }
            if !finite || !value.createdDate.timeIntervalSinceReferenceDate.isFinite {
                throw OCKStoreError.invalidValue(
                    reason: loc(
                        "Value {number} of outcome '{id}' is not a finite number or date ({value}); it cannot be stored.",
                        ["number": OCKLocalization.number(index + 1), "id": outcome.id, "value": "\(value)"]))
            }
        }
    }

    private mutating func taskVersion(_ uuid: UUID) throws -> TaskVersion {
        if let known = versions[uuid] { return known }
        let statement = try connection.prepare("SELECT row, id, deleted_date IS NOT NULL FROM task WHERE uuid = ?")
        statement.bind(uuid, at: 1)
        guard try statement.step() else {
            throw OCKStoreError.invalidValue(
                reason: loc("No task version with uuid {uuid} exists in this store; an outcome's taskUUID must be the uuid of a stored task version (task.uuid).", ["uuid": "\(uuid)"]))
        }
        let row = statement.int64(0)
        var version = TaskVersion(row: row, id: statement.string(1), isTombstone: statement.bool(2))
        statement.reset()
        version.schedule = try _Versioned.load(OCKTask.self, row: row, connection: connection, cache: cache)?.schedule
        versions[uuid] = version
        return version
    }

    private mutating func segments(of taskID: String) throws -> [_EventAssembly.Segment] {
        if let known = segments[taskID] { return known }
        let statement = try connection.prepare("SELECT uuid, effective_date, seq, deleted_date IS NOT NULL FROM task WHERE id = ?")
        statement.bind(taskID, at: 1)
        var list: [_EventAssembly.Version] = []
        while try statement.step() {
            guard let uuid = statement.uuid(0) else { continue }
            list.append(.init(uuid: uuid, effectiveDate: statement.date(1), depth: statement.int(2), isTombstone: statement.bool(3)))
        }
        let result = _EventAssembly.segments(list)
        segments[taskID] = result
        return result
    }
}

extension OCKStore {
    /// Every version of the outcomes of the tasks `taskIDs` whose event overlaps `dateInterval`:
    /// current and superseded versions, outcomes deleted since, and the tombstones that mark
    /// their deletion (``OCKOutcome/deletedDate``), oldest first (by each chain's order, then
    /// when written). What a history or a report needs to show every value that was recorded,
    /// including the ones removed later.
    ///
    /// - Complexity: one indexed read of the interval's outcome rows (`outcome_event_start`); an
    ///   event that starts more than ``longestEventLookback`` before the interval is not read.
    public func fetchOutcomeHistory(taskIDs: [String], dateInterval: DateInterval) async throws -> [OCKOutcome] {
        try await read { connection in
            var builder = _SQLBuilder()
            Self.addEventOverlap(&builder, dateInterval)
            builder.whereRelated("t.task_uuid", table: OCKTask.table, field: "id", taskIDs)
            return try builder.fetch(OCKOutcome.self, orderBy: ["t.seq", "t.row"], limit: nil, offset: 0, connection: connection, cache: nil)
        }
    }
}

extension OCKStore {
    /// The outcomes that record an event another outcome is shown for: two devices recorded the
    /// same event while apart (99.1 °F on one, 101.9 °F on the other), and the election
    /// (``OCKStore`` shows the outcome recorded first) shows one of them. Each returned outcome is
    /// its chain's current version; none is deleted. What the patient and the care team read
    /// beside the shown outcome, so that no reading vanishes.
    public func fetchConcurrentOutcomes(taskIDs: [String], dateInterval: DateInterval) async throws -> [OCKOutcome] {
        try await read { connection in
            var builder = _SQLBuilder()
            builder.add("t.chain_deleted = 0 AND t.deleted_date IS NULL AND t.is_winner = 0")
            Self.addEventOverlap(&builder, dateInterval)
            builder.add("EXISTS (SELECT 1 FROM outcome w WHERE w.task_uuid = t.task_uuid AND w.occurrence = t.occurrence AND w.is_winner = 1 AND w.id != t.id)")
            builder.whereRelated("t.task_uuid", table: OCKTask.table, field: "id", taskIDs)
            let versions = try builder.fetch(OCKOutcome.self, orderBy: ["t.row"], limit: nil, offset: 0, connection: connection, cache: nil)
            // Each chain's current version: the latest effective, then the deeper, as the election reads it.
            var current: [String: OCKOutcome] = [:]
            for version in versions {
                guard let known = current[version.id] else {
                    current[version.id] = version
                    continue
                }
                if (version.effectiveDate, version.nextVersionUUIDs.isEmpty ? 1 : 0, version.uuid.uuidString) > (known.effectiveDate, known.nextVersionUUIDs.isEmpty ? 1 : 0, known.uuid.uuidString) {
                    current[version.id] = version
                }
            }
            return current.values.sorted { ($0.taskOccurrenceIndex, $0.id) < ($1.taskOccurrenceIndex, $1.id) }
        }
    }
}

extension OCKStore {
    /// How long before an interval an event may start and still overlap it, for the reads of
    /// whole histories: a bound the `outcome_event_start` index can use, so the read costs the
    /// interval's rows, not every row before it. Care-plan events last minutes to a day.
    static let longestEventLookback: TimeInterval = 7 * 86_400

    /// Outcome rows whose event overlaps `interval` and starts at most ``longestEventLookback``
    /// before it.
    static func addEventOverlap(_ builder: inout _SQLBuilder, _ interval: DateInterval) {
        builder.add(
            "t.event_start >= ? AND t.event_start < ? AND t.event_end >= ?",
            .real(interval.start.timeIntervalSinceReferenceDate - longestEventLookback), .real(interval.end.timeIntervalSinceReferenceDate),
            .real(interval.start.timeIntervalSinceReferenceDate))
    }
}
