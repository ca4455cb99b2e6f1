/// A value a command takes by position (`TASK`).
public struct Positional: Hashable, Sendable {
    /// The placeholder in help and usage: `TASK`.
    public let name: String
    /// What the value is.
    public let help: String

    /// A positional value named `name` in help.
    public init(name: String, help: String) {
        self.name = name
        self.help = help
    }
}
