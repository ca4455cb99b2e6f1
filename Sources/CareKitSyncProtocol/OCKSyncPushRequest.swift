import CareKitStore
import Foundation

/// `POST sync/v1/push`: versions the server has not seen. `deviceKnowledge` is sent with the
/// last request of a push only: it tells the server everything the device knew.
public struct OCKSyncPushRequest: Codable, Hashable, Sendable {
    public var revisions: [OCKRevisionRecord]
    public var deviceKnowledge: OCKRevisionRecord.KnowledgeVector?

    public init(revisions: [OCKRevisionRecord], deviceKnowledge: OCKRevisionRecord.KnowledgeVector?) {
        self.revisions = revisions
        self.deviceKnowledge = deviceKnowledge
    }
}
