/// What a command was given, by its declaration.
package struct Arguments: Sendable {
    /// The declaration the arguments were parsed by.
    package let command: CommandSpec
    /// The values given by position, in order.
    package internal(set) var positionals: [String] = []
    /// The options given with a value, by name.
    var values: [String: String] = [:]
    /// The flags given, by name.
    var flags: Set<String> = []

    init(command: CommandSpec) {
        self.command = command
    }

    /// Whether the flag was given.
    package func has(_ flag: Option) -> Bool { flags.contains(flag.name) }

    /// The option's value, if it was given.
    package subscript(option: Option) -> String? { values[option.name] }

    /// The option's value as a whole number, if it was given.
    package func integer(_ option: Option) throws(UsageError) -> Int? {
        guard let text = values[option.name] else { return nil }
        guard let value = Int(text) else { throw UsageError(loc("--{option} must be a whole number, not '{value}'.", ["option": option.name, "value": text])) }
        return value
    }
}
