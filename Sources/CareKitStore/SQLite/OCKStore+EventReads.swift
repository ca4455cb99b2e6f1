import Foundation

/// The reads the event assembly (`OCKStore+Events.swift`) and the adherence count
/// (`OCKStore+Adherence.swift`) are made of: task versions, and outcomes' occurrences without
/// decoding the outcomes.
extension OCKStore {

    /// An occurrence of a task version, the key outcomes join events on.
    struct _Occurrence: Hashable {
        let task: UUID
        let index: Int
    }

    /// The occurrences the outcomes matching `filter` (alias `t`) record, without reading them.
    static func occurrences(of filter: _SQLBuilder, connection: _SQLiteConnection) throws -> [_Occurrence] {
        let statement = try connection.prepare("SELECT t.task_uuid, t.occurrence FROM outcome t" + filter.whereClause)
        _ = statement.bind(values: filter.arguments, from: 1)
        var found: [_Occurrence] = []
        while try statement.step() {
            guard let uuid = statement.uuid(0) else { continue }
            found.append(_Occurrence(task: uuid, index: statement.int(1)))
        }
        return found
    }

    /// The task versions a query's events come from: those that match its filters, and every
    /// version of their tasks that takes effect before the interval ends (to know which version
    /// owns which time), with their rows.
    struct _TaskVersions {
        var matching: Set<UUID>
        var byID: [String: [_EventAssembly.Version]]
        var rows: [UUID: (row: Int64, next: String)]
    }

    /// The versions of the tasks `query` matches, or nil when it matches none.
    static func taskVersions(matching query: OCKEventQuery, connection: _SQLiteConnection) throws -> _TaskVersions? {
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
            guard !ids.isEmpty else { return nil }
            // 2. Every version of those tasks, to know which version owns which time.
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
        guard !versionsByID.isEmpty else { return nil }
        return _TaskVersions(matching: matchingUUIDs, byID: versionsByID, rows: rows)
    }

    /// The occurrences the outcomes matching `filter` (alias `t`) record, with their events'
    /// start and end, without reading the outcomes.
    static func timedOccurrences(of filter: _SQLBuilder, connection: _SQLiteConnection) throws -> [(occurrence: _Occurrence, start: Double, end: Double)] {
        let statement = try connection.prepare("SELECT t.task_uuid, t.occurrence, t.event_start, t.event_end FROM outcome t" + filter.whereClause)
        _ = statement.bind(values: filter.arguments, from: 1)
        var found: [(occurrence: _Occurrence, start: Double, end: Double)] = []
        while try statement.step() {
            guard let uuid = statement.uuid(0) else { continue }
            found.append((_Occurrence(task: uuid, index: statement.int(1)), statement.double(2), statement.double(3)))
        }
        return found
    }

    /// The live outcomes of task versions (`uuids`) whose events overlap `interval` (they start
    /// at or after `from` and end at or after the interval's start) and do not start in their
    /// version's window (`windows`: the time it owns inside the interval), each with its
    /// occurrence and start. Every outcome in a window records one of the owner's events there;
    /// only the others can be strays. The index on `(task_uuid, event_start)` skips the windows,
    /// so the outcomes in them are not visited.
    static func outcomesOutsideWindows(
        of uuids: [UUID], windows: [UUID: Range<Date>], from: Date, interval: DateInterval, connection: _SQLiteConnection
    ) throws -> [(occurrence: _Occurrence, start: Date)] {
        let statement = try connection.prepare(
            "SELECT occurrence, event_start FROM outcome WHERE is_winner = 1 AND task_uuid = ? AND event_start >= ? AND event_start < ? AND event_end >= ?")
        var found: [(occurrence: _Occurrence, start: Date)] = []
        for uuid in uuids.sorted(by: { _UUIDTexts.string($0) < _UUIDTexts.string($1) }) {
            let ranges = windows[uuid].map { [(from, $0.lowerBound), ($0.upperBound, interval.end)] } ?? [(from, interval.end)]
            for (lower, upper) in ranges where lower < upper {
                statement.reset()
                statement.bind(_UUIDTexts.string(uuid), at: 1)
                statement.bind(lower, at: 2)
                statement.bind(upper, at: 3)
                statement.bind(interval.start, at: 4)
                while try statement.step() {
                    found.append((_Occurrence(task: uuid, index: statement.int(0)), statement.date(1)))
                }
            }
        }
        return found
    }
}
