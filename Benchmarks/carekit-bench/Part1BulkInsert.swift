import CareKitStore
import Foundation

/// Part 1: bulk `addOutcomes` (100,000 outcomes in batches of 1,000) against raw SQLite
/// inserting the same rows with prepared statements in one transaction.
enum Part1BulkInsert {
    static func run(_ context: BenchContext) async throws -> Section {
        let taskCount = context.quick ? 10 : 100
        let count = context.quick ? 5_000 : 100_000
        let tasks = Fixtures.firstVersions(count: taskCount)
        let planned = Fixtures.outcomes(for: tasks, count: count, seed: 11)
        let folder = try context.folder("part1")
        log("Part 1: \(Format.grouped(Double(planned.count))) outcomes for \(taskCount) tasks, batches of 1,000")

        // The baseline's starting point: a store holding only the tasks, copied with VACUUM INTO.
        let template = Fixtures.openStore("template", in: folder)
        try await template.addTasks(tasks)
        var runNumber = 0

        let store: () async throws -> Double = {
            runNumber += 1
            let store = Fixtures.openStore("store-\(runNumber)", in: folder)
            try await store.addTasks(tasks)
            let seconds = try await Timer.time {
                try await Fixtures.add(planned, to: store, batch: 1_000)
            }
            try store.delete()
            return Double(planned.count) / seconds
        }
        let raw: () async throws -> Double = {
            runNumber += 1
            let path = folder.appendingPathComponent("raw-\(runNumber).sqlite").path
            try RawDatabase.copy(template.url!.path, to: path)
            let writer = try RawOutcomeWriter(path: path)
            let seconds = try await Timer.time {
                try writer.database.execute("BEGIN IMMEDIATE")
                for outcome in planned { try writer.insert(outcome) }
                try writer.database.execute("COMMIT")
            }
            writer.database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            return Double(planned.count) / seconds
        }
        let (values, baselines) = try await measurePair(runs: context.runs, value: store, baseline: raw)
        try template.delete()

        let row = Row(
            id: "1",
            measurement: "addOutcomes, \(Format.grouped(Double(count))) outcomes in batches of 1,000 (\(taskCount) tasks)",
            value: Figure(runs: values, unit: .rate("outcomes/s")),
            baseline: Figure(runs: baselines, unit: .rate("outcomes/s")),
            target: .ratioAtLeast(0.4))
        return Section(part: 1, rows: [row], baselineNote: """
            raw SQLite on a VACUUM INTO copy of the same store (same schema, indexes and task rows; WAL, \
            synchronous=FULL, foreign_keys=ON), inserting the same rows — every outcome column the store writes, with \
            the same values, plus one outcome_value row per outcome — with two prepared statements in ONE transaction; \
            event start/end and task rows are computed before timing. The store commits \((count + 999) / 1_000) transactions (one per \
            batch), validates every outcome and places it on its task version's schedule.
            """)
    }
}
