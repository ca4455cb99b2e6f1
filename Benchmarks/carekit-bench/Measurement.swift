import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a figure counts, which decides how it is printed and which way is better.
enum FigureUnit: Sendable {
    /// Seconds per operation (lower is better).
    case seconds
    /// Items per second (higher is better); the label names the item ("outcomes/s").
    case rate(String)
    /// Bytes (lower is better).
    case bytes
    /// Things counted (lower is better); the label names them ("writes").
    case count(String)
}

/// One measured figure: the median of several runs, with the smallest and largest run.
struct Figure: Sendable {
    var median: Double
    var min: Double
    var max: Double
    var unit: FigureUnit
    /// How many runs the figure summarizes.
    var runs: Int

    /// The median, min and max of per-run values.
    init(runs values: [Double], unit: FigureUnit) {
        precondition(!values.isEmpty, "a figure needs at least one run")
        median = Stats.median(values)
        min = values.min() ?? 0
        max = values.max() ?? 0
        self.unit = unit
        runs = values.count
    }

    init(single value: Double, unit: FigureUnit) {
        median = value
        min = value
        max = value
        self.unit = unit
        runs = 1
    }
}

enum Stats {
    static func median(_ values: [Double]) -> Double {
        percentile(values, 50)
    }

    /// The `p`-th percentile by the nearest-rank method (p99 of 100 samples is the 99th smallest).
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        if p == 50 && sorted.count % 2 == 0 {
            return (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}

/// Wall-clock timing with `ContinuousClock`.
enum Timer {
    static let clock = ContinuousClock()

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Runs `body` once and returns how long it took, in seconds.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = clock.now
        try await body()
        return seconds(clock.now - start)
    }

    /// Seconds per call of `body`, averaged over `repetitions` calls in a row.
    static func timePerCall(_ repetitions: Int, _ body: () async throws -> Void) async rethrows -> Double {
        let start = clock.now
        for _ in 0..<repetitions { try await body() }
        return seconds(clock.now - start) / Double(repetitions)
    }
}

/// Measures a figure and its baseline the same way: one warm-up run of each (not recorded),
/// then `runs` runs that alternate between the two, so that a change in the machine's load
/// during the measurement affects both alike.
func measurePair(
    runs: Int,
    value: () async throws -> Double,
    baseline: () async throws -> Double
) async throws -> (value: [Double], baseline: [Double]) {
    _ = try await value()
    _ = try await baseline()
    var values: [Double] = []
    var baselines: [Double] = []
    for run in 0..<runs {
        // Alternate which one goes first, so neither always runs on a warmer machine.
        if run.isMultiple(of: 2) {
            values.append(try await value())
            baselines.append(try await baseline())
        } else {
            baselines.append(try await baseline())
            values.append(try await value())
        }
    }
    return (values, baselines)
}

/// Measures two short calls in tight alternation: each run makes `calls` calls of each, in
/// chunks of `chunk` calls, switching between the two after every chunk, and returns the time
/// per call of each run. On a machine shared with other work, both see the same interference
/// (a burst from another process lands on both, not on one whole run of one of them). One
/// warm-up chunk of each comes first.
func measureAlternating(
    runs: Int, calls: Int, chunk: Int,
    value: () async throws -> Void,
    baseline: () async throws -> Void
) async throws -> (value: [Double], baseline: [Double]) {
    for _ in 0..<chunk { try await value() }
    for _ in 0..<chunk { try await baseline() }
    var values: [Double] = []
    var baselines: [Double] = []
    for _ in 0..<runs {
        var valueTime = 0.0, baselineTime = 0.0, done = 0
        while done < calls {
            let count = min(chunk, calls - done)
            valueTime += try await Timer.timePerCall(count, value) * Double(count)
            baselineTime += try await Timer.timePerCall(count, baseline) * Double(count)
            done += count
        }
        values.append(valueTime / Double(calls))
        baselines.append(baselineTime / Double(calls))
    }
    return (values, baselines)
}

/// Like ``measurePair(runs:value:baseline:)`` for several measurements: one warm-up run of
/// each, then `runs` rounds in which each runs once, starting from a different one each round.
func measureInterleaved(runs: Int, _ bodies: [() async throws -> Double]) async throws -> [[Double]] {
    for body in bodies { _ = try await body() }
    var results = Array(repeating: [Double](), count: bodies.count)
    for run in 0..<runs {
        for offset in 0..<bodies.count {
            let index = (run + offset) % bodies.count
            results[index].append(try await bodies[index]())
        }
    }
    return results
}

/// CPU time used by this process, in seconds (all threads).
func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Bytes this process has passed to write(2) and friends so far (`wchar` in /proc/self/io):
/// for SQLite, the WAL frames and checkpoints it wrote.
func processWrittenBytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
        return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    return 0
}

/// Waits until this process is idle: less than `threshold` of a core busy over a 20 ms
/// window (or `timeout` seconds pass). Used after writes that wake many streams, so that the
/// next measurement does not pay for the previous one's background work.
func waitUntilIdle(threshold: Double = 0.1, timeout: Double = 30) async {
    let deadline = Timer.clock.now + .seconds(timeout)
    var quietWindows = 0
    while Timer.clock.now < deadline {
        let cpu = processCPUSeconds()
        let start = Timer.clock.now
        try? await Task.sleep(for: .milliseconds(20))
        let busy = (processCPUSeconds() - cpu) / Timer.seconds(Timer.clock.now - start)
        quietWindows = busy < threshold ? quietWindows + 1 : 0
        if quietWindows >= 2 { return }
    }
}

/// Progress messages go to standard error, so that standard output holds only the table.
func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
