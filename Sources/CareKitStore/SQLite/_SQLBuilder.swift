import Foundation

/// Builds the WHERE clause of a query from filters, with every value bound as a parameter.
/// Lists are bound as one JSON array and expanded with `json_each`, so the SQL text (and its
/// prepared statement) is the same whatever the list's length.
struct _SQLBuilder {
    private(set) var conditions: [String] = []
    private(set) var arguments: [_SQLiteValue] = []

    mutating func add(_ condition: String, _ arguments: _SQLiteValue...) {
        add(condition, arguments: arguments)
    }

    mutating func add(_ condition: String, arguments: [_SQLiteValue]) {
        conditions.append(condition)
        self.arguments.append(contentsOf: arguments)
    }

    /// The right-hand side of `IN` for a list of strings: one JSON array expanded with
    /// `json_each`, so the SQL text is the same whatever the list's length. SQLite's JSON
    /// functions cut a string at an escaped NUL (`\u0000`), so a list holding a NUL character
    /// binds one parameter per value instead.
    static func inList(_ values: [String]) -> (sql: String, arguments: [_SQLiteValue]) {
        if values.contains(where: { value in value.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? value.utf8.contains(0) }) {
            return ("(" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")", values.map { .text($0) })
        }
        return ("(SELECT value FROM json_each(?))", [.text(_Encoding.jsonArray(values))])
    }

    /// `column IN list`; no condition for an empty list.
    mutating func whereIn(_ column: String, _ values: [String]) {
        guard !values.isEmpty else { return }
        let list = Self.inList(values)
        add("\(column) IN \(list.sql)", arguments: list.arguments)
    }

    /// Versions of `entity` (aliased `t`) that carry at least one of `tags`.
    mutating func whereTagged(_ entity: _Schema.EntityCode, _ tags: [String]) {
        guard !tags.isEmpty else { return }
        let list = Self.inList(tags)
        add(
            "t.row IN (SELECT version_row FROM tag WHERE entity = ? AND title IN \(list.sql))",
            arguments: [.integer(Int64(entity.rawValue))] + list.arguments)
    }

    /// `column IN list`, where `nil` in the list also matches NULL.
    mutating func whereIn(_ column: String, nullable values: [String?]) {
        guard !values.isEmpty else { return }
        let present = values.compactMap { $0 }
        let matchesNull = present.count < values.count
        switch (present.isEmpty, matchesNull) {
        case (true, _): add("\(column) IS NULL")
        case (false, false): whereIn(column, present)
        case (false, true):
            let list = Self.inList(present)
            add("(\(column) IS NULL OR \(column) IN \(list.sql))", arguments: list.arguments)
        }
    }

    /// `column` references a version of `table` whose `field` is in the list.
    mutating func whereRelated(_ column: String, table: String, field: String, _ values: [String]) {
        guard !values.isEmpty else { return }
        let list = Self.inList(values)
        add("\(column) IN (SELECT uuid FROM \(table) WHERE \(field) IN \(list.sql))", arguments: list.arguments)
    }

    mutating func whereRelated(_ column: String, table: String, field: String, nullable values: [String?]) {
        guard !values.isEmpty else { return }
        let present = values.compactMap { $0 }
        let nullPart = present.count < values.count ? " OR \(field) IS NULL" : ""
        let list = Self.inList(present)
        add("\(column) IN (SELECT uuid FROM \(table) WHERE \(field) IN \(list.sql)\(nullPart))", arguments: list.arguments)
    }

    /// The filters every versioned query shares, on the table aliased `t`.
    mutating func addCommonFilters<Query: OCKQueryProtocol>(_ query: Query, table: String, entity: _Schema.EntityCode, versionsInEffect: Bool = true) {
        add("t.deleted_date IS NULL")
        whereIn("t.id", query.ids)
        whereIn("t.uuid", query.uuids.map(\.uuidString))
        whereIn("t.group_identifier", nullable: query.groupIdentifiers)
        whereIn("t.remote_id", nullable: query.remoteIDs)
        whereTagged(entity, query.tags)
        if versionsInEffect, let interval = query.dateInterval {
            addInEffect(at: interval.end, table: table)
        }
    }

    /// The version in effect at `end`: it became effective before `end`, and no later version
    /// of the same id (greater `seq`, tombstones included) did. Two versions of equal depth
    /// (replicas that edited an id apart, before the conflict is resolved) are told apart by
    /// uuid, so every replica shows the same one.
    mutating func addInEffect(at end: Date, table: String) {
        add(
            "t.effective_date < ? AND NOT EXISTS (SELECT 1 FROM \(table) s WHERE s.id = t.id AND s.effective_date < ? AND (s.seq > t.seq OR (s.seq = t.seq AND s.uuid > t.uuid)))",
            .real(end.timeIntervalSinceReferenceDate), .real(end.timeIntervalSinceReferenceDate))
    }

    var whereClause: String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// ` ORDER BY …, created_date DESC, row DESC LIMIT ? OFFSET ?`.
    static func tail(orderBy: [String], limit: Int?, offset: Int) -> (String, [_SQLiteValue]) {
        let order = (orderBy + ["t.created_date DESC", "t.row DESC"]).joined(separator: ", ")
        var sql = " ORDER BY \(order)"
        var arguments: [_SQLiteValue] = []
        if limit != nil || offset > 0 {
            sql += " LIMIT ? OFFSET ?"
            arguments = [.integer(Int64(max(limit ?? -1, -1))), .integer(Int64(max(offset, 0)))]
        }
        return (sql, arguments)
    }

    /// Runs `SELECT <columns> FROM table t <where> <tail>` and decodes every row.
    func fetch<Entity: _StoredEntity>(_ type: Entity.Type, orderBy: [String], limit: Int?, offset: Int, connection: _SQLiteConnection, cache: _VersionCache?) throws -> [Entity] {
        let (tail, tailArguments) = Self.tail(orderBy: orderBy, limit: limit, offset: offset)
        if let cache { return try fetchCached(Entity.self, tail: tail, tailArguments: tailArguments, connection: connection, cache: cache) }
        let sql = "SELECT \(_Versioned.selectColumns(Entity.self)) FROM \(Entity.table) t" + whereClause + tail
        let statement = try connection.prepare(sql)
        _ = statement.bind(values: arguments + tailArguments, from: 1)
        var result: [Entity] = []
        var rows: [Int64] = []
        while try statement.step() {
            rows.append(statement.int64(0))
            result.append(try _Versioned.decode(Entity.self, statement, connection: connection, cache: cache))
        }
        try Entity.completeBatch(&result, rows: rows, connection: connection)
        return result
    }

    /// The same versions in the same order, for a reader with a version cache: the query
    /// selects only each version's row and `next` links (SQLite sorts two columns, not every
    /// column of every version), and only the rows the cache lacks are read whole, by row.
    private func fetchCached<Entity: _StoredEntity>(
        _ type: Entity.Type, tail: String, tailArguments: [_SQLiteValue], connection: _SQLiteConnection, cache: _VersionCache
    ) throws -> [Entity] {
        let keys = try connection.prepare("SELECT t.row, t.next_uuids FROM \(Entity.table) t" + whereClause + tail)
        _ = keys.bind(values: arguments + tailArguments, from: 1)
        var rows: [Int64] = []
        var found: [Entity?] = []
        var missing: [Int64] = []
        while try keys.step() {
            let row = keys.int64(0)
            rows.append(row)
            if var cached = cache.value(Entity.self, table: Entity.table, row: row) {
                cached.nextVersionUUIDs = _Encoding.uuidList(keys.string(1))
                found.append(cached)
            } else {
                found.append(nil)
                missing.append(row)
            }
        }
        var decoded: [Int64: Entity] = [:]
        if !missing.isEmpty {
            let whole = try connection.prepare(
                "SELECT \(_Versioned.selectColumns(Entity.self)) FROM \(Entity.table) t WHERE t.row IN (SELECT value FROM json_each(?))")
            _ = whole.bind(values: [.text("[" + missing.map(String.init).joined(separator: ",") + "]")], from: 1)
            while try whole.step() {
                decoded[whole.int64(0)] = try _Versioned.decode(Entity.self, whole, connection: connection, cache: cache)
            }
        }
        var result: [Entity] = []
        var resultRows: [Int64] = []
        result.reserveCapacity(rows.count)
        resultRows.reserveCapacity(rows.count)
        for (row, entity) in zip(rows, found) {
            guard let entity = entity ?? decoded[row] else { continue }
            result.append(entity)
            resultRows.append(row)
        }
        try Entity.completeBatch(&result, rows: resultRows, connection: connection)
        return result
    }
}

extension Bool {
    var sqlDirection: String { self ? "ASC" : "DESC" }
}
