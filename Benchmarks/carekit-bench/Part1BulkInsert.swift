import CareKitStore
import Foundation

/// Part 1: bulk `addOutcomes` (100,000 outcomes in batches of 1,000) against raw SQLite
/// inserting the same rows with prepared statements in one transaction.
enum Part1BulkInsert {
    /// What one kind of fixture measured: the store's rates, raw SQLite's in one transaction and
    /// in transactions of 1,000, and the bytes each wrote per run.
    struct Measured {
        var store: [Double], raw: [Double], rawBatched: [Double]
        var written: [String: [Double]]
    }

    static func run(_ context: BenchContext) async throws -> Section {
        let taskCount = context.quick ? 10 : 100
        let count = context.quick ? 5_000 : 100_000
        let tasks = Fixtures.firstVersions(count: taskCount)
        let folder = try context.folder("part1")
        log("Part 1: \(Format.grouped(Double(count))) outcomes for \(taskCount) tasks, batches of 1,000")

        // The baseline's starting point: a store holding only the tasks, copied with VACUUM INTO.
        let template = Fixtures.openStore("template", in: folder)
        try await template.addTasks(tasks)
        var runNumber = 0

        func measure(_ planned: [PlannedOutcome]) async throws -> Measured {
            // Bytes written (WAL frames and checkpoints) per run, to explain the figures.
            var written: [String: [Double]] = [:]
            let store: () async throws -> Double = {
                runNumber += 1
                let store = Fixtures.openStore("store-\(runNumber)", in: folder)
                try await store.addTasks(tasks)
                let bytes = processWrittenBytes()
                let seconds = try await Timer.time {
                    try await Fixtures.add(planned, to: store, batch: 1_000)
                }
                written["store", default: []].append(processWrittenBytes() - bytes)
                try store.delete()
                return Double(planned.count) / seconds
            }
            // Raw inserts in transactions of `batch` rows (count: all in one).
            func raw(batch: Int, label: String) -> () async throws -> Double {
                return {
                    runNumber += 1
                    let path = folder.appendingPathComponent("raw-\(runNumber).sqlite").path
                    try RawDatabase.copy(template.url!.path, to: path)
                    let writer = try RawOutcomeWriter(path: path)
                    let bytes = processWrittenBytes()
                    let seconds = try await Timer.time {
                        var start = 0
                        while start < planned.count {
                            try writer.database.execute("BEGIN IMMEDIATE")
                            for outcome in planned[start..<min(start + batch, planned.count)] { try writer.insert(outcome) }
                            try writer.database.execute("COMMIT")
                            start += batch
                        }
                    }
                    written[label, default: []].append(processWrittenBytes() - bytes)
                    writer.database.close()
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                    return Double(planned.count) / seconds
                }
            }
            // Store, raw in one transaction, raw committing every 1,000 rows like the store: interleaved.
            let results = try await measureInterleaved(runs: context.runs, [store, raw(batch: planned.count, label: "raw"), raw(batch: 1_000, label: "raw batched")])
            return Measured(store: results[0], raw: results[1], rawBatched: results[2], written: written)
        }

        let ordered = try await measure(Fixtures.outcomes(for: tasks, count: count, ids: .timeOrdered, seed: 11))
        let random = try await measure(Fixtures.outcomes(for: tasks, count: count, ids: .random, seed: 11))
        try template.delete()
        func perOutcome(_ measured: Measured, _ label: String) -> String {
            let median = Stats.median(measured.written[label] ?? [0])
            return "\(Format.number(median / 1_048_576, digits: 0)) MiB (\(Format.number(median / Double(count) / 1024, digits: 1)) KiB per outcome)"
        }
        func volumes(_ measured: Measured) -> String {
            "store \(perOutcome(measured, "store")), raw in one transaction \(perOutcome(measured, "raw")), raw in transactions of 1,000 \(perOutcome(measured, "raw batched"))"
        }
        let written = "Bytes written per run (median), time-ordered ids: \(volumes(ordered)); random ids: \(volumes(random))."
        log("  " + written)

        let rows = [
            Row(
                id: "1",
                measurement: "addOutcomes, \(Format.grouped(Double(count))) outcomes in batches of 1,000 (\(taskCount) tasks), time-ordered ids as CareKit makes them",
                value: Figure(runs: ordered.store, unit: .rate("outcomes/s")),
                baseline: Figure(runs: ordered.raw, unit: .rate("outcomes/s")),
                target: .ratioAtLeast(0.8)),
            Row(
                id: "1b",
                measurement: "the same, against raw SQLite also committing every 1,000 rows",
                value: Figure(runs: ordered.store, unit: .rate("outcomes/s")),
                baseline: Figure(runs: ordered.rawBatched, unit: .rate("outcomes/s"))),
            Row(
                id: "1c",
                measurement: "the same with random (version 4) ids, as Apple's CareKit writes them, against raw SQLite in one transaction",
                value: Figure(runs: random.store, unit: .rate("outcomes/s")),
                baseline: Figure(runs: random.raw, unit: .rate("outcomes/s")))
        ]
        return Section(
            part: 1, rows: rows,
            baselineNote: """
                raw SQLite on a VACUUM INTO copy of the same store (same schema, indexes and task rows; WAL, \
                synchronous=FULL, foreign_keys=ON), inserting the same rows — every outcome column the store writes, with \
                the same values and ids, plus one outcome_value row per outcome — with two prepared statements in ONE \
                transaction; event start/end and task rows are computed before timing. The store commits \((count + 999) / 1_000) \
                transactions (one per batch), validates every outcome and places it on its task version's schedule. Row 1b \
                (no target) is the same raw insert committing every 1,000 rows like the store, which separates the cost of \
                committing often from the store's own work. Rows 1 and 1b use time-ordered uuids and ids (version 7, at \
                each outcome's recording time, seeded), row 1c random ones. \(written)
                """)
    }
}
