import CareKitArguments
import Foundation

/// The command line of `carekit-bench`.
struct Options: Sendable {
    /// Small sizes and few runs: a smoke run that finishes in under a minute.
    var quick = false
    /// Print the table as Markdown (for docs/PERFORMANCE.md) instead of aligned text.
    var markdown = false
    /// Measured runs per figure (each figure is the median of these); nil: the mode's default.
    var runs: Int?
    /// Only these parts (1–9); empty: all of them.
    var only: Set<Int> = []
    /// Where the run creates its own folder for the stores; by default the temporary directory.
    var directory: URL?
    /// Keep the stores on disk after the run.
    var keep = false
    /// Only render part 7's uncached Care Card this many times in-process (a profiling driver).
    var profileRenders: Int?
    /// The address `--profile-render` asks for (the Care Card by default).
    var profilePath = "/care-card"
    /// `--profile-render` with the daily pages' cards built every time (no card cache).
    var profileWithoutCardCache = false
    /// After `--profile-render`'s renders, this many earlier days' Care Cards rendered once each,
    /// to fill the card cache and measure what it holds.
    var profileFillDays = 0
    /// Only seed this many of part 9's patients and time the patient list in-process (a profiling driver).
    var profileList: Int?

    static let quickOption = Option("quick", "Small stores and few runs (a smoke run, under a minute); never fails on timings.")
    static let markdownOption = Option("markdown", "Prints the table as Markdown (for docs/PERFORMANCE.md).")
    static let runsOption = Option("runs", value: "N", "Measured runs per figure (default 5, 3 with --quick); a warm-up run comes first.")
    static let onlyOption = Option("only", value: "LIST", "Runs only these parts (1-10), e.g. --only 1,3; part 9 needs PostgreSQL (CAREKIT_BENCH_POSTGRES).")
    static let dirOption = Option("dir", value: "PATH", "Writes the stores in a new folder inside PATH (default: inside $TMPDIR); only that folder is removed afterwards.")
    static let keepOption = Option("keep", "Keeps the stores after the run.")
    static let profileRenderOption = Option(
        "profile-render", value: "N",
        "Measures nothing: renders part 7's Care Card from the store (page cache off) N times in-process and prints the last page, a driver for valgrind --tool=callgrind.")
    static let profileNoCardCacheOption = Option(
        "profile-no-card-cache", "With --profile-render: builds every card each time (the server's card cache off), to count what the cache saves.")
    static let profileFillDaysOption = Option(
        "profile-fill-days", value: "N",
        "With --profile-render: then renders the Care Card of the N days before once each (filling the card cache) and logs the heap the cache holds.")
    static let profilePathOption = Option(
        "profile-path", value: "PATH", "The address --profile-render asks for (default /care-card; /healthz for the cost of a request without a page).")

    static let profileListOption = Option(
        "profile-list", value: "N",
        "Measures nothing: seeds N of part 9's patients into a sync server on SQLite and times the care team's patient list in-process, a driver for valgrind --tool=callgrind.")

    /// The declaration `carekit-bench` parses with and makes its help from.
    static let spec = CommandSpec(
        tool: "carekit-bench",
        summary: "Builds realistic stores on disk and prints one table of figures, each with a baseline measured in the same run and the ratio between them.",
        options: [
            quickOption, markdownOption, runsOption, onlyOption, dirOption, keepOption, profileRenderOption, profilePathOption, profileNoCardCacheOption,
            profileFillDaysOption, profileListOption
        ],
        details: "Run it in release mode: swift run -c release carekit-bench")

    /// The options on the command line, or nil when it asks for help.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        let parsed = try spec.parse(arguments)
        if parsed.has(.help) { return nil }
        var options = Options()
        options.quick = parsed.has(quickOption)
        options.markdown = parsed.has(markdownOption)
        options.keep = parsed.has(keepOption)
        if let text = parsed[runsOption] {
            guard let runs = Int(text), runs >= 1 else { throw UsageError("--runs needs a positive number, not '\(text)'.") }
            options.runs = runs
        }
        if let text = parsed[onlyOption] {
            let parts = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parts.isEmpty, parts.allSatisfy((1...10).contains) else {
                throw UsageError("--only needs part numbers from 1 to 9, such as 1,3 (got '\(text)').")
            }
            options.only = Set(parts)
        }
        if let text = parsed[profileRenderOption] {
            guard let count = Int(text), count >= 1 else { throw UsageError("--profile-render needs a positive number, not '\(text)'.") }
            options.profileRenders = count
        }
        options.profileWithoutCardCache = parsed.has(profileNoCardCacheOption)
        if let text = parsed[profileFillDaysOption] {
            guard let days = Int(text), days >= 0 else { throw UsageError("--profile-fill-days needs a number of days, not '\(text)'.") }
            options.profileFillDays = days
        }
        if let path = parsed[profilePathOption] {
            guard path.hasPrefix("/") else { throw UsageError("--profile-path needs an address starting with /, not '\(path)'.") }
            options.profilePath = path
        }
        if let text = parsed[profileListOption] {
            guard let count = Int(text), count >= 1 else { throw UsageError("--profile-list needs a positive number, not '\(text)'.") }
            options.profileList = count
        }
        options.directory = parsed[dirOption].map { URL(fileURLWithPath: $0, isDirectory: true) }
        return options
    }

    /// Whether part `number` should run.
    func runs(part number: Int) -> Bool { only.isEmpty || only.contains(number) }

    /// Measured runs per figure.
    var measuredRuns: Int { runs ?? (quick ? 3 : 5) }
}
