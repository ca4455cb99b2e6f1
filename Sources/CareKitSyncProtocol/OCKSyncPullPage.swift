import CareKitStore
import Foundation

/// One page of a pull. While `cursor` is set, more pages follow; the last page ends with a
/// revision without entities that carries the server's whole knowledge.
public struct OCKSyncPullPage: Codable, Hashable, Sendable {
    public var revisions: [OCKRevisionRecord]
    public var cursor: String?

    public init(revisions: [OCKRevisionRecord], cursor: String?) {
        self.revisions = revisions
        self.cursor = cursor
    }
}
