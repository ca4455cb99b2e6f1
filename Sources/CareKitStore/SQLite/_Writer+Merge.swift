import Foundation

/// A version another replica wrote, with the row of the knowledge vector it was written under.
struct _PulledVersion<Entity: _StoredEntity> {
    var entity: Entity
    var knowledge: Int64
}

/// What a merge did with the versions it was given.
struct _MergeResult<Entity: _StoredEntity> {
    /// Versions inserted, in the order they were inserted.
    var placed: [Entity] = []
    /// Versions that cannot be placed yet: a version they follow (or, for an outcome, its task
    /// version) has not arrived. A later pull brings them again.
    var waiting: [_PulledVersion<Entity>] = []
    /// Versions that can never be stored here: a uuid stored as another entity, an empty id,
    /// a date that is not a date. Reported, never written.
    var unusable: [(entity: Entity, reason: String)] = []
    /// Versions already stored (same uuid): a delivery seen before.
    var alreadyPresent = 0
}

extension _Writer {

    /// Inserts versions that another replica wrote, exactly as written (uuids, links, dates,
    /// deletions), stamped with the knowledge they were written under. Nothing is judged by
    /// the rules for local writes: another replica's past happened, and what queries show of it
    /// is decided when they read (see ``OCKStore`` synchronization). A version is placed after
    /// the versions it follows, whether they came in this batch, earlier, or were written
    /// here; one that arrives before them waits. Runs inside the caller's transaction.
    ///
    /// `prepare` returns the insert context of a version, or nil when something it needs is not
    /// stored yet; it throws for a version that cannot be stored at all.
    static func merge<Entity: _StoredEntity>(
        _ items: [_PulledVersion<Entity>], connection: _SQLiteConnection,
        prepare: (Entity) throws -> Entity.InsertContext?
    ) throws -> _MergeResult<Entity> {
        let lookup = try connection.prepare("SELECT row, id, seq FROM \(Entity.table) WHERE uuid = ?")
        func stored(_ uuid: UUID) throws -> (row: Int64, id: String, seq: Int)? {
            lookup.reset()
            lookup.bind(uuid, at: 1)
            defer { lookup.reset() }
            return try lookup.step() ? (lookup.int64(0), lookup.string(1), lookup.int(2)) : nil
        }

        var result = _MergeResult<Entity>()
        // The same version delivered twice in one pull is one version.
        var seen = Set<UUID>()
        var pending = items.filter { seen.insert($0.entity.uuid).inserted }
        result.alreadyPresent += items.count - pending.count
        // Earlier versions first where the batch holds both; passes repeat while any lands.
        if let ordered = try? versionOrder(pending.map(\.entity)) {
            let byUUID = Dictionary(pending.map { ($0.entity.uuid, $0) }, uniquingKeysWith: { first, _ in first })
            pending = ordered.compactMap { byUUID[$0.uuid] }
        }
        var progressed = true
        while progressed && !pending.isEmpty {
            progressed = false
            var stillWaiting: [_PulledVersion<Entity>] = []
            for pulled in pending {
                var item = pulled.entity
                if let existing = try stored(item.uuid) {
                    if existing.id == item.id {
                        result.alreadyPresent += 1
                    } else {
                        result.unusable.append((item, "version \(item.uuid) is stored here as \(Entity.noun) '\(existing.id)'"))
                    }
                    continue
                }
                var previousRows: [Int64] = []
                var depth = 0
                var missing = false
                var foreign: String?
                for uuid in item.previousVersionUUIDs {
                    guard let previous = try stored(uuid) else { missing = true; break }
                    if previous.id != item.id { foreign = previous.id; break }
                    previousRows.append(previous.row)
                    depth = max(depth, previous.seq)
                }
                if let foreign {
                    result.unusable.append((item, "it follows a version of another \(Entity.noun) ('\(foreign)')"))
                    continue
                }
                if missing {
                    stillWaiting.append(pulled)
                    continue
                }
                let context: Entity.InsertContext?
                do {
                    try validateText(item)
                    context = try prepare(item)
                } catch {
                    result.unusable.append((item, (error as? OCKStoreError)?.reason ?? "\(error)"))
                    continue
                }
                guard let context else {
                    stillWaiting.append(pulled)
                    continue
                }
                item.nextVersionUUIDs = []
                try _Versioned.insert(item, seq: depth + 1, knowledge: pulled.knowledge, context: context, connection: connection)
                try _Versioned.link(rows: previousRows, to: item.uuid, table: Entity.table, connection: connection)
                result.placed.append(item)
                progressed = true
            }
            pending = stillWaiting
        }
        result.waiting = pending
        return result
    }
}

extension _Writer {

    /// Writes the version that ends a conflict: the keeper's content, following every current
    /// tip of its id. Returns nil, writing nothing, when the tips are no longer `expected`
    /// (a write or another synchronization came first; the next synchronization looks again).
    static func resolve<Entity: _StoredEntity>(
        _ keeper: Entity, expected: Set<UUID>, now: Date, connection: _SQLiteConnection,
        prepare: (Entity) throws -> Entity.InsertContext
    ) throws -> Entity? {
        let tips = try _Versioned.tips(table: Entity.table, id: keeper.id, connection: connection)
        guard tips.count > 1, Set(tips.map(\.uuid)) == expected, let deepest = tips.map(\.seq).max() else { return nil }
        var item = keeper
        item.uuid = _TimeOrderedUUID.make(now: now)
        item.previousVersionUUIDs = tips.map(\.uuid).sorted { $0.uuidString < $1.uuidString }
        item.nextVersionUUIDs = []
        item.updatedDate = now
        item.schemaVersion = schemaVersion
        try validateText(item)
        let context = try prepare(item)
        let knowledge = try _Versioned.knowledgeRow(connection: connection)
        try _Versioned.insert(item, seq: deepest + 1, knowledge: knowledge, context: context, connection: connection)
        try _Versioned.link(rows: tips.map(\.row), to: item.uuid, table: Entity.table, connection: connection)
        return item
    }

    /// The ids of `Entity` that have more than one tip: replicas wrote them apart.
    static func conflictedIDs<Entity: _StoredEntity>(_ type: Entity.Type, among candidates: Set<String>? = nil, connection: _SQLiteConnection) throws -> [String] {
        if let candidates {
            let tips = try connection.prepare("SELECT count(*) FROM \(Entity.table) WHERE id = ? AND next_uuids = ''")
            return try candidates.sorted().filter { id in
                tips.reset()
                tips.bind(id, at: 1)
                defer { tips.reset() }
                return try tips.step() && tips.int(0) > 1
            }
        }
        let statement = try connection.prepare("SELECT id FROM \(Entity.table) WHERE next_uuids = '' GROUP BY id HAVING count(*) > 1 ORDER BY id")
        var ids: [String] = []
        while try statement.step() { ids.append(statement.string(0)) }
        return ids
    }

    /// The tips of an id, decoded.
    static func tipVersions<Entity: _StoredEntity>(_ type: Entity.Type, id: String, connection: _SQLiteConnection, cache: _VersionCache) throws -> [Entity] {
        try _Versioned.tips(table: Entity.table, id: id, connection: connection).compactMap { tip in
            try _Versioned.load(Entity.self, row: tip.row, connection: connection, cache: cache)
        }
    }
}
