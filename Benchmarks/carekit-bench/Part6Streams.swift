import CareKitStore
import Foundation
import Synchronization

/// Part 6: how fast a stream sees a write, with 1 and with 1,000 open streams, and how fast
/// writes go with 1,000 open streams against none.
///
/// Each stream is what a task card holds in CareKit: the events of one task for today
/// (`store.events(matching:)` with one task id). The observed stream watches task 0; the
/// others watch the other 99 tasks (about ten streams each), so a write to task 0 changes only
/// the observed stream's result. A write names the tasks and the events it touched, and only the
/// streams that can see them re-run their query; the throughput writes (6c) go to past days of
/// other tasks, so they wake none.
enum Part6Streams {
    static func run(_ context: BenchContext) async throws -> Section {
        let taskCount = context.quick ? 10 : 100
        let streamCount = context.quick ? 100 : 1_000
        let folder = try context.folder("part6")
        let tasks = Fixtures.firstVersions(count: taskCount)
        let today = Fixtures.day(Fixtures.today)

        // Two stores with the same content: "quiet" (the baseline) and "busy" (with the extra streams).
        let quiet = Fixtures.openStore("quiet", in: folder)
        let busy = Fixtures.openStore("busy", in: folder)
        for store in [quiet, busy] { try await store.addTasks(tasks) }
        guard let event = tasks[0].schedule.events(from: today.start, to: today.end).first else {
            throw RawSQLiteError(description: "part 6: task 0 has no event today")
        }
        var random = SeededRandom(seed: 66)
        let tap = Fixtures.outcome(task: 0, version: tasks[0].uuid, event: event, random: &random).outcome

        func query(_ task: Int) -> OCKEventQuery {
            var query = OCKEventQuery(dateInterval: today)
            query.taskIDs = [Fixtures.taskID(task)]
            return query
        }
        log("Part 6: \(streamCount) streams of one task's events today; \(taskCount) tasks")

        // Streams.
        let quietObserver = try await Observer(store: quiet, query: query(0))
        let busyObserver = try await Observer(store: busy, query: query(0))
        let others = Counter()
        var distractors: [Task<Void, Never>] = []
        for index in 1..<streamCount {
            let stream = busy.events(matching: query(1 + (index - 1) % (taskCount - 1)))
            distractors.append(
                Task {
                    do {
                        for try await _ in stream { others.add() }
                    } catch {}
                })
        }
        while others.value < streamCount - 1 { try await Task.sleep(for: .milliseconds(10)) }
        await waitUntilIdle()

        // Latency: tap (add the outcome), then untap (delete it), alternately on each store.
        let writesPerRun = context.quick ? 4 : 10
        var quietLatencies: [Double] = []
        var busyLatencies: [Double] = []
        var stored: [ObjectIdentifier: OCKOutcome] = [:]
        for write in 0..<(writesPerRun * context.runs + 2) {
            let adding = write.isMultiple(of: 2)
            for (store, observer) in [(quiet, quietObserver), (busy, busyObserver)] {
                let key = ObjectIdentifier(store)
                let latency = try await observer.latency(expectingOutcome: adding) {
                    if adding {
                        var outcome = tap
                        outcome.id = UUID().uuidString
                        outcome.uuid = UUID()
                        stored[key] = try await store.addOutcome(outcome)
                    } else if let outcome = stored[key] {
                        try await store.deleteOutcome(outcome)
                    }
                }
                await waitUntilIdle()
                guard write >= 2 else { continue }  // The first tap and untap warm up.
                if store === quiet { quietLatencies.append(latency) } else { busyLatencies.append(latency) }
            }
        }
        quietObserver.stop()

        // Throughput: single durable writes, back to back, to the store with no stream and to the one with them all.
        let writeCount = context.quick ? 20 : 100
        let pastOutcomes = Fixtures.outcomes(for: Array(tasks.dropFirst()), count: writeCount * (context.runs + 1), seed: 67)
        var next = 0
        func throughput(_ store: OCKStore) async throws -> Double {
            let batch = pastOutcomes[next..<(next + writeCount)]
            next += writeCount
            let seconds = try await Timer.time {
                for outcome in batch { try await store.addOutcome(outcome.outcome) }
            }
            await waitUntilIdle()
            return Double(writeCount) / seconds
        }
        // Both stores get the same outcomes in the same order.
        var quietNext = 0, busyNext = 0
        let (busyRates, quietRates) = try await measurePair(
            runs: context.runs,
            value: {
                next = busyNext; defer { busyNext = next }; return try await throughput(busy)
            },
            baseline: {
                next = quietNext; defer { quietNext = next }; return try await throughput(quiet)
            })

        busyObserver.stop()
        for task in distractors { task.cancel() }
        for task in distractors { await task.value }
        try quiet.delete()
        try busy.delete()

        func figure(_ samples: [Double], _ p: Double) -> Figure {
            let perRun = stride(from: 0, to: samples.count, by: writesPerRun).map {
                Stats.percentile(Array(samples[$0..<min($0 + writesPerRun, samples.count)]), p)
            }
            var figure = Figure(runs: perRun, unit: .seconds)
            figure.median = Stats.percentile(samples, p)
            return figure
        }
        let streams = Format.grouped(Double(streamCount))
        let rows = [
            Row(
                id: "6a", measurement: "stream update after a write, \(streams) open streams: median",
                value: figure(busyLatencies, 50), baseline: figure(quietLatencies, 50)),
            Row(
                id: "6b", measurement: "stream update after a write, \(streams) open streams: p99",
                value: figure(busyLatencies, 99), baseline: figure(quietLatencies, 99)),
            Row(
                id: "6c", measurement: "addOutcome throughput (one at a time), \(streams) open streams",
                value: Figure(runs: busyRates, unit: .rate("writes/s")), baseline: Figure(runs: quietRates, unit: .rate("writes/s")))
        ]
        return Section(
            part: 6, rows: rows,
            baselineNote: """
                6a/6b: the same stream on an identical store where it is the only one open. Latency runs from the call \
                that writes (addOutcome, then deleteOutcome, alternately: a tap and an undo on the task card) until the \
                observed stream delivers the changed result, so it includes the durable commit; \(quietLatencies.count) writes \
                each, the process idle before each. 6c: \(writeCount) back-to-back durable addOutcome calls (past days of \
                other tasks) per run on the identical store with no stream open.
                """)
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func add() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}

/// Consumes one stream and reports when each result arrives and whether it has an outcome.
/// Used by one task at a time.
final class Observer {
    private let task: Task<Void, Never>
    private var arrivals: AsyncStream<(ContinuousClock.Instant, Bool)>.Iterator

    init(store: OCKStore, query: OCKEventQuery) async throws {
        let (stream, continuation) = AsyncStream<(ContinuousClock.Instant, Bool)>.makeStream()
        let results = store.events(matching: query)
        task = Task {
            do {
                for try await events in results {
                    continuation.yield((Timer.clock.now, events.first?.outcome != nil))
                }
            } catch {}
            continuation.finish()
        }
        arrivals = stream.makeAsyncIterator()
        guard let first = await arrivals.next(), first.1 == false else {
            throw RawSQLiteError(description: "part 6: the stream did not start with an event without outcome")
        }
    }

    /// Seconds from the start of `write` until the stream delivers a result whose outcome
    /// presence is `expectingOutcome`.
    func latency(expectingOutcome: Bool, _ write: () async throws -> Void) async throws -> Double {
        let start = Timer.clock.now
        try await write()
        while let (time, hasOutcome) = await arrivals.next() {
            if hasOutcome == expectingOutcome { return Timer.seconds(time - start) }
        }
        throw RawSQLiteError(description: "part 6: the stream ended")
    }

    func stop() { task.cancel() }
}
