import Foundation

/// A remote that a store synchronizes with: a server, another device, a test double.
///
/// A store pulls first (``pullRevisions(since:mergeRevision:completion:)``), merges what it
/// got, resolves conflicts (``chooseConflictResolution(conflicts:completion:)``), then pushes
/// what the remote has not seen (``pushRevisions(deviceRevisions:deviceKnowledge:completion:)``).
/// Implementations call their completion handlers exactly once, on any thread.
public protocol OCKRemoteSynchronizable: AnyObject, Sendable {
    /// Told when the remote wants a synchronization, and of its progress. Usually the store;
    /// implementations hold it weakly.
    var delegate: (any OCKRemoteSynchronizationDelegate)? { get set }

    /// Whether the store synchronizes by itself after its writes (coalesced: one
    /// synchronization for a burst of writes, never one per write).
    var automaticallySynchronizes: Bool { get }

    /// Sends every revision the remote has that is not covered by `knowledgeVector` to
    /// `mergeRevision`, in any number of calls, then calls `completion`. The last revision
    /// should carry the remote's whole knowledge (a revision without entities does).
    func pullRevisions(
        since knowledgeVector: OCKRevisionRecord.KnowledgeVector,
        mergeRevision: @escaping @Sendable (OCKRevisionRecord) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void)

    /// Receives the revisions this device wrote that the remote has not seen, and the device's
    /// knowledge when it computed them.
    func pushRevisions(
        deviceRevisions: [OCKRevisionRecord],
        deviceKnowledge: OCKRevisionRecord.KnowledgeVector,
        completion: @escaping @Sendable ((any Error)?) -> Void)

    /// Picks which of several concurrent versions of one entity to keep (`conflicts` are the
    /// tips of one id, of one kind). The store writes a version with the keeper's content that
    /// follows all of them.
    func chooseConflictResolution(conflicts: [OCKEntity], completion: @escaping OCKResultClosure<OCKEntity>)
}

/// What a remote tells the store it synchronizes.
public protocol OCKRemoteSynchronizationDelegate: AnyObject, Sendable {
    /// The remote has news (a push notification, a change on the server): synchronize.
    func didRequestSynchronization(_ remote: any OCKRemoteSynchronizable)
    /// How far the current synchronization has come, from 0 to 1.
    func remote(_ remote: any OCKRemoteSynchronizable, didUpdateProgress progress: Double)
}

extension OCKRemoteSynchronizable {
    /// Keeps the version written last (greatest `updatedDate`, then `createdDate`, then uuid):
    /// "last write wins", as CareKit's watch peer says it does (its code keeps the earliest).
    public func chooseConflictResolution(conflicts: [OCKEntity], completion: @escaping OCKResultClosure<OCKEntity>) {
        guard let keeper = OCKEntity.lastWritten(conflicts) else {
            completion(.failure(.remoteSynchronizationFailed(reason: loc("There was no version to choose from."))))
            return
        }
        completion(.success(keeper))
    }
}

extension OCKEntity {
    /// The version written last: greatest `updatedDate` (then `createdDate`, then uuid, so
    /// every replica picks the same one).
    public static func lastWritten(_ versions: [OCKEntity]) -> OCKEntity? {
        versions.max { lhs, rhs in
            let left = (lhs.versioned.updatedDate ?? .distantPast, lhs.versioned.createdDate ?? .distantPast, lhs.uuid.uuidString)
            let right = (rhs.versioned.updatedDate ?? .distantPast, rhs.versioned.createdDate ?? .distantPast, rhs.uuid.uuidString)
            return left < right
        }
    }
}
