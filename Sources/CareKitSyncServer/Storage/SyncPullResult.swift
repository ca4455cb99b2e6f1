import CareKitStore
import Foundation

/// One page of a pull, as storage returns it.
public struct SyncPullResult: Hashable, Sendable {
    /// The revisions of this page, in the order they were stored.
    public var revisions: [SyncStoredRevision]
    /// Where the next page starts; nil on the last page.
    public var next: SyncCursor?
    /// On the last page, everything the server knows for the patient.
    public var knowledge: OCKRevisionRecord.KnowledgeVector?
}
