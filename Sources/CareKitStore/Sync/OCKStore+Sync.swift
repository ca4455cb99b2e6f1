import Foundation
import Synchronization

/// What one synchronization did.
public struct OCKSynchronizationSummary: Hashable, Sendable {
    /// Versions pulled and stored, by kind.
    public var merged: [OCKEntity.EntityType: Int] = [:]
    /// Versions pulled that this store had already.
    public var alreadyPresent = 0
    /// Versions pulled before a version they follow (or an outcome's task version): not stored
    /// this time, and the store's knowledge was not advanced, so the next pull brings them again.
    public var waiting = 0
    /// Versions pulled that can never be stored here, with why (HealthKit tasks, a uuid that
    /// names another entity here, …).
    public var unusable: [String] = []
    /// Conflicts resolved: ids whose concurrent versions now have one successor.
    public var resolvedConflicts = 0
    /// Versions pushed to the remote (and acknowledged by it).
    public var pushed = 0
    /// Whether this store took a new process id because it turned out to be a copy or a
    /// restore of another store (the remote knew more of its old id than it had pushed): what
    /// it had not pushed was pushed again under the new id.
    public var renewedProcess = false
}

extension OCKStore: OCKRemoteSynchronizationDelegate {
    /// The remote asks for a synchronization: one is started (coalesced with any pending one).
    public func didRequestSynchronization(_ remote: any OCKRemoteSynchronizable) {
        requestSynchronization()
    }

    /// Progress of the current synchronization is passed to ``synchronizationProgress``.
    public func remote(_ remote: any OCKRemoteSynchronizable, didUpdateProgress progress: Double) {
        synchronization.report(progress)
    }
}

extension OCKStore {

    /// Called with the progress (0…1) of each synchronization, on any thread.
    public var synchronizationProgress: (@Sendable (Double) -> Void)? {
        get { synchronization.progressHandler }
        set { synchronization.progressHandler = newValue }
    }

    /// The error of the last synchronization the store started by itself (after writes or when
    /// the remote asked), or nil when it succeeded.
    public var lastAutomaticSynchronizationError: OCKStoreError? { synchronization.lastAutomaticError }

    /// Synchronizes with the remote and calls `completion` with nil or the error.
    public func synchronize(completion: @escaping @Sendable ((any Error)?) -> Void) {
        _Concurrency.Task {
            do {
                try await synchronize()
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    /// Pulls what the remote has, merges it, resolves conflicts, then pushes what the remote has
    /// not seen. One synchronization runs at a time; a call made during one waits for it.
    ///
    /// The pull and its merge land in one transaction (a pull cut short stores nothing), and
    /// pushing repeats nothing the remote already has, so a failed or interrupted
    /// synchronization is completed by the next one without duplicates.
    @discardableResult
    public func synchronize() async throws -> OCKSynchronizationSummary {
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
                try await self.synchronize()
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
        var pulled = try await Self.pull(from: remote, since: try await read { connection in try _Knowledge.current(connection: connection) })
        // A remote that knows more of this store's process than this store knows it pushed got
        // it from another store with the same id (a copy, a restored backup): this store takes
        // a new id, stamps what was not acknowledged under it, and pulls again from what was.
        let renewed = try await renewProcessIfCopied(remoteKnowledge: Self.knowledge(of: pulled))
        if renewed {
            pulled = try await Self.pull(from: remote, since: try await read { connection in try _Knowledge.current(connection: connection) })
        }
        synchronization.report(0.3)
        let fullConflictScan = synchronization.takeFullConflictScan()
        // Nothing new either way: nothing is written, not even the clock (an idle device that
        // synchronizes every few seconds must not cost a durable write each time).
        if !renewed, try await isIdle(pulled: pulled, fullConflictScan: fullConflictScan) {
            synchronization.report(1)
            return OCKSynchronizationSummary()
        }

        // 2. Merge it, and advance the clock, in one transaction.
        let merging = pulled
        var (summary, merged) = try await database().write(.update) { [cache] connection in
            try Self.merge(merging, connection: connection, cache: cache)
        }
        summary.renewedProcess = renewed
        if summary.merged.values.reduce(0, +) > 0 { changeNotifier.notify(.everything) }
        synchronization.report(0.5)

        // 3. Resolve conflicts: the remote picks each keeper; a version following every tip.
        // Only a merge makes concurrent versions (a local write always follows the one tip), so
        // only the ids just merged are checked, and the whole store once per instance and after
        // an import, which may bring forks of its own.
        if fullConflictScan { merged = nil }
        summary.resolvedConflicts = try await resolveConflicts(remote, among: merged)
        synchronization.report(0.7)

        // 4. What the remote has not seen, computed with the clock advanced in one step.
        let knowledgeForPush = Self.knowledge(of: pulled)
        let (revisions, deviceKnowledge, process) = try await database().write(.update) { [cache] connection in
            let revisions = try Self.revisions(since: knowledgeForPush, connection: connection, cache: cache)
            let knowledge = try _Knowledge.current(connection: connection)
            try _Knowledge.tick(connection: connection)
            return (revisions, knowledge, try _Knowledge.process(connection: connection))
        }

        // 5. Push; once the remote acknowledged it, this store's clock at the push is kept.
        try await Self.push(revisions, knowledge: deviceKnowledge, to: remote)
        summary.pushed = revisions.reduce(0) { $0 + $1.entities.count }
        try await database().write(.update) { connection in
            try _ProcessIdentity.acknowledge(clock: deviceKnowledge.clock(for: process), process: process, connection: connection)
        }
        synchronization.report(1)
        return summary
    }

    /// Takes a new process id when the remote knows more of this store's process than this
    /// store knows it pushed (see ``_ProcessIdentity``). Looked at first without writing, so a
    /// synchronization of a store that is not a copy writes nothing here.
    private func renewProcessIfCopied(remoteKnowledge: OCKRevisionRecord.KnowledgeVector) async throws -> Bool {
        guard try await read({ connection in try _ProcessIdentity.remoteKnowsMore(remoteKnowledge, connection: connection) }) else { return false }
        return try await database().write(.update) { connection -> Bool in
            guard try _ProcessIdentity.remoteKnowsMore(remoteKnowledge, connection: connection) else { return false }
            try _ProcessIdentity.renew(connection: connection)
            return true
        }
    }

    /// Whether a synchronization has nothing to do, read without writing: the pull brought no
    /// versions, this store holds no version the remote has not seen, the remote knows this
    /// store's clock only below its current value (so a version written next is not taken for
    /// one it has), and, when the whole store is to be looked at, no id has concurrent versions.
    ///
    /// Clocks the remote knows and this store does not, with no version behind them, are left
    /// out: the pull brought every version they could stand for, so taking them in would only
    /// narrow later pulls, and a remote that keeps each device's knowledge as it is pushed
    /// would otherwise have two idle devices write in turn forever, each pushing its clock
    /// after taking in the other's.
    private func isIdle(pulled: [OCKRevisionRecord], fullConflictScan: Bool) async throws -> Bool {
        guard pulled.allSatisfy(\.entities.isEmpty) else { return false }
        let remoteKnowledge = Self.knowledge(of: pulled)
        return try await read { [cache] connection in
            let process = try _Knowledge.process(connection: connection)
            guard remoteKnowledge.clock(for: process) < (try _Knowledge.current(connection: connection).clock(for: process)) else { return false }
            guard try !Self.hasVersions(unknownTo: remoteKnowledge, connection: connection) else { return false }
            return try !fullConflictScan || Self.conflicts(connection: connection, cache: cache).isEmpty
        }
    }

    /// What the remote knows after a pull: the vectors of every pulled revision, merged.
    private static func knowledge(of pulled: [OCKRevisionRecord]) -> OCKRevisionRecord.KnowledgeVector {
        var knowledge = OCKRevisionRecord.KnowledgeVector()
        for record in pulled { knowledge.merge(with: record.knowledgeVector) }
        return knowledge
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

// MARK: - Merging, conflicts, revisions

extension OCKStore {

    /// Stores the pulled versions (each once, as written, stamped with its revision's vector),
    /// elects the live outcomes again, takes in the revisions' knowledge when every version
    /// could be placed, and advances this store's clock.
    ///
    /// Also returns the ids that received versions, by table: the only ids the merge may have
    /// left with concurrent versions.
    static func merge(_ records: [OCKRevisionRecord], connection: _SQLiteConnection, cache: _VersionCache) throws -> (OCKSynchronizationSummary, [String: Set<String>]?) {
        var summary = OCKSynchronizationSummary()
        var patients: [_PulledVersion<OCKPatient>] = [], plans: [_PulledVersion<OCKCarePlan>] = []
        var contacts: [_PulledVersion<OCKContact>] = [], tasks: [_PulledVersion<OCKTask>] = []
        var outcomes: [_PulledVersion<OCKOutcome>] = []
        for record in records where !record.entities.isEmpty {
            let knowledge = try _Knowledge.row(for: record.knowledgeVector, connection: connection)
            for entity in record.entities {
                switch entity {
                case .patient(let value): patients.append(.init(entity: value, knowledge: knowledge))
                case .carePlan(let value): plans.append(.init(entity: value, knowledge: knowledge))
                case .contact(let value): contacts.append(.init(entity: value, knowledge: knowledge))
                case .task(let value): tasks.append(.init(entity: value, knowledge: knowledge))
                case .outcome(let value): outcomes.append(.init(entity: value, knowledge: knowledge))
                case .healthKitTask(let value):
                    summary.unusable.append("HealthKit task '\(value.id)' (version \(value.uuid)): this store cannot hold HealthKit tasks.")
                }
            }
        }
        var mergedIDs: [String: Set<String>] = [:]
        func account<Entity: _StoredEntity>(_ result: _MergeResult<Entity>, _ kind: OCKEntity.EntityType) {
            if !result.placed.isEmpty { summary.merged[kind, default: 0] += result.placed.count }
            mergedIDs[Entity.table, default: []].formUnion(result.placed.map(\.id))
            summary.alreadyPresent += result.alreadyPresent
            summary.waiting += result.waiting.count
            summary.unusable += result.unusable.map { "\(Entity.noun) '\($0.entity.id)' (version \($0.entity.uuid)): \($0.reason)" }
        }
        account(try _Writer.merge(patients, connection: connection) { _ in () }, .patient)
        account(try _Writer.merge(plans, connection: connection) { _ in () }, .carePlan)
        account(try _Writer.merge(contacts, connection: connection) { _ in () }, .contact)
        account(try _Writer.merge(tasks, connection: connection) { _ in () }, .task)
        var placements = _OutcomePlacer(connection: connection, cache: cache)
        let knownTask = try connection.prepare("SELECT 1 FROM task WHERE uuid = ?")
        let mergedOutcomes = try _Writer.merge(outcomes, connection: connection) { outcome in
            knownTask.reset()
            knownTask.bind(outcome.taskUUID, at: 1)
            defer { knownTask.reset() }
            guard try knownTask.step() else { return nil }
            // Where another replica recorded it, it stays; see OCKStore synchronization docs.
            return try placements.place(outcome, checkingOwnership: false)
        }
        account(mergedOutcomes, .outcome)
        try electWinners(ids: mergedOutcomes.placed.map(\.id), connection: connection)

        // Knowledge says what this store has: a version that must wait is not had yet, so
        // nothing pulled this time counts until all of it is placed (a later pull repeats it).
        if summary.waiting == 0 {
            for record in records { try _Knowledge.merge(record.knowledgeVector, connection: connection) }
        }
        try _Knowledge.tick(connection: connection)
        return (summary, mergedIDs)
    }

    /// Asks the remote to settle every id that has concurrent versions, and writes each
    /// keeper as a version following all of them. Repeats while new conflicts appear (a
    /// bounded number of times).
    /// `ids` (by table) limits the search; nil searches every id.
    private func resolveConflicts(_ remote: any OCKRemoteSynchronizable, among ids: [String: Set<String>]?) async throws -> Int {
        if let ids, ids.values.allSatisfy(\.isEmpty) { return 0 }
        var resolved = 0
        for _ in 0..<5 {
            let conflicts = try await read { [cache] connection in try Self.conflicts(among: ids, connection: connection, cache: cache) }
            guard !conflicts.isEmpty else { break }
            var keepers: [(keeper: OCKEntity, expected: Set<UUID>)] = []
            for tips in conflicts {
                let keeper = try await Self.choose(among: tips, remote: remote)
                keepers.append((keeper, Set(tips.map(\.uuid))))
            }
            let chosen = keepers
            let written = try await database().write(.update) { [clock, cache] connection in
                try Self.writeResolutions(chosen, now: clock(), connection: connection, cache: cache)
            }
            resolved += written
            if written > 0 { changeNotifier.notify(.everything) }
            if written < conflicts.count { break }
        }
        return resolved
    }

    /// The tips of every conflicted id (of `ids`, by table, when given), one list per id.
    static func conflicts(among ids: [String: Set<String>]? = nil, connection: _SQLiteConnection, cache: _VersionCache) throws -> [[OCKEntity]] {
        var result: [[OCKEntity]] = []
        func collect<Entity: _StoredEntity>(_ type: Entity.Type, _ wrap: (Entity) -> OCKEntity) throws {
            let candidates = ids.map { $0[Entity.table] ?? [] }
            for id in try _Writer.conflictedIDs(Entity.self, among: candidates, connection: connection) {
                result.append(try _Writer.tipVersions(Entity.self, id: id, connection: connection, cache: cache).map(wrap))
            }
        }
        try collect(OCKPatient.self, OCKEntity.patient)
        try collect(OCKCarePlan.self, OCKEntity.carePlan)
        try collect(OCKContact.self, OCKEntity.contact)
        try collect(OCKTask.self, OCKEntity.task)
        try collect(OCKOutcome.self, OCKEntity.outcome)
        return result
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

    private static func writeResolutions(_ keepers: [(keeper: OCKEntity, expected: Set<UUID>)], now: Date, connection: _SQLiteConnection, cache: _VersionCache) throws -> Int {
        var written = 0
        var outcomeIDs: [String] = []
        var placements = _OutcomePlacer(connection: connection, cache: cache)
        for (keeper, expected) in keepers {
            let done: Bool
            switch keeper {
            case .patient(let value): done = try _Writer.resolve(value, expected: expected, now: now, connection: connection) { _ in () } != nil
            case .carePlan(let value): done = try _Writer.resolve(value, expected: expected, now: now, connection: connection) { _ in () } != nil
            case .contact(let value): done = try _Writer.resolve(value, expected: expected, now: now, connection: connection) { _ in () } != nil
            case .task(let value): done = try _Writer.resolve(value, expected: expected, now: now, connection: connection) { _ in () } != nil
            case .outcome(let value):
                done =
                    try _Writer.resolve(value, expected: expected, now: now, connection: connection) { outcome in
                        try placements.place(outcome, checkingOwnership: false)
                    } != nil
                if done { outcomeIDs.append(value.id) }
            case .healthKitTask: done = false
            }
            if done { written += 1 }
        }
        try electWinners(ids: outcomeIDs, connection: connection)
        return written
    }

    /// The versions a peer that knows `since` has not seen: those written under a knowledge
    /// vector that is not covered by `since`, grouped by that vector (one revision each), kinds
    /// in CareKit's order and versions in version order within each.
    static func revisions(since: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection, cache: _VersionCache) throws -> [OCKRevisionRecord] {
        let knowledge = try connection.prepare("SELECT row, vector FROM knowledge ORDER BY vector")
        var vectors: [(row: Int64, vector: OCKRevisionRecord.KnowledgeVector)] = []
        while try knowledge.step() {
            let vector = _Knowledge.vector(from: knowledge.string(1))
            if !Self.covers(since, vector) { vectors.append((knowledge.int64(0), vector)) }
        }
        guard !vectors.isEmpty else { return [] }
        var entities: [Int64: [OCKEntity]] = [:]
        let rows = vectors.map { String($0.row) }
        func collect<Entity: _StoredEntity>(_ type: Entity.Type, _ wrap: (Entity) -> OCKEntity) throws {
            var builder = _SQLBuilder()
            builder.whereIn("t.knowledge", rows)
            let statement = try connection.prepare("SELECT t.row, t.knowledge FROM \(Entity.table) t" + builder.whereClause + " ORDER BY t.seq, t.uuid")
            _ = statement.bind(values: builder.arguments, from: 1)
            var found: [(row: Int64, knowledge: Int64)] = []
            while try statement.step() { found.append((statement.int64(0), statement.int64(1))) }
            for (row, stamp) in found {
                guard let version = try _Versioned.load(Entity.self, row: row, connection: connection, cache: cache) else { continue }
                entities[stamp, default: []].append(wrap(version))
            }
        }
        try collect(OCKPatient.self, OCKEntity.patient)
        try collect(OCKCarePlan.self, OCKEntity.carePlan)
        try collect(OCKContact.self, OCKEntity.contact)
        try collect(OCKTask.self, OCKEntity.task)
        try collect(OCKOutcome.self, OCKEntity.outcome)
        return vectors.compactMap { row, vector in
            entities[row].map { OCKRevisionRecord(entities: $0, knowledgeVector: vector) }
        }
    }

    /// Whether this store holds a version a peer that knows `knowledge` has not seen (what
    /// ``revisions(since:connection:cache:)`` would send), without reading the versions.
    /// - Complexity: O(k) for the k knowledge vectors this store has, when the peer knows them
    ///   all (the usual case); a vector it does not know costs a look-up in each kind's table.
    static func hasVersions(unknownTo knowledge: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws -> Bool {
        let vectors = try connection.prepare("SELECT row, vector FROM knowledge")
        var unknown: [String] = []
        while try vectors.step() {
            if !Self.covers(knowledge, _Knowledge.vector(from: vectors.string(1))) { unknown.append(String(vectors.int64(0))) }
        }
        vectors.reset()
        guard !unknown.isEmpty else { return false }
        var builder = _SQLBuilder()
        builder.whereIn("knowledge", unknown)
        for table in _ProcessIdentity.stampedTables {
            let statement = try connection.prepare("SELECT 1 FROM \(table)" + builder.whereClause + " LIMIT 1")
            _ = statement.bind(values: builder.arguments, from: 1)
            defer { statement.reset() }
            if try statement.step() { return true }
        }
        return false
    }

    /// Whether everything written under `vector` is known to a peer that knows `knowledge`.
    static func covers(_ knowledge: OCKRevisionRecord.KnowledgeVector, _ vector: OCKRevisionRecord.KnowledgeVector) -> Bool {
        knowledge.covers(vector)
    }
}

/// Lets a completion handler that a careless remote calls twice resume its continuation once.
final class _Once: Sendable {
    private let used = Atomic<Bool>(false)
    func claim() -> Bool { !used.exchange(true, ordering: .relaxed) }
}

/// One store's synchronization state: one synchronization at a time, at most one waiting to
/// start, and the handlers that follow it.
final class _SynchronizationState: Sendable {
    let gate = _AsyncLock()
    private struct State {
        var scheduled = false
        var fullConflictScan = true
        var progressHandler: (@Sendable (Double) -> Void)?
        var lastAutomaticError: OCKStoreError?
    }
    private let state = Mutex(State())

    var progressHandler: (@Sendable (Double) -> Void)? {
        get { state.withLock { $0.progressHandler } }
        set { state.withLock { $0.progressHandler = newValue } }
    }
    var lastAutomaticError: OCKStoreError? { state.withLock { $0.lastAutomaticError } }

    /// Marks a synchronization as waiting to start; false when one already is.
    func schedule() -> Bool {
        state.withLock { state in
            if state.scheduled { return false }
            state.scheduled = true
            return true
        }
    }

    /// The waiting synchronization starts: writes from now on ask for another one.
    func started() { state.withLock { $0.scheduled = false } }

    /// Whether this synchronization must look for conflicts among every id (the first of this
    /// instance, or the first after an import); the answer is given once.
    func takeFullConflictScan() -> Bool {
        state.withLock { state in
            defer { state.fullConflictScan = false }
            return state.fullConflictScan
        }
    }

    /// Versions arrived other than by a merge (an import): the next synchronization looks for
    /// conflicts among every id.
    func versionsImported() { state.withLock { $0.fullConflictScan = true } }

    func finishedAutomatic(_ error: OCKStoreError?) { state.withLock { $0.lastAutomaticError = error } }

    func report(_ progress: Double) { progressHandler?(progress) }
}

/// A lock for async code: waiters resume in order, no thread is blocked.
final class _AsyncLock: Sendable {
    private struct State {
        var locked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    func lock() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.locked {
                    state.waiters.append(continuation)
                    return false
                }
                state.locked = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.locked = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
