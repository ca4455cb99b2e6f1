/// A mistake in how a command was called (a tool exits 2 on it).
package struct UsageError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, as a sentence for the person who typed it.
    package var description: String

    /// A usage error that says `description`.
    package init(_ description: String) { self.description = description }
}
