import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The machine, build and commit the numbers were measured on, printed with the table.
struct MachineInfo: Sendable {
    var date: String
    var commit: String
    var system: String
    var cpu: String
    var cores: Int
    var memory: String
    var sqlite: String
    var build: String
    var loadAtStart: String
    var loadAtEnd: String = ""
    /// Cores' worth of CPU used by other processes over the whole run.
    var otherLoad: Double?

    static func current() -> MachineInfo {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        #if DEBUG
            let build = "DEBUG build — timings are not meaningful; use `swift run -c release carekit-bench`"
        #else
            let build = "release build"
        #endif
        return MachineInfo(
            date: formatter.string(from: Date()),
            commit: gitCommit(),
            system: run("/bin/uname", ["-srvmo"]) ?? "unknown",
            cpu: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memory: memoryTotal(),
            sqlite: String(cString: sqlite3_libversion()),
            build: build,
            loadAtStart: loadAverage())
    }

    var lines: [String] {
        var other = ""
        if let otherLoad { other = "; other processes used \(Format.number(otherLoad, digits: 2)) cores on average during the run" }
        return [
            "Date: \(date)   Commit: \(commit)   Build: \(build)",
            "Machine: \(system); CPU: \(cpu) × \(cores) cores; memory \(memory); SQLite \(sqlite)",
            "Load average (1, 5, 15 min) at start: \(loadAtStart); at end: \(loadAtEnd)\(other)"
        ]
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    private static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }

    private static func memoryTotal() -> String {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let kilobytes = Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0
            return Format.number(kilobytes / 1_048_576, digits: 1) + " GiB"
        }
        return "unknown"
    }

    /// The commit being measured: `git rev-parse --short HEAD` in the package this binary was
    /// built from (else the current directory), marked when the tree has uncommitted changes;
    /// `CAREKIT_BENCH_COMMIT` when set.
    private static func gitCommit() -> String {
        if let given = ProcessInfo.processInfo.environment["CAREKIT_BENCH_COMMIT"], !given.isEmpty { return given }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let directory = FileManager.default.fileExists(atPath: source + "/Package.swift") ? source : FileManager.default.currentDirectoryPath
        guard let commit = run("/usr/bin/env", ["git", "-C", directory, "rev-parse", "--short", "HEAD"]), !commit.isEmpty else { return "unknown" }
        let dirty = run("/usr/bin/env", ["git", "-C", directory, "status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
        return dirty ? commit + " (with uncommitted changes)" : commit
    }

    /// Runs a program and returns its trimmed standard output, or nil if it failed.
    static func run(_ path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Measures how busy the machine was with *other* processes over a span of time: the CPU time
/// all processes used (from /proc/stat) minus this process's own CPU time, per second of wall
/// time, in cores. On a 2-core machine shared with compilers, this says how noisy a figure is.
struct LoadMeter {
    private let startBusy: Double?
    private let startOwn: Double
    private let startWall: ContinuousClock.Instant

    init() {
        startBusy = Self.busySeconds()
        startOwn = processCPUSeconds()
        startWall = Timer.clock.now
    }

    /// Cores' worth of CPU used by other processes since `init`.
    func otherCores() -> Double? {
        guard let startBusy, let endBusy = Self.busySeconds() else { return nil }
        let wall = Timer.seconds(Timer.clock.now - startWall)
        guard wall > 0 else { return nil }
        let other = (endBusy - startBusy) - (processCPUSeconds() - startOwn)
        return max(other, 0) / wall
    }

    var elapsed: Double { Timer.seconds(Timer.clock.now - startWall) }

    /// Busy CPU seconds of the whole machine since boot (user, nice, system, irq, softirq, steal).
    private static func busySeconds() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 8 else { return nil }
        let busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
