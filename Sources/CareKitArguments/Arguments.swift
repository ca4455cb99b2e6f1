/// What a command was given, by its declaration.
public struct Arguments: Sendable {
    /// The declaration the arguments were parsed by.
    public let command: CommandSpec
    /// The values given by position, in order.
    public internal(set) var positionals: [String] = []
    /// The options given with a value, by name.
    var values: [String: String] = [:]
    /// The flags given, by name.
    var flags: Set<String> = []

    init(command: CommandSpec) {
        self.command = command
    }

    /// Whether the flag was given.
    public func has(_ flag: Option) -> Bool { flags.contains(flag.name) }

    /// The option's value, if it was given.
    public subscript(option: Option) -> String? { values[option.name] }

    /// The option's value as a whole number, if it was given.
    public func integer(_ option: Option) throws(UsageError) -> Int? {
        guard let text = values[option.name] else { return nil }
        guard let value = Int(text) else { throw UsageError(loc("--{option} must be a whole number, not '{value}'.", ["option": option.name, "value": text])) }
        return value
    }
}
