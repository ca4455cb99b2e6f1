import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What every part needs: the options, the run count and a folder for its stores.
struct BenchContext: Sendable {
    let options: Options
    let root: URL

    var quick: Bool { options.quick }
    var runs: Int { options.measuredRuns }

    /// A new folder under the run's root.
    func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// `carekit-bench`: builds realistic stores on disk and prints one table of figures, each
/// with a baseline measured in the same run and the ratio between them.
@main
struct CareKitBench {
    /// A synchronous main that waits for the async work on a semaphore: an async main parks
    /// the main thread in libdispatch's `sigsuspend` on a read-only signal mask, which
    /// Valgrind cannot run (it rewrites the mask), and `--profile-render` exists for Valgrind.
    static func main() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await asyncMain()
            done.signal()
        }
        done.wait()
    }

    static func asyncMain() async {
        let options: Options
        do {
            guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
                print(Options.spec.help)
                exit(0)
            }
            options = parsed
        } catch {
            log("carekit-bench: \(error)\nRun `carekit-bench --help` for usage.")
            exit(2)
        }
        do {
            try await run(options)
        } catch {
            log("carekit-bench failed: \(error)")
            exit(1)
        }
    }

    static func run(_ options: Options) async throws {
        var machine = MachineInfo.current()
        // The stores go in a folder this run creates (never the --dir itself, which may hold
        // anything): only that folder is removed at the end.
        let root = try makeRunFolder(in: options.directory ?? FileManager.default.temporaryDirectory)
        defer {
            if !options.keep { try? FileManager.default.removeItem(at: root) }
        }
        let context = BenchContext(options: options, root: root)
        if let count = options.profileRenders {
            try await ProfileRender.run(context, count: count, path: options.profilePath, cardCache: !options.profileWithoutCardCache, fillDays: options.profileFillDays)
            return
        }
        if let count = options.profileList {
            try await ProfileList.run(context, patients: count)
            return
        }
        let mode = options.quick ? "--quick: small sizes, \(context.runs) runs" : "full: \(context.runs) measured runs after a warm-up"
        log("carekit-bench (\(mode)); stores in \(root.path)")
        #if DEBUG
            log("warning: this is a debug build; timings are not meaningful. Use `swift run -c release carekit-bench`.")
        #endif

        let whole = LoadMeter()
        var sections: [Section] = []
        func part(_ number: Int, _ body: () async throws -> Section) async throws {
            guard options.runs(part: number) else { return }
            let meter = LoadMeter()
            var section = try await body()
            section.otherLoad = meter.otherCores()
            section.seconds = meter.elapsed
            log("  part \(number) took \(Format.duration(section.seconds))")
            sections.append(section)
        }

        try await part(1) { try await Part1BulkInsert.run(context) }
        try await part(2) { try await Part2DurableInsert.run(context) }
        var large: LargeStore?
        if options.runs(part: 3) || options.runs(part: 5) || options.runs(part: 7) {
            large = try await LargeStore.build(context)
        }
        try await part(3) { try await Part3DayEvents.run(context, large: large!) }
        try await part(4) { try await Part4FarFuture.run(context) }
        try await part(5) { try await Part5Year.run(context, large: large!) }
        try await part(6) { try await Part6Streams.run(context) }
        try await part(7) { try await Part7Web.run(context, large: large) }
        try await part(8) { try await Part8Sync.run(context) }
        try await part(9) { try await Part9Team.run(context) }
        try await part(10) { try await Part10Growth.run(context) }
        try large?.store.delete()

        machine.loadAtEnd = MachineInfo.loadAverage()
        machine.otherLoad = whole.otherCores()
        let report = Report(machine: machine, sections: sections, mode: mode)
        // Unbuffered, so the table is complete before the closing message on standard error.
        FileHandle.standardOutput.write(Data(((options.markdown ? report.markdown() : report.text()) + "\n").utf8))
        log("done in \(Format.duration(whole.elapsed))")
    }
}

/// Creates a new, empty folder `carekit-bench-XXXXXX` inside `parent` (created if missing)
/// with `mkdtemp`, which fails rather than reuse a folder that exists.
func makeRunFolder(in parent: URL) throws -> URL {
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    var template = Array(parent.appendingPathComponent("carekit-bench-XXXXXX").path.utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard created != nil else {
        throw BenchError("cannot create a folder in \(parent.path): \(String(cString: strerror(errno)))")
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return URL(fileURLWithPath: path, isDirectory: true)
}

/// A failure of the benchmark itself, said in words.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
