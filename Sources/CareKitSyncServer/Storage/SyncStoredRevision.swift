import CareKitStore
import Foundation

/// One revision as stored: the versions a device pushed under one knowledge vector.
public struct SyncStoredRevision: Hashable, Sendable {
    public var knowledgeVector: OCKRevisionRecord.KnowledgeVector
    public var versions: [SyncStoredVersion]

    public init(knowledgeVector: OCKRevisionRecord.KnowledgeVector, versions: [SyncStoredVersion]) {
        self.knowledgeVector = knowledgeVector
        self.versions = versions
    }
}
