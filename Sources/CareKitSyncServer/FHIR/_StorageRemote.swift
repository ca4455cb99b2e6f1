import CareKitRemote
import CareKitStore
import Foundation

/// A remote over the server's own storage for one patient: pulls read the patient's revisions
/// exactly as a device's pull would receive them (the same pages, decoded from the same JSON);
/// pushes are dropped, because a read never writes to the server.
final class _StorageRemote: OCKRemoteSynchronizable, @unchecked Sendable {
    private let storage: any SyncStorage
    private let patient: Int64
    private let lock = NSLock()
    private weak var storedDelegate: (any OCKRemoteSynchronizationDelegate)?

    init(storage: any SyncStorage, patient: Int64) {
        self.storage = storage
        self.patient = patient
    }

    var delegate: (any OCKRemoteSynchronizationDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    var automaticallySynchronizes: Bool { false }

    func pullRevisions(
        since knowledgeVector: OCKRevisionRecord.KnowledgeVector,
        mergeRevision: @escaping @Sendable (OCKRevisionRecord) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        do {
            var cursor: SyncCursor?
            repeat {
                let page = try storage.pull(patient: patient, since: knowledgeVector, after: cursor, limit: SyncService.maximumVersionsPerRequest)
                let decoded = try JSONDecoder().decode(OCKSyncPullPage.self, from: SyncService.encode(page))
                for revision in decoded.revisions { mergeRevision(revision) }
                cursor = page.next
            } while cursor != nil
            completion(nil)
        } catch {
            completion(error)
        }
    }

    func pushRevisions(
        deviceRevisions: [OCKRevisionRecord], deviceKnowledge: OCKRevisionRecord.KnowledgeVector,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        completion(nil)
    }
}
