import Foundation

/// The command line of `carekit-bench`.
struct Options: Sendable {
    /// Small sizes and few runs: a smoke run that finishes in under a minute.
    var quick = false
    /// Print the table as Markdown (for docs/PERFORMANCE.md) instead of aligned text.
    var markdown = false
    /// Measured runs per figure (each figure is the median of these); nil: the mode's default.
    var runs: Int?
    /// Only these parts (1–7); empty: all of them.
    var only: Set<Int> = []
    /// Where the run creates its own folder for the stores; by default the temporary directory.
    var directory: URL?
    /// Keep the stores on disk after the run.
    var keep = false

    static let usage = """
        usage: carekit-bench [--quick] [--markdown] [--runs N] [--only 1,3,...] [--dir PATH] [--keep]
                            

          --quick        small stores and few runs (a smoke run, under a minute); never fails on timings
          --markdown     print the table as Markdown (for docs/PERFORMANCE.md)
          --runs N       measured runs per figure (default 5, 3 with --quick); a warm-up run comes first
          --only LIST    run only these parts (1-7), e.g. --only 1,3
          --dir PATH     write the stores in a new folder inside PATH (default: inside $TMPDIR);
                         only that folder is removed afterwards
          --keep         keep the stores after the run

        Run it in release mode: swift run -c release carekit-bench
        """

    /// Parses the arguments; throws a message for the user on a bad one.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws(UsageError) -> String {
            guard let value = iterator.next() else { throw UsageError("\(flag) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": options.quick = true
            case "--markdown": options.markdown = true
            case "--keep": options.keep = true
            case "--runs":
                let text = try value(argument)
                guard let runs = Int(text), runs >= 1 else { throw UsageError("--runs needs a positive number, not '\(text)'") }
                options.runs = runs
            case "--only":
                let text = try value(argument)
                let parts = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !parts.isEmpty, parts.allSatisfy((1...7).contains) else {
                    throw UsageError("--only needs part numbers from 1 to 7, such as 1,3 (got '\(text)')")
                }
                options.only = Set(parts)
            case "--dir": options.directory = URL(fileURLWithPath: try value(argument), isDirectory: true)
            case "-h", "--help": throw UsageError(nil)
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        return options
    }

    /// Whether part `number` should run.
    func runs(part number: Int) -> Bool { only.isEmpty || only.contains(number) }

    /// Measured runs per figure.
    var measuredRuns: Int { runs ?? (quick ? 3 : 5) }
}

/// A bad command line; `message` nil means help was asked for.
struct UsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}
