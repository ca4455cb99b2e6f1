import CareKitStore
import Foundation

/// The large store of parts 3 and 5: tasks × 3 versions and five years of daily outcomes.
struct LargeStore {
    let store: OCKStore
    let taskCount: Int
    let outcomeCount: Int

    static func build(_ context: BenchContext) async throws -> LargeStore {
        let taskCount = context.quick ? 10 : 100
        let folder = try context.folder("large")
        log("Building the large store: \(taskCount) tasks × 3 versions, daily outcomes 2020–2024 …")
        var result: (OCKStore, Int)?
        let seconds = try await Timer.time {
            result = try await Fixtures.versionedStore(name: "large", in: folder, taskCount: taskCount)
        }
        let (store, count) = result!
        log("  \(Format.grouped(Double(count))) outcomes in \(Format.duration(seconds)) (\(Format.grouped(Double(count) / seconds)) outcomes/s)")
        return LargeStore(store: store, taskCount: taskCount, outcomeCount: count)
    }
}

/// Part 3: one day's events on the large store against the same on a store with the same
/// tasks and versions but only 1,000 outcomes (which include that day's).
enum Part3DayEvents {
    static func run(_ context: BenchContext, large: LargeStore) async throws -> Section {
        let folder = try context.folder("part3")
        let day = Fixtures.day(Fixtures.today)
        // 1,000 outcomes: every task on the days around "today".
        let days = max(1_000 / large.taskCount, 1)
        let from = Fixtures.calendar.date(byAdding: .day, value: -(days / 2), to: day.start)!
        let to = Fixtures.calendar.date(byAdding: .day, value: days, to: from)!
        let (small, smallCount) = try await Fixtures.versionedStore(name: "small", in: folder, taskCount: large.taskCount, outcomesFrom: from, to: to)
        log("Part 3: a day's events (\(day.start.formatted(.iso8601))) with \(Format.grouped(Double(large.outcomeCount))) vs \(smallCount) outcomes")

        let query = OCKEventQuery(dateInterval: day)
        let bigEvents = try await large.store.fetchEvents(query: query)
        let smallEvents = try await small.fetchEvents(query: query)
        let withOutcomes = bigEvents.filter { $0.outcome != nil }.count
        guard bigEvents.count == smallEvents.count, withOutcomes == smallEvents.filter({ $0.outcome != nil }).count else {
            throw RawSQLiteError(description: "part 3: the two stores disagree on the day's events (\(bigEvents.count) vs \(smallEvents.count))")
        }
        log("  \(bigEvents.count) events, \(withOutcomes) with outcomes, in both stores")

        let repetitions = context.quick ? 10 : 50
        let (values, baselines) = try await measureAlternating(
            runs: context.runs, calls: repetitions, chunk: 1,
            value: { _ = try await large.store.fetchEvents(query: query) },
            baseline: { _ = try await small.fetchEvents(query: query) })
        try small.delete()

        let row = Row(
            id: "3",
            measurement: "fetchEvents for one day, \(large.taskCount) tasks × 3 versions, \(Format.grouped(Double(large.outcomeCount))) outcomes",
            value: Figure(runs: values, unit: .seconds),
            baseline: Figure(runs: baselines, unit: .seconds),
            target: .ratioAtMost(1.5))
        return Section(
            part: 3, rows: [row],
            baselineNote: """
                the same fetchEvents on a store with the same \(large.taskCount) tasks × 3 versions but only \
                \(Format.grouped(Double(smallCount))) outcomes (every task on the \(days) days around the queried day, so both \
                return the same \(bigEvents.count) events and \(withOutcomes) outcomes). Each run is \(repetitions) fetches from \
                each store, alternating one by one; the figure is the time per fetch.
                """)
    }
}
