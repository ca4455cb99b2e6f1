/// A value a command takes by position (`TASK`).
package struct Positional: Hashable, Sendable {
    /// The placeholder in help and usage: `TASK`.
    package let name: String
    /// What the value is.
    package let help: String

    /// A positional value named `name` in help.
    package init(name: String, help: String) {
        self.name = name
        self.help = help
    }
}
