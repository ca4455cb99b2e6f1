import Foundation

/// Part 7: the web app under load. The app (`carekit serve`) is not built yet: without
/// `--web URL` the rows say so. With it, `wrk` (Debian package `wrk`) loads the URL with 16
/// connections for a bounded time; `--web-pid` adds the server's peak memory.
enum Part7Web {
    static let notBuilt = "n/a — web app not built yet"

    static func run(_ context: BenchContext) async throws -> Section {
        let note = """
            none yet (the target is absolute: p99 under 50 ms at 16 connections). Measure with \
            `carekit-bench --only 7 --web http://127.0.0.1:PORT/ --web-pid PID` against `carekit serve` holding the \
            large store (Care Card page with 20 tasks); wrk -t2 -c16 for \(context.quick ? 3 : 15) s on loopback, \
            after a 2 s warm-up.
            """
        var latency = Row(id: "7a", measurement: "web app: Care Card page (20 tasks), p99 latency, 16 connections",
                          target: .valueBelow(seconds: 0.05))
        var throughput = Row(id: "7b", measurement: "web app: Care Card page (20 tasks), requests/s, 16 connections")
        var memory = Row(id: "7c", measurement: "web app: peak RSS of carekit serve holding the large store")
        guard let url = context.options.webURL else {
            latency.missing = notBuilt
            throughput.missing = notBuilt
            memory.missing = notBuilt
            return Section(part: 7, rows: [latency, throughput, memory], baselineNote: note)
        }
        guard let wrk = findWrk() else {
            let reason = "n/a — wrk is not installed (apt-get install wrk)"
            latency.missing = reason
            throughput.missing = reason
            memory.missing = reason
            return Section(part: 7, rows: [latency, throughput, memory], baselineNote: note)
        }
        log("Part 7: wrk against \(url)")
        _ = MachineInfo.run(wrk, ["-t2", "-c16", "-d2s", "--timeout", "2s", url])  // warm-up
        var p99s: [Double] = []
        var rates: [Double] = []
        for _ in 0..<context.runs {
            let duration = context.quick ? "3s" : "15s"
            guard let output = MachineInfo.run(wrk, ["-t2", "-c16", "-d\(duration)", "--timeout", "2s", "--latency", url]),
                  let result = parse(output) else {
                latency.missing = "n/a — wrk failed against \(url)"
                throughput.missing = latency.missing
                break
            }
            p99s.append(result.p99)
            rates.append(result.rate)
        }
        if !p99s.isEmpty {
            latency.value = Figure(runs: p99s, unit: .seconds)
            throughput.value = Figure(runs: rates, unit: .rate("requests/s"))
        }
        if let pid = context.options.webPID, let peak = peakRSS(pid: pid) {
            memory.value = Figure(single: peak, unit: .bytes)
        } else {
            memory.missing = "n/a — pass --web-pid PID of carekit serve"
        }
        return Section(part: 7, rows: [latency, throughput, memory], baselineNote: note)
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
