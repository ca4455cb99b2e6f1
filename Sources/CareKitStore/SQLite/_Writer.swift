import Foundation

/// The one way versions are written: adds, updates (a new version after every current tip)
/// and deletes (a tombstone after every current tip). Entity rules plug in through `prepare`.
/// Runs inside the caller's transaction, so a failure anywhere writes nothing.
enum _Writer {

    /// The schema version written on every new version.
    static let schemaVersion = OCKSemanticVersion(majorVersion: 2, minorVersion: 1, patchNumber: 0)

    /// The current tips of an id, as `prepare` sees them for updates and deletes.
    typealias Tips = [(row: Int64, uuid: UUID, seq: Int, deleted: Bool, effectiveDate: Date)]

    static func add<Entity: _StoredEntity>(
        _ items: [Entity], now: Date, connection: _SQLiteConnection,
        prepare: (inout Entity) throws -> Entity.InsertContext
    ) throws -> [Entity] {
        try checkUniqueIDs(items, .add)
        var uuids = Set<UUID>()
        for item in items where !uuids.insert(item.uuid).inserted {
            throw OCKStoreError.addFailed(
                reason: loc("The batch adds two {nouns} with the same version uuid {uuid}; each version needs its own uuid.", ["nouns": Entity.entityType.nouns, "uuid": "\(item.uuid)"]))
        }
        let knowledge = try _Versioned.knowledgeRow(connection: connection)
        var written: [Entity] = []
        written.reserveCapacity(items.count)
        for var item in items {
            let existence = try _Versioned.existence(table: Entity.table, id: item.id, connection: connection)
            if existence.exists { throw OCKStoreError.addFailed(reason: idTaken(item, deleted: existence.deleted)) }
            item.previousVersionUUIDs = []
            item.nextVersionUUIDs = []
            item.deletedDate = nil
            item.createdDate = item.createdDate ?? now
            item.updatedDate = now
            item.schemaVersion = schemaVersion
            try validateText(item)
            let context = try prepare(&item)
            do {
                try _Versioned.insert(item, seq: 1, knowledge: knowledge, context: context, connection: connection)
            } catch let error as _SQLiteError where error.isUniqueViolation {
                throw try explainConflict(error, item: item, connection: connection)
            }
            written.append(item)
        }
        return written
    }

    /// Appends a version after the tips of each item's id: an update, or (with `deleting`) a
    /// tombstone that takes effect from the item's effective date.
    static func append<Entity: _StoredEntity>(
        _ items: [Entity], deleting: Bool, now: Date, connection: _SQLiteConnection,
        prepare: (inout Entity, Tips) throws -> Entity.InsertContext
    ) throws -> [Entity] {
        let kind: _WriteKind = deleting ? .delete : .update
        try checkUniqueIDs(items, kind)
        let knowledge = try _Versioned.knowledgeRow(connection: connection)
        var written: [Entity] = []
        written.reserveCapacity(items.count)
        for var item in items {
            let existence = try _Versioned.existence(table: Entity.table, id: item.id, connection: connection)
            let arguments: KeyValuePairs<String, String> = ["noun": Entity.entityType.noun, "id": item.id]
            guard existence.exists else {
                throw kind.error(
                    deleting
                        ? loc("No {noun} with id '{id}' exists; add it before deleting it.", arguments)
                        : loc("No {noun} with id '{id}' exists; add it before updating it.", arguments))
            }
            guard !existence.deleted else {
                throw kind.error(
                    deleting
                        ? loc("The {noun} '{id}' was deleted; a deleted {noun} cannot be deleted again. Add it under a new id.", arguments)
                        : loc("The {noun} '{id}' was deleted; a deleted {noun} cannot be updated. Add it under a new id.", arguments))
            }
            let tips = try _Versioned.tips(table: Entity.table, id: item.id, connection: connection)
            guard let deepest = tips.map(\.seq).max() else {
                throw kind.error(loc("The {noun} '{id}' has no current version; the store file was changed by something other than CareKit.", arguments))
            }
            item.uuid = _TimeOrderedUUID.make(now: now)
            item.previousVersionUUIDs = tips.map(\.uuid)
            item.nextVersionUUIDs = []
            item.deletedDate = deleting ? now : nil
            item.createdDate = try item.createdDate ?? firstCreatedDate(Entity.self, id: item.id, connection: connection)
            item.updatedDate = now
            item.schemaVersion = schemaVersion
            try validateText(item)
            let context = try prepare(&item, tips)
            do {
                try _Versioned.insert(item, seq: deepest + 1, knowledge: knowledge, context: context, connection: connection)
            } catch let error as _SQLiteError where error.isUniqueViolation {
                throw try explainConflict(error, item: item, connection: connection)
            }
            try _Versioned.link(rows: tips.map(\.row), to: item.uuid, table: Entity.table, connection: connection)
            written.append(item)
        }
        return written
    }

    private static func checkUniqueIDs<Entity: _StoredEntity>(_ items: [Entity], _ kind: _WriteKind) throws {
        var ids = Set<String>()
        for item in items where !ids.insert(item.id).inserted {
            let arguments: KeyValuePairs<String, String> = ["noun": Entity.entityType.noun, "id": item.id]
            switch kind {
            case .add, .fetch:
                throw OCKStoreError.invalidValue(reason: loc("The batch adds the {noun} '{id}' twice; each id may appear once per call. Nothing was written.", arguments))
            case .update:
                throw OCKStoreError.invalidValue(reason: loc("The batch updates the {noun} '{id}' twice; each id may appear once per call. Nothing was written.", arguments))
            case .delete:
                throw OCKStoreError.invalidValue(reason: loc("The batch deletes the {noun} '{id}' twice; each id may appear once per call. Nothing was written.", arguments))
            }
        }
    }

    /// Why an id cannot be added: it is in use, or was used by an entity since deleted.
    private static func idTaken<Entity: _StoredEntity>(_ item: Entity, deleted: Bool) -> String {
        let arguments: KeyValuePairs<String, String> = ["noun": Entity.entityType.noun, "id": item.id]
        return deleted
            ? loc("A {noun} with id '{id}' existed and was deleted; as in CareKit, ids are never reused. Choose another id.", arguments)
            : loc("A {noun} with id '{id}' already exists; update it instead of adding it again.", arguments)
    }

    private static func firstCreatedDate<Entity: _StoredEntity>(_ type: Entity.Type, id: String, connection: _SQLiteConnection) throws -> Date? {
        let statement = try connection.prepare("SELECT created_date FROM \(Entity.table) WHERE id = ? AND seq = 1")
        statement.bind(id, at: 1)
        return try statement.step() ? statement.optionalDate(0) : nil
    }

    /// Dates must be real instants (SQLite cannot keep NaN).
    static func validateText<Entity: _StoredEntity>(_ item: Entity) throws {
        if !item.effectiveDate.timeIntervalSinceReferenceDate.isFinite {
            throw OCKStoreError.invalidValue(reason: loc("The {noun} '{id}' has an effective date that is not a real date.", ["noun": Entity.entityType.noun, "id": item.id]))
        }
        if item.id.isEmpty {
            throw OCKStoreError.invalidValue(reason: loc("A {noun} needs a non-empty id.", ["noun": Entity.entityType.noun]))
        }
    }

    /// Turns a uniqueness failure into a reason a person can act on.
    private static func explainConflict<Entity: _StoredEntity>(_ error: _SQLiteError, item: Entity, connection: _SQLiteConnection) throws -> OCKStoreError {
        let message = error.message
        if message.contains("\(Entity.table).uuid") {
            return .addFailed(
                reason: loc("A {noun} version with uuid {uuid} already exists; leave the uuid to the store or use a new one.", ["noun": Entity.entityType.noun, "uuid": "\(item.uuid)"]))
        }
        if message.contains("\(Entity.table).id") {
            return .addFailed(reason: idTaken(item, deleted: try _Versioned.existence(table: Entity.table, id: item.id, connection: connection).deleted))
        }
        if let explained = item.explainConflict(message) { return explained }
        return .invalidValue(reason: loc("The {noun} '{id}' conflicts with data already in the store: {message}.", ["noun": Entity.entityType.noun, "id": item.id, "message": message]))
    }
}
