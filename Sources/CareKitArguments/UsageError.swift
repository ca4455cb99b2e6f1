/// A mistake in how a command was called (a tool exits 2 on it).
public struct UsageError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, as a sentence for the person who typed it.
    public var description: String

    /// A usage error that says `description`.
    public init(_ description: String) { self.description = description }
}
