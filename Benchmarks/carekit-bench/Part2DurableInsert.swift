import CareKitStore
import Foundation

/// Part 2: one durable `addOutcome` (its own transaction, on disk before it returns) against
/// one raw durable SQLite insert of the same rows: median and p99.
enum Part2DurableInsert {
    static func run(_ context: BenchContext) async throws -> Section {
        let taskCount = context.quick ? 10 : 100
        let perRun = context.quick ? 10 : 40
        let warmUp = 5
        let samples = perRun * context.runs
        let tasks = Fixtures.firstVersions(count: taskCount)
        let planned = Fixtures.outcomes(for: tasks, count: samples + warmUp, seed: 22)
        let folder = try context.folder("part2")
        log("Part 2: \(samples) single durable inserts each way (+\(warmUp) warm-up), alternating store and raw")

        let store = Fixtures.openStore("store", in: folder)
        try await store.addTasks(tasks)
        let rawPath = folder.appendingPathComponent("raw.sqlite").path
        try RawDatabase.copy(store.url!.path, to: rawPath)
        let raw = try RawOutcomeWriter(path: rawPath)

        var storeTimes: [Double] = []
        var rawTimes: [Double] = []
        for (index, outcome) in planned.enumerated() {
            // Alternate which goes first, so neither always follows the other's fsync.
            let storeFirst = index.isMultiple(of: 2)
            var storeTime = 0.0, rawTime = 0.0
            for turn in 0..<2 {
                if (turn == 0) == storeFirst {
                    storeTime = try await Timer.time { try await store.addOutcome(outcome.outcome) }
                } else {
                    rawTime = try await Timer.time {
                        try raw.database.execute("BEGIN IMMEDIATE")
                        try raw.insert(outcome)
                        try raw.database.execute("COMMIT")
                    }
                }
            }
            guard index >= warmUp else { continue }
            storeTimes.append(storeTime)
            rawTimes.append(rawTime)
        }
        raw.database.close()
        try store.delete()

        func figure(_ times: [Double], _ p: Double) -> Figure {
            let perRunValues = stride(from: 0, to: times.count, by: perRun).map { Stats.percentile(Array(times[$0..<min($0 + perRun, times.count)]), p) }
            var figure = Figure(runs: perRunValues, unit: .seconds)
            figure.median = Stats.percentile(times, p)
            return figure
        }
        let rows = [
            Row(id: "2a", measurement: "addOutcome, one durable transaction: median",
                value: figure(storeTimes, 50), baseline: figure(rawTimes, 50), target: .ratioAtMost(1.5)),
            Row(id: "2b", measurement: "addOutcome, one durable transaction: p99",
                value: figure(storeTimes, 99), baseline: figure(rawTimes, 99)),
        ]
        return Section(part: 2, rows: rows, baselineNote: """
            raw SQLite on a VACUUM INTO copy of the same store in the same folder (WAL, synchronous=FULL): BEGIN \
            IMMEDIATE; INSERT the outcome row; INSERT its value row; COMMIT — with prepared statements. \(samples) \
            inserts each, alternating store and raw; the value is the median (p99) of all of them, the range that of \
            the \(context.runs) groups of \(perRun). The store's time runs from the call of the async addOutcome to its \
            return (queue hops, validation, insert, commit, change notification).
            """)
    }
}
