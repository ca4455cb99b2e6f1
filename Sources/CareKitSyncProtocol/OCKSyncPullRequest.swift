import CareKitStore
import Foundation

/// `POST sync/v1/pull`: every revision the server holds that `knowledgeVector` does not cover.
public struct OCKSyncPullRequest: Codable, Hashable, Sendable {
    /// What the device already knows.
    public var knowledgeVector: OCKRevisionRecord.KnowledgeVector
    /// Where the previous page ended; nil for the first page.
    public var cursor: String?
    /// The most versions the device wants in this page.
    public var limit: Int?

    public init(knowledgeVector: OCKRevisionRecord.KnowledgeVector, cursor: String? = nil, limit: Int? = nil) {
        self.knowledgeVector = knowledgeVector
        self.cursor = cursor
        self.limit = limit
    }
}
