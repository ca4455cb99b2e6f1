import CareKitStore
import Foundation

/// SplitMix64: a small seeded generator, so every run builds the same stores.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version-4 UUID from the generator.
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// An outcome to write, with where its event lies (which the raw baselines need as columns).
struct PlannedOutcome: Sendable {
    var outcome: OCKOutcome
    var eventStart: Date
    var eventEnd: Date
}

/// Deterministic, realistic care plans: fixed dates in New York, an explicit calendar, seeded
/// identities and values. Nothing reads the machine's clock, time zone or locale.
enum Fixtures {
    static let timeZone = TimeZone(identifier: "America/New_York")!

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()

    /// A wall-clock time in New York.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// When each version of a task takes effect: the plan starts 2020-01-01 and changes twice.
    static let versionDates = [date(2020, 1, 1), date(2021, 9, 1), date(2023, 5, 1)]
    /// The end of the recorded history: five years of outcomes, 2020 to 2024.
    static let historyEnd = date(2025, 1, 1)
    /// The stores' clock (creation and update dates of what they write).
    static let now = date(2025, 1, 1, 12)
    /// The day whose events parts 3 and 6 fetch ("today").
    static let today = date(2024, 6, 15, 12)

    static let titles = ["Doxylamine", "Ibuprofen", "Stretches", "Blood pressure", "Walk", "Water", "Insulin", "Journal", "Breathing", "Nausea"]

    static func taskID(_ index: Int) -> String {
        "task-" + String(index + 1000).dropFirst()
    }

    /// Version `version` (0, 1, 2) of task `index`: a daily schedule from that version's date,
    /// each version at a different time of day, as when a doctor moves a dose.
    static func task(_ index: Int, version: Int, uuid: UUID) -> OCKTask {
        let effective = versionDates[version]
        let schedule = OCKSchedule.dailyAtTime(
            hour: 7 + (index + 3 * version) % 14, minutes: (index * 5) % 60, start: effective, end: nil,
            text: "Daily", duration: .hours(1), calendar: calendar)
        var task = OCKTask(id: taskID(index), title: "\(titles[index % titles.count]) \(index)", carePlanUUID: nil, schedule: schedule)
        task.uuid = uuid
        task.effectiveDate = effective
        task.instructions = "Version \(version + 1): follow the instructions your care team gave you for this task."
        task.tags = [index.isMultiple(of: 2) ? "medication" : "activity"]
        task.timezone = timeZone
        return task
    }

    /// The value a patient records for task `index`: a measurement for every third task,
    /// a completion checkmark for the others.
    static func value(task index: Int, at date: Date, random: inout SeededRandom) -> OCKOutcomeValue {
        if index.isMultiple(of: 3) {
            let reading = Double(110 + Int(random.next() % 40))
            return OCKOutcomeValue(reading, units: "mmHg", kind: "systolic", createdDate: date)
        }
        return OCKOutcomeValue(true, units: nil, kind: nil, createdDate: date)
    }

    /// How a fixture's outcomes are identified.
    enum OutcomeIDs {
        /// Time-ordered uuids and ids at the time each is recorded (seeded), as an app's
        /// outcomes are since CareKit makes version 7 uuids.
        case timeOrdered
        /// Random version 4 uuids and ids (seeded), as outcomes written by Apple's CareKit are.
        case random
    }

    /// An outcome for `event` of a task version, recorded 15 minutes after the event starts.
    static func outcome(
        task index: Int, version taskUUID: UUID, event: OCKScheduleEvent, ids: OutcomeIDs = .timeOrdered, random: inout SeededRandom
    ) -> PlannedOutcome {
        let recorded = event.start.addingTimeInterval(15 * 60)
        var outcome = OCKOutcome(
            taskUUID: taskUUID, taskOccurrenceIndex: event.occurrence,
            values: [value(task: index, at: recorded, random: &random)])
        switch ids {
        case .timeOrdered:
            let milliseconds = UInt64(recorded.timeIntervalSince1970 * 1_000)
            outcome.id = _TimeOrderedUUID.make(milliseconds: milliseconds, sequence: UInt16(random.next() & 0x3FF), random: random.next()).uuidString
            outcome.uuid = _TimeOrderedUUID.make(milliseconds: milliseconds, sequence: UInt16(random.next() & 0x3FF), random: random.next())
        case .random:
            outcome.id = random.uuid().uuidString
            outcome.uuid = random.uuid()
        }
        outcome.effectiveDate = recorded
        outcome.createdDate = recorded
        outcome.timezone = timeZone
        return PlannedOutcome(outcome: outcome, eventStart: event.start, eventEnd: event.end)
    }

    /// The first versions of `count` tasks, with seeded uuids.
    static func firstVersions(count: Int, seed: UInt64 = 1) -> [OCKTask] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { task($0, version: 0, uuid: random.uuid()) }
    }

    /// Outcomes for the events of `tasks` (one version each) that start in `[start, end)` and
    /// that the version owns (from its effective date on), day by day across all tasks, as a
    /// phone syncing its history would send them.
    static func outcomes(for tasks: [OCKTask], from start: Date, to end: Date, ids: OutcomeIDs = .timeOrdered, seed: UInt64) -> [PlannedOutcome] {
        var random = SeededRandom(seed: seed)
        let perTask: [[OCKScheduleEvent]] = tasks.map { task in
            let from = max(start, task.effectiveDate)
            guard from < end else { return [] }
            return task.schedule.events(from: from, to: end).filter { $0.start >= from && $0.start < end }
        }
        var result: [PlannedOutcome] = []
        result.reserveCapacity(perTask.reduce(0) { $0 + $1.count })
        let longest = perTask.map(\.count).max() ?? 0
        for position in 0..<longest {
            for (index, events) in perTask.enumerated() where position < events.count {
                let taskIndex = Int(tasks[index].id.dropFirst(5)) ?? index
                result.append(outcome(task: taskIndex, version: tasks[index].uuid, event: events[position], ids: ids, random: &random))
            }
        }
        return result
    }

    /// The first `count` outcomes of `tasks`, from the start of the plan, day by day.
    static func outcomes(for tasks: [OCKTask], count: Int, ids: OutcomeIDs = .timeOrdered, seed: UInt64) -> [PlannedOutcome] {
        let days = (count + tasks.count - 1) / max(tasks.count, 1) + 1
        let end = calendar.date(byAdding: .day, value: days, to: versionDates[0])!
        return Array(outcomes(for: tasks, from: versionDates[0], to: end, ids: ids, seed: seed).prefix(count))
    }

    /// Opens a new store in `directory` with the benchmark's fixed clock.
    static func openStore(_ name: String, in directory: URL) -> OCKStore {
        OCKStore(name: name, type: .onDisk, directory: directory, clock: { Fixtures.now })
    }

    /// Adds outcomes in batches of 1,000 (the size a sync or an import would use).
    static func add(_ planned: [PlannedOutcome], to store: OCKStore, batch: Int = 1_000) async throws {
        var start = 0
        while start < planned.count {
            let end = min(start + batch, planned.count)
            try await store.addOutcomes(planned[start..<end].map(\.outcome))
            start = end
        }
    }

    /// A store with `taskCount` tasks, each with three versions (effective 2020-01-01,
    /// 2021-09-01 and 2023-05-01), and daily outcomes on the days `outcomeDays` allows (nil:
    /// every day of 2020–2024). Built in time order, as an app would: each update comes after
    /// the outcomes of the versions before it, so the store's guard against hiding outcomes
    /// never refuses it. Returns the store and how many outcomes it holds.
    static func versionedStore(name: String, in directory: URL, taskCount: Int, outcomesFrom: Date? = nil, to: Date? = nil, seed: UInt64 = 7) async throws -> (OCKStore, Int) {
        let store = openStore(name, in: directory)
        try store.ensureOpen()
        var random = SeededRandom(seed: seed)
        var total = 0
        var current: [OCKTask] = []
        for version in 0..<versionDates.count {
            let tasks = (0..<taskCount).map { task($0, version: version, uuid: random.uuid()) }
            current = version == 0 ? try await store.addTasks(tasks) : try await store.updateTasks(tasks)
            // This version owns the time from its date to the next version's date.
            let ownedEnd = version + 1 < versionDates.count ? versionDates[version + 1] : historyEnd
            let from = max(versionDates[version], outcomesFrom ?? versionDates[version])
            let until = min(ownedEnd, to ?? ownedEnd)
            guard from < until else { continue }
            let planned = outcomes(for: current, from: from, to: until, seed: random.next())
            try await add(planned, to: store)
            total += planned.count
        }
        return (store, total)
    }

    /// The local day containing `date`.
    static func day(_ date: Date) -> DateInterval {
        DateInterval.ockDay(containing: date, calendar: calendar)
    }
}

/// Writes outcome rows the way the store lays them out, straight through SQLite: the raw
/// baseline of parts 1 and 2. Each outcome is one `outcome` row (every column the store
/// writes, same values) and one `outcome_value` row, with two prepared statements.
final class RawOutcomeWriter {
    let database: RawDatabase
    private let insertOutcome: RawStatement
    private let insertValue: RawStatement
    private let taskRows: [UUID: Int64]
    private let knowledge: Int64
    private let updated = Fixtures.now.timeIntervalSinceReferenceDate

    /// Opens `path`, a copy of a store (same schema, indexes and task rows).
    init(path: String) throws {
        database = try RawDatabase(path: path)
        let tasks = try database.prepare("SELECT row, uuid FROM task")
        var rows: [UUID: Int64] = [:]
        while try tasks.step() {
            if let uuid = UUID(uuidString: tasks.string(1)) { rows[uuid] = tasks.int64(0) }
        }
        taskRows = rows
        knowledge = try database.scalar("SELECT max(row) FROM knowledge")
        insertOutcome = try database.prepare(
            """
            INSERT INTO outcome (uuid, id, seq, previous_uuids, next_uuids, effective_date, deleted_date, created_date,
                updated_date, schema_version, remote_id, group_identifier, tags, source, user_info, asset, notes, timezone,
                knowledge, task_uuid, occurrence, task_row, event_start, event_end, is_winner)
            VALUES (?, ?, 1, '', '', ?, NULL, ?, ?, '2.1.0', NULL, NULL, NULL, NULL, NULL, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, 1)
            """)
        insertValue = try database.prepare(
            "INSERT INTO outcome_value (outcome_row, position, type, value, kind, units, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)")
    }

    func insert(_ planned: PlannedOutcome) throws {
        let outcome = planned.outcome
        guard let taskRow = taskRows[outcome.taskUUID] else { throw RawSQLiteError(description: "unknown task \(outcome.taskUUID)") }
        insertOutcome.reset()
        insertOutcome.bind(outcome.uuid.uuidString, 1)
        insertOutcome.bind(outcome.id, 2)
        insertOutcome.bind(outcome.effectiveDate.timeIntervalSinceReferenceDate, 3)
        insertOutcome.bind((outcome.createdDate ?? Fixtures.now).timeIntervalSinceReferenceDate, 4)
        insertOutcome.bind(updated, 5)
        insertOutcome.bind(outcome.timezone.identifier, 6)
        insertOutcome.bind(knowledge, 7)
        insertOutcome.bind(outcome.taskUUID.uuidString, 8)
        insertOutcome.bind(outcome.taskOccurrenceIndex, 9)
        insertOutcome.bind(taskRow, 10)
        insertOutcome.bind(planned.eventStart.timeIntervalSinceReferenceDate, 11)
        insertOutcome.bind(planned.eventEnd.timeIntervalSinceReferenceDate, 12)
        try insertOutcome.step()
        let row = database.lastInsertRowID
        for (position, value) in outcome.values.enumerated() {
            insertValue.reset()
            insertValue.bind(row, 1)
            insertValue.bind(position, 2)
            insertValue.bind(value.type.rawValue, 3)
            if let number = value.doubleValue {
                insertValue.bind(number, 4)
            } else if let flag = value.booleanValue {
                insertValue.bind(flag ? 1 : 0, 4)
            } else {
                insertValue.bind(value.stringValue ?? "", 4)
            }
            insertValue.bind(value.kind, 5)
            insertValue.bind(value.units, 6)
            insertValue.bind(value.createdDate.timeIntervalSinceReferenceDate, 7)
            try insertValue.step()
        }
    }
}
