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
            let storage: OCKOutcomeValue.Storage
            switch OCKOutcomeValueType(rawValue: statement.string(0)) {
            case .integer: storage = .integer(statement.int(1))
            case .double: storage = .double(statement.double(1))
            case .boolean: storage = .boolean(statement.bool(1))
            case .text: storage = .text(statement.string(1))
            case .binary: storage = .binary(statement.data(1))
            case .date: storage = .date(statement.date(1))
            case nil:
                throw OCKStoreError.fetchFailed(
                    reason: loc("An outcome value has the unknown type '{type}'; the store file was changed by something other than CareKit.", ["type": statement.string(0)]))
            }
            var value = OCKOutcomeValue(0, units: statement.optionalString(3), kind: statement.optionalString(2), createdDate: statement.date(4))
            value.storage = storage
            values[statement.int64(5), default: []].append(value)
        }
        return values
    }
}
