import CareKitStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Part 7: the web app under load. The benchmark starts `carekit serve` (built next to it) on
/// a store with 20 tasks and loads its Care Card with `wrk` (Debian package `wrk`), 16
/// connections, for a bounded time; then reads the server's peak memory holding the large store.
enum Part7Web {
    static let notBuilt = "n/a — carekit (the web app) is not built next to carekit-bench; run `swift build -c release` first"

    /// A `carekit serve` started for the benchmark, stopped with SIGINT.
    /// `carekit serve` on a store, on a free port.
    static func startServer(binary: String, store: URL, pageCache: Bool = true) -> CarekitProcess? {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "America/New_York"
        // "Today" is the benchmark fixtures' day, so the Care Card shows the fixture's events.
        environment["CAREKIT_NOW"] = "2024-06-15T16:00:00Z"
        return CarekitProcess(binary: binary, ["serve", "--store", store.path, "--port", "0"] + (pageCache ? [] : ["--no-page-cache"]), environment: environment)
    }

    static func run(_ context: BenchContext, large: LargeStore?) async throws -> Section {
        let seconds = context.quick ? 3 : 15
        let note = """
            7a/7b: the same server's /healthz (HTTP only, no store) under the same load; wrk -t2 -c16 for \
            \(seconds) s on loopback after a 2 s warm-up, against the Care Card of a store with 20 tasks. \
            7d/7e: the same page with `serve --no-page-cache`, so every request renders it from the store. \
            7c: the baseline is the peak memory of `carekit serve` on a store with 20 tasks and 1 week of \
            outcomes, after loading every tab. The "other processes" figure of this part includes wrk and the server. \
            \(Part7Instructions.note)
            """
        var latency = Row(
            id: "7a", measurement: "web app: Care Card page (20 tasks), p99 latency, 16 connections",
            target: .valueBelow(seconds: 0.05))
        var throughput = Row(id: "7b", measurement: "web app: Care Card page (20 tasks), requests/s, 16 connections")
        var uncached = Row(
            id: "7d", measurement: "web app: Care Card rendered from the store every time (page cache off), p99, 16 connections",
            target: .valueBelow(seconds: 0.05))
        var uncachedRate = Row(id: "7e", measurement: "web app: same, requests/s")
        var memory = Row(id: "7c", measurement: "web app: peak RSS of carekit serve holding the large store (\(Format.grouped(Double(large?.outcomeCount ?? 0))) outcomes)")
        // Counted first, before any server runs: it needs only Valgrind and this executable.
        let instructions = Part7Instructions.row(context)
        let rows = { [latency, throughput, uncached, uncachedRate, memory, instructions] }
        guard let binary = carekitBinary() else {
            latency.missing = notBuilt
            throughput.missing = notBuilt
            uncached.missing = notBuilt
            uncachedRate.missing = notBuilt
            memory.missing = notBuilt
            return Section(part: 7, rows: rows(), baselineNote: note)
        }
        guard let wrk = findWrk() else {
            let reason = "n/a — wrk is not installed (apt-get install wrk)"
            latency.missing = reason
            throughput.missing = reason
            uncached.missing = reason
            uncachedRate.missing = reason
            memory.missing = reason
            return Section(part: 7, rows: rows(), baselineNote: note)
        }

        // A store with 20 tasks and a week of outcomes, for the page under load.
        let folder = try context.folder("part7")
        let (small, _) = try await Fixtures.versionedStore(
            name: "web", in: folder, taskCount: 20,
            outcomesFrom: Fixtures.calendar.date(byAdding: .day, value: -7, to: Fixtures.today), to: Fixtures.today)
        let smallURL = small.url
        small.close()
        guard let smallURL, let server = startServer(binary: binary, store: smallURL) else {
            latency.missing = "n/a — carekit serve did not start"
            throughput.missing = latency.missing
            return Section(part: 7, rows: rows(), baselineNote: note)
        }
        let page = "http://127.0.0.1:\(server.port)/care-card"
        let health = "http://127.0.0.1:\(server.port)/healthz"
        log("Part 7: wrk against \(page)")
        _ = MachineInfo.run(wrk, ["-t2", "-c16", "-d2s", "--timeout", "2s", page])  // warm-up
        var p99s: [Double] = [], rates: [Double] = [], baseP99s: [Double] = [], baseRates: [Double] = []
        for _ in 0..<context.runs {
            guard let result = MachineInfo.run(wrk, ["-t2", "-c16", "-d\(seconds)s", "--timeout", "2s", "--latency", page]).flatMap(parse),
                let base = MachineInfo.run(wrk, ["-t2", "-c16", "-d\(max(seconds / 3, 2))s", "--timeout", "2s", "--latency", health]).flatMap(parse)
            else {
                latency.missing = "n/a — wrk failed against \(page)"
                throughput.missing = latency.missing
                break
            }
            p99s.append(result.p99)
            rates.append(result.rate)
            baseP99s.append(base.p99)
            baseRates.append(base.rate)
        }
        server.stop()
        // The same page rendered from the store on every request.
        if let renderer = startServer(binary: binary, store: smallURL, pageCache: false) {
            let url = "http://127.0.0.1:\(renderer.port)/care-card"
            _ = MachineInfo.run(wrk, ["-t2", "-c16", "-d2s", "--timeout", "2s", url])
            var renderP99s: [Double] = [], renderRates: [Double] = []
            for _ in 0..<context.runs {
                guard let result = MachineInfo.run(wrk, ["-t2", "-c16", "-d\(seconds)s", "--timeout", "2s", "--latency", url]).flatMap(parse) else { break }
                renderP99s.append(result.p99)
                renderRates.append(result.rate)
            }
            renderer.stop()
            if !renderP99s.isEmpty {
                uncached.value = Figure(runs: renderP99s, unit: .seconds)
                uncached.baseline = Figure(runs: baseP99s, unit: .seconds)
                uncachedRate.value = Figure(runs: renderRates, unit: .rate("requests/s"))
                uncachedRate.baseline = Figure(runs: baseRates, unit: .rate("requests/s"))
            } else {
                uncached.missing = "n/a — wrk failed"
                uncachedRate.missing = uncached.missing
            }
        }
        if !p99s.isEmpty {
            latency.value = Figure(runs: p99s, unit: .seconds)
            latency.baseline = Figure(runs: baseP99s, unit: .seconds)
            throughput.value = Figure(runs: rates, unit: .rate("requests/s"))
            throughput.baseline = Figure(runs: baseRates, unit: .rate("requests/s"))
        }

        // Peak memory holding the large store, against the small one.
        if let large, let largeURL = large.store.url {
            let smallPeak = peakAfterLoadingTabs(binary: binary, store: smallURL)
            let largePeak = peakAfterLoadingTabs(binary: binary, store: largeURL)
            if let largePeak { memory.value = Figure(single: largePeak, unit: .bytes) }
            if let smallPeak { memory.baseline = Figure(single: smallPeak, unit: .bytes) }
            if largePeak == nil { memory.missing = "n/a — could not read the server's memory" }
        } else {
            memory.missing = "n/a — the large store was not built (part 3 or 5 not run)"
        }
        return Section(part: 7, rows: rows(), baselineNote: note)
    }

    /// Starts a server on `store`, loads every tab once, and reads its peak memory.
    static func peakAfterLoadingTabs(binary: String, store: URL) -> Double? {
        guard let server = startServer(binary: binary, store: store) else { return nil }
        defer { server.stop() }
        for path in ["care-card", "symptoms", "insights", "connect", "care-card?date=2024-06-01"] {
            _ = MachineInfo.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/\(path)"])
        }
        return peakRSS(pid: server.pid)
    }

    /// `carekit`, built next to this executable.
    static func carekitBinary() -> String? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = here.appendingPathComponent("carekit").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    static func findWrk() -> String? {
        ["/usr/bin/wrk", "/usr/local/bin/wrk"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Requests per second and the 99th percentile latency (seconds) from wrk's `--latency` output.
    static func parse(_ output: String) -> (rate: Double, p99: Double)? {
        var rate: Double?
        var p99: Double?
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first == "Requests/sec:", fields.count >= 2 { rate = Double(fields[1]) }
            if fields.first == "99%", fields.count >= 2 { p99 = seconds(String(fields[1])) }
        }
        guard let rate, let p99 else { return nil }
        return (rate, p99)
    }

    /// "812.00us", "1.23ms", "2.00s", "1.5m" → seconds.
    static func seconds(_ text: String) -> Double? {
        for (suffix, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0), ("m", 60.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }

    /// The peak resident set size (VmHWM) of a process, in bytes.
    static func peakRSS(pid: Int) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Double(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }
}
