import CareKitStore
import Foundation

/// Part 5: a year of adherence and a year of events on the large store, against hand-written
/// SQL over the same file.
enum Part5Year {
    static func run(_ context: BenchContext, large: LargeStore) async throws -> Section {
        var wrongAdherenceDays = 0
        // 365 days that span the change to the third version on 2023-05-01.
        let year = DateInterval(start: Fixtures.date(2023, 1, 1), end: Fixtures.date(2024, 1, 1))
        let adherenceQuery = OCKAdherenceQuery(taskIDs: [], dateInterval: year, calendar: Fixtures.calendar)
        let eventQuery = OCKEventQuery(dateInterval: year)
        let raw = try RawDatabase(path: large.store.url!.path)
        defer { raw.close() }
        let dayStarts = adherenceQuery.dates()

        // Check that the baseline computes the same thing before timing it.
        let adherence = try await large.store.fetchAdherence(query: adherenceQuery)
        let rawAdherence = try rawDailyCompletion(raw, dayStarts: dayStarts, end: year.end, tasks: large.taskCount)
        // Days the store reports as without tasks or events although every task has an event
        // with an outcome that day are a store bug (reported, not hidden); the other days must agree.
        var wrongDays: [String] = []
        for (index, (value, expected)) in zip(adherence, rawAdherence).enumerated() {
            if let fraction = value.fractionCompleted {
                guard abs(fraction - expected) < 1e-9 else {
                    throw RawSQLiteError(description: "part 5: on day \(index) fetchAdherence says \(fraction), the SQL baseline \(expected)")
                }
            } else if expected > 0 {
                wrongDays.append("\(dayStarts[index].formatted(.iso8601.year().month().day())) \(value)")
            }
        }
        if !wrongDays.isEmpty {
            log(
                "  warning: fetchAdherence returns no progress for \(wrongDays.count) of \(dayStarts.count) days on which every task has an event with an outcome (first: \(wrongDays.first!), last: \(wrongDays.last!))"
            )
        }
        wrongAdherenceDays = wrongDays.count
        let events = try await large.store.fetchEvents(query: eventQuery)
        let rawRows = try rawOutcomeRows(raw, in: year)
        guard events.filter({ $0.outcome != nil }).count == rawRows.count else {
            throw RawSQLiteError(description: "part 5: the SQL baseline found \(rawRows.count) outcomes, fetchEvents \(events.filter { $0.outcome != nil }.count)")
        }
        log("Part 5: \(dayStarts.count) days, \(events.count) events, \(rawRows.count) outcomes")

        let (adherenceTimes, rawAdherenceTimes) = try await measurePair(
            runs: context.runs,
            value: { try await Timer.time { _ = try await large.store.fetchAdherence(query: adherenceQuery) } },
            baseline: { try await Timer.time { _ = try rawDailyCompletion(raw, dayStarts: adherenceQuery.dates(), end: year.end, tasks: large.taskCount) } })
        let (eventTimes, rawEventTimes) = try await measurePair(
            runs: context.runs,
            value: { try await Timer.time { _ = try await large.store.fetchEvents(query: eventQuery) } },
            baseline: { try await Timer.time { _ = try rawOutcomeRows(raw, in: year) } })

        let warning =
            wrongAdherenceDays == 0
            ? ""
            : """
             WARNING: fetchAdherence reported no progress for \(wrongAdherenceDays) of the \(dayStarts.count) days although \
            every task had an event with an outcome on each of them (a store bug, see docs/PERFORMANCE.md).
            """
        let rows = [
            Row(
                id: "5a", measurement: "fetchAdherence, 365 days × \(large.taskCount) tasks (3 versions)",
                value: Figure(runs: adherenceTimes, unit: .seconds), baseline: Figure(runs: rawAdherenceTimes, unit: .seconds), target: .ratioAtMost(3)),
            Row(
                id: "5b", measurement: "fetchEvents, 365 days × \(large.taskCount) tasks = \(Format.grouped(Double(events.count))) events",
                value: Figure(runs: eventTimes, unit: .seconds), baseline: Figure(runs: rawEventTimes, unit: .seconds), target: .ratioAtMost(2))
        ]
        return Section(
            part: 5, rows: rows,
            baselineNote: """
                hand-written SQL on the same file, a lower bound that knows nothing of versions or schedules. 5a: one \
                range scan selecting event_start of the year's live outcomes, counted per local day (New York) in Swift and \
                divided by the number of tasks, because every task has one event a day (checked equal to fetchAdherence \
                before timing). 5b: one range scan of the year's live outcomes joined with their value, decoded into Swift \
                values (uuids parsed, dates, value) — the outcome half of the events, without building schedule events or \
                joining tasks. Targets (issue 32): 5a at most 3×, 5b at most 2× its lower bound.\(warning)
                """)
    }

    /// The fraction of each day's events that have an outcome, in plain SQL.
    static func rawDailyCompletion(_ raw: RawDatabase, dayStarts: [Date], end: Date, tasks: Int) throws -> [Double] {
        guard let first = dayStarts.first else { return [] }
        let statement = try raw.prepare(
            "SELECT event_start FROM outcome WHERE is_winner = 1 AND chain_deleted = 0 AND event_start >= ? AND event_start < ?")
        statement.bind(first.timeIntervalSinceReferenceDate, 1)
        statement.bind(end.timeIntervalSinceReferenceDate, 2)
        let bounds = dayStarts.map(\.timeIntervalSinceReferenceDate)
        var counts = [Int](repeating: 0, count: bounds.count)
        while try statement.step() {
            let start = statement.double(0)
            // The last day that starts at or before the event: a binary search.
            var low = 0, high = bounds.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if bounds[middle] <= start { low = middle } else { high = middle }
            }
            counts[low] += 1
        }
        return counts.map { Double($0) / Double(tasks) }
    }

    struct OutcomeRow {
        var uuid: UUID?
        var id: String
        var taskUUID: UUID?
        var occurrence: Int64
        var start: Date
        var end: Date
        var type: String
        var value: Double
        var units: String?
    }

    /// The live outcomes whose events start in `interval`, with their first value, in plain SQL.
    static func rawOutcomeRows(_ raw: RawDatabase, in interval: DateInterval) throws -> [OutcomeRow] {
        let statement = try raw.prepare(
            """
            SELECT o.uuid, o.id, o.task_uuid, o.occurrence, o.event_start, o.event_end, v.type, v.value, v.units
            FROM outcome o LEFT JOIN outcome_value v ON v.outcome_row = o.row AND v.position = 0
            WHERE o.is_winner = 1 AND o.chain_deleted = 0 AND o.event_start >= ? AND o.event_start < ?
            """)
        statement.bind(interval.start.timeIntervalSinceReferenceDate, 1)
        statement.bind(interval.end.timeIntervalSinceReferenceDate, 2)
        var rows: [OutcomeRow] = []
        while try statement.step() {
            rows.append(
                OutcomeRow(
                    uuid: UUID(uuidString: statement.string(0)), id: statement.string(1), taskUUID: UUID(uuidString: statement.string(2)),
                    occurrence: statement.int64(3),
                    start: Date(timeIntervalSinceReferenceDate: statement.double(4)),
                    end: Date(timeIntervalSinceReferenceDate: statement.double(5)),
                    type: statement.string(6), value: statement.double(7), units: statement.isNull(8) ? nil : statement.string(8)))
        }
        return rows
    }
}
