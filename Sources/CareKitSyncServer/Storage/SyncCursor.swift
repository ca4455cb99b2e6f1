import Foundation

/// Where a page of a pull ends: the revision and the position of its last version delivered.
public struct SyncCursor: Hashable, Sendable, LosslessStringConvertible {
    public var sequence: Int64
    public var position: Int64

    public init(sequence: Int64, position: Int64) {
        self.sequence = sequence
        self.position = position
    }

    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let sequence = Int64(parts[0]), let position = Int64(parts[1]), sequence >= 0, position >= 0 else { return nil }
        self.init(sequence: sequence, position: position)
    }

    public var description: String { "\(sequence).\(position)" }
}
