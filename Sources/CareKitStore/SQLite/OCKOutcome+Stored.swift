import Foundation

/// Where an outcome's event lies, worked out when the outcome is validated.
struct _OutcomePlacement {
    var taskRow: Int64
    var eventStart: Date
    var eventEnd: Date
    var isWinner: Bool
}

extension OCKOutcome: _StoredEntity {
    static var table: String { "outcome" }
    static var entityCode: _Schema.EntityCode { .outcome }
    static var noun: String { "outcome" }
    static var specificColumns: [String] { ["task_uuid", "occurrence", "task_row", "event_start", "event_end", "is_winner"] }

    func bindSpecific(to statement: _SQLiteStatement, from index: Int32, context: _OutcomePlacement) throws {
        statement.bind(taskUUID, at: index)
        statement.bind(taskOccurrenceIndex, at: index + 1)
        statement.bind(context.taskRow, at: index + 2)
        statement.bind(context.eventStart, at: index + 3)
        statement.bind(context.eventEnd, at: index + 4)
        statement.bind(context.isWinner, at: index + 5)
    }

    static func make(id: String, row: Int64, from s: _SQLiteStatement, at index: Int32, connection: _SQLiteConnection) throws -> OCKOutcome {
        guard let taskUUID = s.uuid(index) else {
            throw OCKStoreError.fetchFailed(reason: loc("Outcome '{id}' has a malformed task uuid; the store file was changed by something other than CareKit.", ["id": id]))
        }
        // Values are loaded for the whole batch at once, in completeBatch; the version fields are
        // set by _CommonFields.apply. (The public initializer would draw two random UUIDs.)
        return OCKOutcome(decodedID: id, taskUUID: taskUUID, taskOccurrenceIndex: s.int(index + 1))
    }

    static func completeBatch(_ entities: inout [OCKOutcome], rows: [Int64], connection: _SQLiteConnection) throws {
        guard !entities.isEmpty else { return }
        let values = try _OutcomeValueRows.load(outcomeRows: rows, connection: connection)
        for index in entities.indices {
            entities[index].values = values[rows[index]] ?? []
        }
    }

    /// The unique index on live outcomes per (task version, occurrence).
    func explainConflict(_ message: String) -> OCKStoreError? {
        guard message.contains("outcome.task_uuid") else { return nil }
        return .invalidValue(
            reason: loc(
                "Occurrence {occurrence} of task version {uuid} already has an outcome; update or delete that outcome instead of adding another.",
                ["occurrence": String(taskOccurrenceIndex), "uuid": "\(taskUUID)"]))
    }

    func insertChildren(row: Int64, connection: _SQLiteConnection) throws {
        try _OutcomeValueRows.insert(values, outcomeRow: row, connection: connection)
    }
}

extension OCKOutcome {
    /// An outcome being decoded: identity fields only, without drawing random UUIDs or reading
    /// the clock and the current time zone (UUID() reads /dev/urandom on Linux: ~8 µs).
    init(decodedID id: String, taskUUID: UUID, taskOccurrenceIndex: Int) {
        self.id = id
        self.taskUUID = taskUUID
        self.taskOccurrenceIndex = taskOccurrenceIndex
        self.values = []
        self.uuid = taskUUID
        self.previousVersionUUIDs = []
        self.nextVersionUUIDs = []
        self.effectiveDate = Date(timeIntervalSinceReferenceDate: 0)
        self.timezone = _decodingPlaceholderZone
    }
}

private let _decodingPlaceholderZone = TimeZone(secondsFromGMT: 0)!

/// Outcome values as rows; the `value` column holds whichever SQLite type fits the value.
enum _OutcomeValueRows {
    static func insert(_ values: [OCKOutcomeValue], outcomeRow: Int64, connection: _SQLiteConnection) throws {
        guard !values.isEmpty else { return }
        let statement = try connection.prepare(
            "INSERT INTO outcome_value (outcome_row, position, type, value, kind, units, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for (position, value) in values.enumerated() {
            statement.reset()
            statement.bind(outcomeRow, at: 1)
            statement.bind(position, at: 2)
            statement.bind(value.type.rawValue, at: 3)
            switch value.storage {
            case .integer(let v): statement.bind(v, at: 4)
            case .double(let v): statement.bind(v, at: 4)
            case .boolean(let v): statement.bind(v, at: 4)
            case .text(let v): statement.bind(v, at: 4)
            case .binary(let v): statement.bind(v, at: 4)
            case .date(let v): statement.bind(v, at: 4)
            }
            statement.bind(value.kind, at: 5)
            statement.bind(value.units, at: 6)
            statement.bind(value.createdDate, at: 7)
            try statement.run()
        }
    }

    /// The values of many outcomes in one query, keyed by outcome row.
    static func load(outcomeRows: [Int64], connection: _SQLiteConnection) throws -> [Int64: [OCKOutcomeValue]] {
        let statement: _SQLiteStatement
        if outcomeRows.count == 1 {
            statement = try connection.prepare(
                "SELECT type, value, kind, units, created_date, outcome_row FROM outcome_value WHERE outcome_row = ? ORDER BY position")
            statement.bind(outcomeRows[0], at: 1)
        } else {
            statement = try connection.prepare(
                "SELECT type, value, kind, units, created_date, outcome_row FROM outcome_value WHERE outcome_row IN (SELECT value FROM json_each(?)) ORDER BY outcome_row, position")
            statement.bind("[" + outcomeRows.map(String.init).joined(separator: ",") + "]", at: 1)
        }
        var values: [Int64: [OCKOutcomeValue]] = [:]
        while try statement.step() {
            values[statement.int64(5), default: []].append(try value(statement, at: 0))
        }
        return values
    }

    /// The value whose columns `type, value, kind, units, created_date` start at column `index`.
    static func value(_ statement: _SQLiteStatement, at index: Int32) throws -> OCKOutcomeValue {
        let storage: OCKOutcomeValue.Storage
        switch OCKOutcomeValueType(rawValue: statement.string(index)) {
        case .integer: storage = .integer(statement.int(index + 1))
        case .double: storage = .double(statement.double(index + 1))
        case .boolean: storage = .boolean(statement.bool(index + 1))
        case .text: storage = .text(statement.string(index + 1))
        case .binary: storage = .binary(statement.data(index + 1))
        case .date: storage = .date(statement.date(index + 1))
        case nil:
            throw OCKStoreError.fetchFailed(
                reason: loc("An outcome value has the unknown type '{type}'; the store file was changed by something other than CareKit.", ["type": statement.string(index)]))
        }
        var value = OCKOutcomeValue(0, units: statement.optionalString(index + 3), kind: statement.optionalString(index + 2), createdDate: statement.date(index + 4))
        value.storage = storage
        return value
    }
}

extension OCKOutcome {
    /// The outcomes `filter` (alias `t`) matches with their values: each outcome's row joined
    /// with its values' rows (by their primary key), so that no second read looks the values up
    /// by outcome. Each outcome is decoded once and returned by reference, as the events that
    /// show it hold it.
    ///
    /// The rows are found first (the subquery, through the filter's index, which usually
    /// answers alone: SQLite keeps them in a sorted list) and then read in table order: outcomes
    /// are written day after day for every task, so reading them task by task, in the index's
    /// order, visited each page of the table once per task on it, and a large read went back to
    /// the file for most of them.
    static func fetchShared(_ filter: _SQLBuilder, connection: _SQLiteConnection) throws -> [_Shared<OCKOutcome>] {
        // A LEFT JOIN keeps the outcome as the outer loop: an outcome's rows come together. The
        // subquery's `t` is its own table (the innermost name wins).
        let statement = try connection.prepare(
            "SELECT \(_Versioned.selectColumns(OCKOutcome.self)), v.position, v.type, v.value, v.kind, v.units, v.created_date"
                + " FROM outcome t LEFT JOIN outcome_value v ON v.outcome_row = t.row WHERE t.row IN (SELECT t.row FROM outcome t" + filter.whereClause + ")")
        _ = statement.bind(values: filter.arguments, from: 1)
        let valueColumn = _CommonFields.count + Int32(specificColumns.count)
        var result: [_Shared<OCKOutcome>] = []
        var current: (row: Int64, outcome: OCKOutcome, positions: [Int])?
        func finish() {
            guard let (_, read, positions) = current else { return }
            var outcome = read
            // Positions come in order from the primary key; sort only if they did not.
            if zip(positions, positions.dropFirst()).contains(where: { $0 > $1 }) {
                outcome.values = positions.indices.sorted { positions[$0] < positions[$1] }.map { outcome.values[$0] }
            }
            result.append(_Shared(outcome))
        }
        while try statement.step() {
            let row = statement.int64(0)
            if current?.row != row {
                finish()
                current = (row, try _Versioned.decode(OCKOutcome.self, statement, connection: connection, cache: nil), [])
            }
            guard !statement.isNull(valueColumn) else { continue }
            current?.positions.append(statement.int(valueColumn))
            current?.outcome.values.append(try _OutcomeValueRows.value(statement, at: valueColumn + 1))
        }
        finish()
        return result
    }
}
