import Foundation

// OCKStore's synchronization (Apple's CareKit keeps it in CoreData/Synchronization): the public
// API, and the reads and transactions a synchronization asks of the engine
// (``_SynchronizingStore``), in SQLite. The steps around them are in Sync/.

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
        try await runSynchronization()
    }
}

// MARK: - What a synchronization asks of SQLite

extension OCKStore: _SynchronizingStore {

    func currentKnowledge() async throws -> OCKRevisionRecord.KnowledgeVector {
        try await read { connection in try _Knowledge.current(connection: connection) }
    }

    func renewProcessIfCopied(remoteKnowledge: OCKRevisionRecord.KnowledgeVector) async throws -> Bool {
        guard try await read({ connection in try _ProcessIdentity.remoteKnowsMore(remoteKnowledge, connection: connection) }) else { return false }
        return try await database().write(.update) { connection -> Bool in
            guard try _ProcessIdentity.remoteKnowsMore(remoteKnowledge, connection: connection) else { return false }
            try _ProcessIdentity.renew(connection: connection)
            return true
        }
    }

    func hasNothingToExchange(remoteKnowledge: OCKRevisionRecord.KnowledgeVector, lookingForConflicts: Bool) async throws -> Bool {
        try await read { [cache] connection in
            let process = try _Knowledge.process(connection: connection)
            guard remoteKnowledge.clock(for: process) < (try _Knowledge.current(connection: connection).clock(for: process)) else { return false }
            guard try !Self.hasVersions(unknownTo: remoteKnowledge, connection: connection) else { return false }
            return try !lookingForConflicts || Self.conflicts(connection: connection, cache: cache).isEmpty
        }
    }

    func merge(_ records: [OCKRevisionRecord]) async throws -> (OCKSynchronizationSummary, [String: Set<String>]?) {
        try await database().write(.update) { [cache] connection in
            try Self.merge(records, connection: connection, cache: cache)
        }
    }

    func conflicts(among ids: [String: Set<String>]?) async throws -> [[OCKEntity]] {
        try await read { [cache] connection in try Self.conflicts(among: ids, connection: connection, cache: cache) }
    }

    func writeResolutions(_ keepers: [(keeper: OCKEntity, expected: Set<UUID>)]) async throws -> Int {
        try await database().write(.update) { [clock, cache] connection in
            try Self.writeResolutions(keepers, now: clock(), connection: connection, cache: cache)
        }
    }

    func revisionsToPush(
        since knowledge: OCKRevisionRecord.KnowledgeVector
    ) async throws -> (revisions: [OCKRevisionRecord], knowledge: OCKRevisionRecord.KnowledgeVector, process: UUID) {
        try await database().write(.update) { [cache] connection in
            try Self.preparePush(since: knowledge, connection: connection, cache: cache)
        }
    }

    /// What a remote that knows `knowledge` has not seen, this store's knowledge and process,
    /// and the clock advanced past them.
    private static func preparePush(since knowledge: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection, cache: _VersionCache) throws -> _PreparedPush {
        let revisions = try revisions(since: knowledge, connection: connection, cache: cache)
        let current = try _Knowledge.current(connection: connection)
        try _Knowledge.tick(connection: connection)
        return (revisions, current, try _Knowledge.process(connection: connection))
    }

    func mergeThenRevisions(
        _ records: [OCKRevisionRecord], pushingSince knowledge: OCKRevisionRecord.KnowledgeVector
    ) async throws -> (summary: OCKSynchronizationSummary, merged: [String: Set<String>]?, push: _PreparedPush?) {
        try await database().write(.update) { [cache] connection in
            let (summary, merged) = try Self.merge(records, connection: connection, cache: cache)
            if let merged, !merged.values.allSatisfy(\.isEmpty), try !Self.conflicts(among: merged, connection: connection, cache: cache).isEmpty {
                return (summary, merged, nil)
            }
            return (summary, merged, try Self.preparePush(since: knowledge, connection: connection, cache: cache))
        }
    }

    /// Not flushed to the disk: lost only in a power cut within moments of the push, and then
    /// the next synchronization sees the remote know more of this store's process than it
    /// knows was acknowledged and takes a new process id, which loses nothing (see
    /// ``_ProcessIdentity``). One flush fewer per synchronization that pushes.
    func acknowledgePush(clock: Int, process: UUID) async throws {
        try await database().writeUnflushed(.update) { connection in
            try _ProcessIdentity.acknowledge(clock: clock, process: process, connection: connection)
        }
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
        let vectors = try _Knowledge.uncoveredRows(since: since, connection: connection)
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
        return vectors.compactMap { row, _, vector in
            entities[row].map { OCKRevisionRecord(entities: $0, knowledgeVector: vector) }
        }
    }

    /// Whether this store holds a version a peer that knows `knowledge` has not seen (what
    /// ``revisions(since:connection:cache:)`` would send), without reading the versions.
    /// - Complexity: one look at the last knowledge row when the peer knows them all (the usual
    ///   case); otherwise a binary search over the rows' prefixes, and a look-up in each kind's
    ///   table for the vectors it does not know.
    static func hasVersions(unknownTo knowledge: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws -> Bool {
        let unknown = try _Knowledge.uncoveredRows(since: knowledge, connection: connection).map { String($0.row) }
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
}
