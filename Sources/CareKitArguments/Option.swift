/// One option a command accepts: `--name VALUE`, `--name=VALUE`, or a flag `--name`.
package struct Option: Hashable, Sendable {
    /// The long spelling without its dashes: `output` for `--output`.
    package let name: String
    /// A one-letter spelling (`-o`), if any.
    package let short: Character?
    /// The value's placeholder in help (`PATH`); nil for a flag, which takes no value.
    package let value: String?
    /// What the option does, in a sentence or two.
    package let help: String

    /// An option; `value` names its value in help, or is nil for a flag.
    package init(_ name: String, short: Character? = nil, value: String? = nil, _ help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    /// Whether the option is a flag, which takes no value.
    package var isFlag: Bool { value == nil }

    /// `--name VALUE` or `-o, --output FILE`, as help lists it.
    package var spelling: String {
        (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "")
    }

    /// `[--name VALUE]` or `[-o FILE]`, as a usage line shows it.
    var usage: String {
        "[" + (short.map { "-\($0)" } ?? "--\(name)") + (value.map { " \($0)" } ?? "") + "]"
    }

    /// `-h, --help`, which every command has.
    package static let help = Option("help", short: "h", loc.key("Shows this help."))
}
