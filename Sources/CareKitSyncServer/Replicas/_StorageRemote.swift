import CareKitStore
import Foundation

/// A remote over the server's own storage for one patient: pulls read the patient's revisions
/// exactly as a device's pull would receive them (the same pages, decoded from the same JSON).
/// Pushes are dropped, because a read never writes to the server, unless the remote is made
/// `writing` (the dashboard's plan changes): then they are stored as a device's push is, in one
/// transaction, and reach the patient's devices with their next pull.
package final class _StorageRemote: OCKRemoteSynchronizable, @unchecked Sendable {
    private let storage: any SyncStorage
    private let patient: Int64
    private let writing: Bool
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private weak var storedDelegate: (any OCKRemoteSynchronizationDelegate)?

    package init(storage: any SyncStorage, patient: Int64, writing: Bool = false, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.patient = patient
        self.writing = writing
        self.clock = clock
    }

    package var delegate: (any OCKRemoteSynchronizationDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    package var automaticallySynchronizes: Bool { false }

    package func pullRevisions(
        since knowledgeVector: OCKRevisionRecord.KnowledgeVector,
        mergeRevision: @escaping @Sendable (OCKRevisionRecord) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        do {
            // Each stored version's JSON is decoded as a device decodes it; the last page's
            // knowledge arrives as a revision without entities, as on the wire.
            let decoder = JSONDecoder()
            var cursor: SyncCursor?
            repeat {
                let page = try storage.pull(patient: patient, since: knowledgeVector, after: cursor, limit: SyncService.maximumVersionsPerRequest)
                for revision in page.revisions {
                    let entities = try revision.versions.map { try decoder.decode(OCKEntity.self, from: $0.json) }
                    mergeRevision(OCKRevisionRecord(entities: entities, knowledgeVector: revision.knowledgeVector))
                }
                if let knowledge = page.knowledge { mergeRevision(OCKRevisionRecord(entities: [], knowledgeVector: knowledge)) }
                cursor = page.next
            } while cursor != nil
            completion(nil)
        } catch {
            completion(error)
        }
    }

    package func pushRevisions(
        deviceRevisions: [OCKRevisionRecord], deviceKnowledge: OCKRevisionRecord.KnowledgeVector,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        guard writing else { completion(nil); return }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let revisions = try deviceRevisions.map { revision in
                SyncStoredRevision(
                    knowledgeVector: revision.knowledgeVector,
                    versions: try revision.entities.map { SyncStoredVersion(uuid: $0.uuid, json: try encoder.encode($0)) })
            }
            _ = try storage.push(patient: patient, revisions: revisions, deviceKnowledge: deviceKnowledge, at: clock())
            completion(nil)
        } catch {
            completion(error)
        }
    }
}
