import Foundation

/// A command's declaration: everything its parsing and its help come from.
///
/// A tool declares each command once, and its parsing, its usage line and its help all come
/// from that declaration, so help cannot list an option the command does not parse, or leave
/// one out.
package struct CommandSpec: Sendable {
    /// The tool, as typed: `carekit`, `carekit-bench`.
    package let tool: String
    /// The command after the tool's name (`log`), or nil for a tool without commands.
    package let name: String?
    /// What the command does, in one sentence.
    package let summary: String
    /// The values it takes by position, in order.
    package let positionals: [Positional]
    /// The options it parses (besides `--help`, which every command has).
    package let declaredOptions: [Option]
    /// Further paragraphs of help, if any.
    package let details: String?
    /// The text of the summary, the options' and positionals' help and the details in the
    /// reader's language: a tool whose help is translated gives its table's lookup. Text it
    /// leaves as it is (`--help`'s own) is looked up in CareKitArguments' table.
    package var translate: @Sendable (String) -> String = { $0 }

    /// A command of `tool` named `name` (nil: the tool itself).
    package init(tool: String, name: String? = nil, summary: String, positionals: [Positional] = [], options: [Option], details: String? = nil) {
        self.tool = tool
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.declaredOptions = options
        self.details = details
    }

    /// Every option the command parses, `--help` last.
    package var options: [Option] { declaredOptions + [.help] }

    /// How the command is typed: `carekit log`, `carekit-bench`.
    package var invocation: String { ([tool] + (name.map { [$0] } ?? [])).joined(separator: " ") }

    /// `carekit log TASK VALUE [--unit U] … [--store PATH]`.
    package var synopsis: String {
        ([invocation] + positionals.map(\.name) + declaredOptions.map(\.usage)).joined(separator: " ")
    }

    /// The help text, made from the declaration.
    package var help: String {
        var lines = [loc("usage: {synopsis}", ["synopsis": synopsis]), "", HelpText.wrap(localized(summary), width: HelpText.width)]
        let rows = positionals.map { ($0.name, localized($0.help)) } + options.map { ($0.spelling, localized($0.help)) }
        let column = min((rows.map(\.0.count).max() ?? 0) + 4, 26)
        if !positionals.isEmpty {
            lines += ["", loc("Arguments:")]
            lines += rows.prefix(positionals.count).map { HelpText.row($0.0, $0.1, column: column) }
        }
        lines += ["", loc("Options:")]
        lines += rows.dropFirst(positionals.count).map { HelpText.row($0.0, $0.1, column: column) }
        if let details {
            for paragraph in localized(details).components(separatedBy: "\n\n") {
                lines += ["", HelpText.wrap(paragraph.replacingOccurrences(of: "\n", with: " "), width: HelpText.width)]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A text of the help in the reader's language: the tool's translation, else
    /// CareKitArguments' own (for `--help`), else the text itself.
    private func localized(_ text: String) -> String {
        let translated = translate(text)
        return translated != text ? translated : loc(text)
    }

    /// Parses the arguments after the command's name. Unknown options, missing or extra
    /// values, repeated options and a wrong number of positionals are usage errors; with
    /// `--help` only the options are checked.
    ///
    /// An argument that starts with "-" and a digit or a point ("-5", "-0.5", "-.5") is a
    /// value, not an option; after "--" every argument is a value.
    package func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
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
                throw UsageError(loc("--{option} was given more than once.", ["option": option.name]))
            }
            if option.isFlag {
                guard inlineValue == nil else { throw UsageError(loc("--{option} takes no value.", ["option": option.name])) }
                parsed.flags.insert(option.name)
                continue
            }
            if let inlineValue {
                parsed.values[option.name] = inlineValue
                continue
            }
            guard index < arguments.count else {
                throw UsageError(loc("--{option} needs a value ({value}).", ["option": option.name, "value": option.value ?? ""]))
            }
            let value = arguments[index]
            if value.hasPrefix("--") && value.count > 2 {
                throw UsageError(loc("--{option} needs a value ({value}), not the option {given}.", ["option": option.name, "value": option.value ?? "", "given": value]))
            }
            parsed.values[option.name] = value
            index += 1
        }
        if parsed.has(.help) { return parsed }
        guard parsed.positionals.count == positionals.count else {
            let expected = positionals.map(\.name).joined(separator: " ")
            if positionals.isEmpty {
                throw UsageError(loc("`{command}` takes no positional arguments (got '{value}').", ["command": invocation, "value": parsed.positionals[0]]))
            }
            if parsed.positionals.count > positionals.count {
                throw UsageError(loc("`{command}` takes {expected}; '{value}' is one too many.", ["command": invocation, "expected": expected, "value": parsed.positionals[positionals.count]]))
            }
            throw UsageError(loc("`{command}` needs {expected}.", ["command": invocation, "expected": expected]))
        }
        return parsed
    }

    /// Whether `argument` is an option rather than a value.
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
        let message = loc("Unknown option {option} for `{command}`.", ["option": argument, "command": invocation])
        let guess = Suggestion.closest(to: String(words), in: options.map(\.name)).map { " " + loc("Did you mean --{option}?", ["option": $0]) } ?? ""
        throw UsageError(message + guess)
    }
}
