import Foundation

/// A storage failure, said for the server's log and its 5xx answer.
public struct SyncStorageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// Whether the request was wrong (a name taken) rather than the storage failing.
    public var isConflict: Bool

    public init(_ description: String, isConflict: Bool = false) {
        self.description = description
        self.isConflict = isConflict
    }
}
