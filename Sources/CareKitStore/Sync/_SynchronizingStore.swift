import CareKitLocalization
import Foundation
import Synchronization

/// What a synchronization asks of a store's storage engine: each requirement is one read or
/// one transaction. The rest (the order of the steps, the coalescing of requests, the rounds
/// of conflict resolution, the exchange with the remote) is written once, in this protocol's
/// extension, and knows nothing of the engine. `OCKStore` answers the requirements in SQLite
/// (SQLite/OCKStore+Synchronization.swift).
/// What a push sends, read in the transaction that advanced the clock: the revisions the
/// remote has not seen, this store's knowledge then, and its process id.
typealias _PreparedPush = (revisions: [OCKRevisionRecord], knowledge: OCKRevisionRecord.KnowledgeVector, process: UUID)

protocol _SynchronizingStore: AnyObject, Sendable {
    /// The remote the store synchronizes with, if any.
    var remote: (any OCKRemoteSynchronizable)? { get }
    /// One synchronization at a time, the one waiting to start, the handlers.
    var synchronization: _SynchronizationState { get }
    /// Told `.everything` when versions arrived by a merge or a resolution.
    var changeNotifier: OCKStoreChangeNotifier { get }

    /// What this store knows (its knowledge vector), read without writing.
    func currentKnowledge() async throws -> OCKRevisionRecord.KnowledgeVector

    /// Takes a new process id when a remote that knows `remoteKnowledge` knows more of this
    /// store's process than this store knows it pushed (see ``_ProcessIdentity``): it got it
    /// from a copy or a restored backup of this store. Looked at first without writing.
    /// Returns whether it took one.
    func renewProcessIfCopied(remoteKnowledge: OCKRevisionRecord.KnowledgeVector) async throws -> Bool

    /// Whether there is nothing to exchange with a remote that knows `remoteKnowledge` (and
    /// sent nothing new), read without writing: this store holds no version the remote has not
    /// seen, the remote knows this store's clock only below its current value (so a version
    /// written next is not taken for one it has), and, when `lookingForConflicts`, no id has
    /// concurrent versions.
    func hasNothingToExchange(remoteKnowledge: OCKRevisionRecord.KnowledgeVector, lookingForConflicts: Bool) async throws -> Bool

    /// Stores the pulled versions, in one transaction with the knowledge they bring and a tick
    /// of this store's clock; what was stored, and the ids that received versions by kind (the
    /// only ids the merge may have left with concurrent versions).
    func merge(_ records: [OCKRevisionRecord]) async throws -> (OCKSynchronizationSummary, [String: Set<String>]?)

    /// The tips of every id with concurrent versions (among `ids`, by kind, when given), one
    /// list per id.
    func conflicts(among ids: [String: Set<String>]?) async throws -> [[OCKEntity]]

    /// Writes each keeper as a version that follows every one of the versions it settles, in
    /// one transaction; how many were written.
    func writeResolutions(_ keepers: [(keeper: OCKEntity, expected: Set<UUID>)]) async throws -> Int

    /// What a remote that knows `knowledge` has not seen, with this store's knowledge and
    /// process id at that moment, and the clock advanced, in one transaction.
    func revisionsToPush(
        since knowledge: OCKRevisionRecord.KnowledgeVector
    ) async throws -> _PreparedPush

    /// ``merge(_:)``, then, when the ids that received versions have no concurrent versions,
    /// ``revisionsToPush(since:)``, in **one** transaction: a synchronization with no conflict
    /// to settle (nearly every one) costs one durable write on the device before its push
    /// instead of two. `push` is nil when a conflict waits; the merge is stored all the same.
    func mergeThenRevisions(
        _ records: [OCKRevisionRecord], pushingSince knowledge: OCKRevisionRecord.KnowledgeVector
    ) async throws -> (summary: OCKSynchronizationSummary, merged: [String: Set<String>]?, push: _PreparedPush?)

    /// The remote acknowledged a push made with `clock` as this store's own clock, under
    /// `process`.
    func acknowledgePush(clock: Int, process: UUID) async throws
}

extension _SynchronizingStore {

    /// Pulls, merges, resolves conflicts and pushes; one synchronization at a time (a call
    /// made during one waits for it).
    func runSynchronization() async throws -> OCKSynchronizationSummary {
        guard let remote else {
            throw OCKStoreError.remoteSynchronizationFailed(reason: loc("This store has no remote; create it with OCKStore(name:type:remote:) to synchronize."))
        }
        await synchronization.gate.lock()
        defer { synchronization.gate.unlock() }
        return try await pullThenPush(remote)
    }

    /// Starts a synchronization soon, unless one is already waiting to start: a burst of writes
    /// is synchronized once.
    func requestSynchronization() {
        guard remote != nil, synchronization.schedule() else { return }
        _Concurrency.Task { [weak self] in
            try? await _Concurrency.Task.sleep(for: .milliseconds(200))
            guard let self else { return }
            self.synchronization.started()
            do {
                _ = try await self.runSynchronization()
                self.synchronization.finishedAutomatic(nil)
            } catch {
                self.synchronization.finishedAutomatic(error as? OCKStoreError ?? .remoteSynchronizationFailed(reason: "\(error)"))
            }
        }
    }

    /// After a local write: synchronize soon when the remote asks for it.
    func writeCommitted() {
        if let remote, remote.automaticallySynchronizes { requestSynchronization() }
    }

    private func pullThenPush(_ remote: any OCKRemoteSynchronizable) async throws -> OCKSynchronizationSummary {
        synchronization.report(0)
        // 1. Pull everything the remote has that this store's knowledge does not cover.
        var pulled = try await Self.pull(from: remote, since: try await currentKnowledge())
        // A remote that knows more of this store's process than this store knows it pushed got
        // it from another store with the same id (a copy, a restored backup): this store takes
        // a new id, stamps what was not acknowledged under it, and pulls again from what was.
        let renewed = try await renewProcessIfCopied(remoteKnowledge: Self.knowledge(of: pulled))
        if renewed {
            pulled = try await Self.pull(from: remote, since: try await currentKnowledge())
        }
        synchronization.report(0.3)
        let fullConflictScan = synchronization.takeFullConflictScan()
        // Nothing new either way: nothing is written, not even the clock (an idle device that
        // synchronizes every few seconds must not cost a durable write each time).
        if !renewed, try await isIdle(pulled: pulled, fullConflictScan: fullConflictScan) {
            synchronization.report(1)
            return OCKSynchronizationSummary()
        }

        // 2. Merge it, and advance the clock, in one transaction; with no conflict among the
        // ids it touched, what to push is taken in that transaction too (step 4 is done).
        var summary: OCKSynchronizationSummary
        var merged: [String: Set<String>]?
        var prepared: _PreparedPush?
        if fullConflictScan {
            (summary, merged) = try await merge(pulled)
        } else {
            (summary, merged, prepared) = try await mergeThenRevisions(pulled, pushingSince: Self.knowledge(of: pulled))
        }
        summary.renewedProcess = renewed
        if summary.merged.values.reduce(0, +) > 0 { changeNotifier.notify(.everything) }
        synchronization.report(0.5)

        if prepared == nil {
            // 3. Resolve conflicts: the remote picks each keeper; a version following every tip.
            // Only a merge makes concurrent versions (a local write always follows the one tip),
            // so only the ids just merged are checked, and the whole store once per instance and
            // after an import, which may bring forks of its own.
            if fullConflictScan { merged = nil }
            summary.resolvedConflicts = try await resolveConflicts(remote, among: merged)
            synchronization.report(0.7)

            // 4. What the remote has not seen, computed with the clock advanced in one step.
            prepared = try await revisionsToPush(since: Self.knowledge(of: pulled))
        }
        guard let prepared else { return summary }
        let (revisions, deviceKnowledge, process) = prepared

        // 5. Push; once the remote acknowledged it, this store's clock at the push is kept.
        try await Self.push(revisions, knowledge: deviceKnowledge, to: remote)
        summary.pushed = revisions.reduce(0) { $0 + $1.entities.count }
        try await acknowledgePush(clock: deviceKnowledge.clock(for: process), process: process)
        synchronization.report(1)
        return summary
    }

    /// Whether a synchronization has nothing to do: the pull brought no versions, and the
    /// store has nothing to exchange (``hasNothingToExchange(remoteKnowledge:lookingForConflicts:)``).
    ///
    /// Clocks the remote knows and this store does not, with no version behind them, are left
    /// out: the pull brought every version they could stand for, so taking them in would only
    /// narrow later pulls, and a remote that keeps each device's knowledge as it is pushed
    /// would otherwise have two idle devices write in turn forever, each pushing its clock
    /// after taking in the other's.
    private func isIdle(pulled: [OCKRevisionRecord], fullConflictScan: Bool) async throws -> Bool {
        guard pulled.allSatisfy(\.entities.isEmpty) else { return false }
        return try await hasNothingToExchange(remoteKnowledge: Self.knowledge(of: pulled), lookingForConflicts: fullConflictScan)
    }

    /// Asks the remote to settle every id that has concurrent versions, and writes each
    /// keeper as a version following all of them. Repeats while new conflicts appear (a
    /// bounded number of times).
    /// `ids` (by table) limits the search; nil searches every id.
    private func resolveConflicts(_ remote: any OCKRemoteSynchronizable, among ids: [String: Set<String>]?) async throws -> Int {
        if let ids, ids.values.allSatisfy(\.isEmpty) { return 0 }
        var resolved = 0
        for _ in 0..<5 {
            let conflicts = try await conflicts(among: ids)
            guard !conflicts.isEmpty else { break }
            var keepers: [(keeper: OCKEntity, expected: Set<UUID>)] = []
            for tips in conflicts {
                let keeper = try await Self.choose(among: tips, remote: remote)
                keepers.append((keeper, Set(tips.map(\.uuid))))
            }
            let written = try await writeResolutions(keepers)
            resolved += written
            if written > 0 { changeNotifier.notify(.everything) }
            if written < conflicts.count { break }
        }
        return resolved
    }

    /// The remote's choice, or the version written last when the remote fails or answers with
    /// something that is not one of the conflicting versions' entity.
    private static func choose(among tips: [OCKEntity], remote: any OCKRemoteSynchronizable) async throws -> OCKEntity {
        let once = _Once()
        let choice: OCKEntity? = await withCheckedContinuation { continuation in
            remote.chooseConflictResolution(conflicts: tips) { result in
                guard once.claim() else { return }
                continuation.resume(returning: try? result.get())
            }
        }
        if let choice, let first = tips.first, choice.entityType == first.entityType, choice.id == first.id { return choice }
        guard let fallback = OCKEntity.lastWritten(tips) else {
            throw OCKStoreError.remoteSynchronizationFailed(reason: loc("A conflict had no versions; the store file was changed by something other than CareKit."))
        }
        return fallback
    }

    /// What the remote knows after a pull: the vectors of every pulled revision, merged.
    static func knowledge(of pulled: [OCKRevisionRecord]) -> OCKRevisionRecord.KnowledgeVector {
        var knowledge = OCKRevisionRecord.KnowledgeVector()
        for record in pulled { knowledge.merge(with: record.knowledgeVector) }
        return knowledge
    }

    /// Whether everything written under `vector` is known to a peer that knows `knowledge`.
    static func covers(_ knowledge: OCKRevisionRecord.KnowledgeVector, _ vector: OCKRevisionRecord.KnowledgeVector) -> Bool {
        knowledge.covers(vector)
    }

    private static func pull(from remote: any OCKRemoteSynchronizable, since: OCKRevisionRecord.KnowledgeVector) async throws -> [OCKRevisionRecord] {
        let collected = Mutex<[OCKRevisionRecord]>([])
        let once = _Once()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            remote.pullRevisions(
                since: since,
                mergeRevision: { record in
                    collected.withLock { $0.append(record) }
                },
                completion: { error in
                    guard once.claim() else { return }
                    if let error {
                        continuation.resume(throwing: Self.syncError(error, pulling: true))
                    } else {
                        continuation.resume()
                    }
                })
        }
        return collected.withLock { $0 }
    }

    private static func push(_ revisions: [OCKRevisionRecord], knowledge: OCKRevisionRecord.KnowledgeVector, to remote: any OCKRemoteSynchronizable) async throws {
        let once = _Once()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            remote.pushRevisions(deviceRevisions: revisions, deviceKnowledge: knowledge) { error in
                guard once.claim() else { return }
                if let error {
                    continuation.resume(throwing: Self.syncError(error, pulling: false))
                } else {
                    continuation.resume()
                }
            }
        }
    }

    private static func syncError(_ error: any Error, pulling: Bool) -> OCKStoreError {
        if let storeError = error as? OCKStoreError, case .remoteSynchronizationFailed = storeError { return storeError }
        let reason = (error as? OCKStoreError)?.reason ?? (error as? LocalizedError)?.errorDescription ?? "\(error)"
        return .remoteSynchronizationFailed(
            reason: pulling
                ? loc("Pulling from the remote failed: {reason}", ["reason": reason])
                : loc("Pushing to the remote failed; what was pulled is kept and the next synchronization pushes again: {reason}", ["reason": reason]))
    }
}
