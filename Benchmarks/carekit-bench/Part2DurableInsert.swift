import CareKitStore
import Foundation

/// Part 2: one durable `addOutcome` (its own transaction, on disk before it returns) against
/// one raw durable SQLite insert of the same rows: median and p99.
enum Part2DurableInsert {
    static func run(_ context: BenchContext) async throws -> Section {
        let taskCount = context.quick ? 10 : 100
        let perRun = context.quick ? 10 : 100
        let warmUp = 5
        let samples = perRun * context.runs
        let tasks = Fixtures.firstVersions(count: taskCount)
        // Two outcomes per round: one for addOutcome, one for addOutcomes([_]); raw gets the first.
        let planned = Fixtures.outcomes(for: tasks, count: 2 * (samples + warmUp), seed: 22)
        let folder = try context.folder("part2")
        log("Part 2: \(samples) single durable inserts each way (+\(warmUp) warm-up), rotating store and raw")

        let store = Fixtures.openStore("store", in: folder)
        try await store.addTasks(tasks)
        let rawPath = folder.appendingPathComponent("raw.sqlite").path
        try RawDatabase.copy(store.url!.path, to: rawPath)
        let raw = try RawOutcomeWriter(path: rawPath)

        var storeTimes: [Double] = []
        var directTimes: [Double] = []
        var rawTimes: [Double] = []
        for round in 0..<(samples + warmUp) {
            let single = planned[2 * round], other = planned[2 * round + 1]
            var times = [0.0, 0.0, 0.0]
            // Rotate the order, so none always follows another's fsync.
            for turn in 0..<3 {
                switch (round + turn) % 3 {
                case 0:
                    times[0] = try await Timer.time { try await store.addOutcome(single.outcome) }
                case 1:
                    times[1] = try await Timer.time { try await store.addOutcomes([other.outcome]) }
                default:
                    times[2] = try await Timer.time {
                        try raw.database.execute("BEGIN IMMEDIATE")
                        try raw.insert(single)
                        try raw.database.execute("COMMIT")
                    }
                }
            }
            guard round >= warmUp else { continue }
            storeTimes.append(times[0])
            directTimes.append(times[1])
            rawTimes.append(times[2])
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
            Row(
                id: "2a", measurement: "addOutcome, one durable transaction: median",
                value: figure(storeTimes, 50), baseline: figure(rawTimes, 50), target: .ratioAtMost(1.5)),
            Row(
                id: "2b", measurement: "addOutcome, one durable transaction: p99",
                value: figure(storeTimes, 99), baseline: figure(rawTimes, 99)),
            Row(
                id: "2c", measurement: "addOutcomes([one outcome]) (OCKStore's direct async path): median",
                value: figure(directTimes, 50), baseline: figure(rawTimes, 50))
        ]
        return Section(
            part: 2, rows: rows,
            baselineNote: """
                raw SQLite on a VACUUM INTO copy of the same store in the same folder (WAL, synchronous=FULL): BEGIN \
                IMMEDIATE; INSERT the outcome row; INSERT its value row; COMMIT — with prepared statements. \(samples) \
                inserts each, rotating addOutcome, addOutcomes([_]) and raw; the value is the median (p99) of all of them, the range that of \
                the \(context.runs) groups of \(perRun). The store's time runs from the call of the async addOutcome to its \
                return (queue hops, validation, insert, commit, change notification). addOutcome (a protocol extension) \
                reaches the writer through the completion-handler API and resumes from a global queue; OCKStore's own \
                async addOutcomes resumes straight from the writer queue (row 2c, no target).
                """)
    }
}
