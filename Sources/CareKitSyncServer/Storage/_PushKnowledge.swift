import CareKitStore
import Foundation

/// What a push does to a patient's knowledge, the same for every storage. The device's
/// knowledge is taken in only as far as the server holds versions for it: each process's clock
/// at most the largest clock any stored revision's vector (this push's included) gives it, so a
/// device that claims another's process at a million cannot make that one's next versions look
/// known (and so never pushed). A patient's vectors may name at most
/// ``SyncService/maximumProcesses`` processes, so that no push can make every later pull slow.
enum _PushKnowledge {
    /// The patient's knowledge after the push; throws (a refusal) when it would name too many
    /// processes.
    static func after(
        _ current: OCKRevisionRecord.KnowledgeVector, revisions: [SyncStoredRevision], device: OCKRevisionRecord.KnowledgeVector?
    ) throws -> OCKRevisionRecord.KnowledgeVector {
        var bound = current
        for revision in revisions { bound.merge(with: revision.knowledgeVector) }
        guard bound.processes.count <= SyncService.maximumProcesses else {
            throw SyncStorageError(
                "This push would make the patient's devices use \(bound.processes.count) processes (store files); at most \(SyncService.maximumProcesses) are kept. Nothing was stored.",
                isConflict: true)
        }
        guard let device else { return current }
        var accepted: [UUID: Int] = [:]
        for (process, clock) in device.processes {
            let allowed = min(clock, bound.clock(for: process))
            if allowed > 0 { accepted[process] = allowed }
        }
        var result = current
        result.merge(with: OCKRevisionRecord.KnowledgeVector(accepted))
        return result
    }

    /// Whether a push would change nothing for a patient who knows `current`: it carries no
    /// version, and the device's knowledge adds nothing the server may take in. Such a push
    /// (an idle device's) is answered without a write transaction. Throws as ``after(_:revisions:device:)``.
    static func changesNothing(
        _ current: OCKRevisionRecord.KnowledgeVector, revisions: [SyncStoredRevision], device: OCKRevisionRecord.KnowledgeVector?
    ) throws -> Bool {
        try revisions.allSatisfy(\.versions.isEmpty) && after(current, revisions: revisions, device: device) == current
    }
}
