import Foundation

/// One option a command accepts: `--name VALUE`, `--name=VALUE`, or a flag `--name`.
struct Option: Hashable, Sendable {
    let name: String
    /// A one-letter spelling (`-o`), if any.
    let short: Character?
    /// The value's placeholder in help (`PATH`); nil for a flag, which takes no value.
    let value: String?
    let help: String

    init(_ name: String, short: Character? = nil, value: String? = nil, _ help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    var isFlag: Bool { value == nil }

    /// `--name VALUE` or `-o, --output FILE`, as help lists it.
    var spelling: String {
        (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "")
    }

    static let store = Option("store", value: "PATH", "The store (default $XDG_DATA_HOME/CareKit/carekit.sqlite).")
    static let date = Option("date", value: "YYYY-MM-DD", "The day, in local time (default: today).")
    static let json = Option("json", "Writes JSON instead of a table.")
    static let occurrence = Option("occurrence", value: "N", "The task's occurrence N (counted from 0 since the schedule's start) instead of the day's.")
    static let output = Option("output", short: "o", value: "FILE", "Where to write (created private to you, 0600); \"-\" is standard output.")
    static let help = Option("help", short: "h", "Shows this help.")
}

/// A value a command takes by position (`TASK`).
struct Positional: Hashable, Sendable {
    let name: String
    let help: String
}

/// A command's declaration: everything its parsing and its help come from.
struct CommandSpec: Sendable {
    let name: String
    /// What the command does, in one sentence.
    let summary: String
    let positionals: [Positional]
    /// The options it parses (besides `--help`, which every command has).
    let declaredOptions: [Option]
    /// Further paragraphs of help, if any.
    let details: String?

    init(_ name: String, _ summary: String, positionals: [Positional] = [], options: [Option], details: String? = nil) {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.declaredOptions = options
        self.details = details
    }

    /// Every option the command parses, `--help` last.
    var options: [Option] { declaredOptions + [.help] }

    /// `carekit log TASK VALUE [--unit U] … [--store PATH]`.
    var synopsis: String {
        (["carekit", name] + positionals.map(\.name) + declaredOptions.map { "[" + ($0.short.map { "-\($0)" } ?? "--\($0.name)") + ($0.value.map { " \($0)" } ?? "") + "]" })
            .joined(separator: " ")
    }

    /// The help text, made from the declaration.
    var help: String {
        var lines = ["usage: \(synopsis)", "", HelpText.wrap(summary, width: HelpText.width)]
        let rows = positionals.map { ($0.name, $0.help) } + options.map { ($0.spelling, $0.help) }
        let column = min((rows.map(\.0.count).max() ?? 0) + 4, 26)
        if !positionals.isEmpty {
            lines += ["", "Arguments:"]
            lines += positionals.map { HelpText.row($0.name, $0.help, column: column) }
        }
        lines += ["", "Options:"]
        lines += options.map { HelpText.row($0.spelling, $0.help, column: column) }
        if let details {
            for paragraph in details.components(separatedBy: "\n\n") {
                lines += ["", HelpText.wrap(paragraph.replacingOccurrences(of: "\n", with: " "), width: HelpText.width)]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Parses the arguments after the command's name. Unknown options, missing or extra
    /// values, repeated options and a wrong number of positionals are usage errors; with
    /// `--help` only the options are checked.
    ///
    /// An argument that starts with "-" and a digit or a point ("-5", "-0.5", "-.5") is a
    /// value, not an option; after "--" every argument is a value.
    func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        var parsed = Arguments(command: self)
        var index = 0
        var onlyValues = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyValues || !Self.looksLikeOption(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyValues = true
                continue
            }
            let (option, inlineValue) = try option(for: argument)
            guard parsed.values[option.name] == nil && !parsed.flags.contains(option.name) else {
                throw UsageError("--\(option.name) was given more than once.")
            }
            if option.isFlag {
                guard inlineValue == nil else { throw UsageError("--\(option.name) takes no value.") }
                parsed.flags.insert(option.name)
                continue
            }
            if let inlineValue {
                parsed.values[option.name] = inlineValue
                continue
            }
            guard index < arguments.count else {
                throw UsageError("--\(option.name) needs a value (\(option.value ?? "")).")
            }
            let value = arguments[index]
            if value.hasPrefix("--") && value.count > 2 {
                throw UsageError("--\(option.name) needs a value (\(option.value ?? "")), not the option \(value).")
            }
            parsed.values[option.name] = value
            index += 1
        }
        if parsed.has(.help) { return parsed }
        guard parsed.positionals.count == positionals.count else {
            let expected = positionals.map(\.name).joined(separator: " ")
            if positionals.isEmpty {
                throw UsageError("`carekit \(name)` takes no positional arguments (got '\(parsed.positionals[0])').")
            }
            if parsed.positionals.count > positionals.count {
                throw UsageError("`carekit \(name)` takes \(expected); '\(parsed.positionals[positionals.count])' is one too many.")
            }
            throw UsageError("`carekit \(name)` needs \(expected).")
        }
        return parsed
    }

    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let next = argument.dropFirst().first
        return !(next?.isASCII == true && (next?.isNumber == true || next == "."))
    }

    /// The declared option an argument names, and its `=value` if it has one.
    private func option(for argument: String) throws(UsageError) -> (Option, String?) {
        if argument.hasPrefix("--") {
            var given = argument.dropFirst(2)
            var inlineValue: String?
            if let equals = given.firstIndex(of: "=") {
                inlineValue = String(given[given.index(after: equals)...])
                given = given[..<equals]
            }
            if let match = options.first(where: { $0.name == given }) { return (match, inlineValue) }
        } else if argument.count == 2, let letter = argument.last, let match = options.first(where: { $0.short == letter }) {
            return (match, nil)
        }
        let words = argument.drop(while: { $0 == "-" }).prefix { $0 != "=" }
        let guess = Suggestion.closest(to: String(words), in: options.map(\.name)).map { " Did you mean --\($0)?" } ?? ""
        throw UsageError("Unknown option \(argument) for `carekit \(name)`.\(guess)")
    }
}

/// What a command was given, by its declaration.
struct Arguments {
    let command: CommandSpec
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    init(command: CommandSpec) {
        self.command = command
    }

    func has(_ flag: Option) -> Bool { flags.contains(flag.name) }
    subscript(option: Option) -> String? { values[option.name] }

    func integer(_ option: Option) throws(UsageError) -> Int? {
        guard let text = values[option.name] else { return nil }
        guard let value = Int(text) else { throw UsageError("--\(option.name) must be a whole number, not '\(text)'.") }
        return value
    }
}

/// A mistake in how the command was called (exit code 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Help text laid out for an 80-column terminal.
enum HelpText {
    static let width = 80

    /// `  NAME      help`, the help wrapped and aligned at `column`.
    static func row(_ name: String, _ help: String, column: Int) -> String {
        let lead = "  " + name
        let wrapped = wrap(help, width: width - column).split(separator: "\n", omittingEmptySubsequences: false)
        let indent = String(repeating: " ", count: column)
        var lines: [String] = []
        for (index, line) in wrapped.enumerated() {
            if index == 0 {
                lines.append(lead.count + 2 <= column ? lead.padding(toLength: column, withPad: " ", startingAt: 0) + line : lead + "\n" + indent + line)
            } else {
                lines.append(indent + line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The text's words in lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

/// "Did you mean …?" for a name typed wrongly.
enum Suggestion {
    /// The candidate equal to `name` but for case, else the nearest within a few edits.
    static func closest(to name: String, in candidates: [String]) -> String? {
        if let match = candidates.first(where: { $0.lowercased() == name.lowercased() }) { return match }
        let limit = max(1, min(3, name.count / 3))
        let scored = candidates.map { ($0, distance(name.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance: insertions, deletions and substitutions.
    ///
    /// - Complexity: O(*m* × *n*).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
