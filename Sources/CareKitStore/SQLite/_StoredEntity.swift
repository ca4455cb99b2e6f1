import Foundation
import Synchronization

/// How a versioned entity maps to its table: the columns beyond the shared ones, and any child
/// rows. The shared columns (`_Schema.commonColumns`) are handled once, for every entity.
protocol _StoredEntity: OCKVersionedObjectCompatible {
    /// The table holding every version.
    static var table: String { get }
    /// The entity's code in the shared `tag` table.
    static var entityCode: _Schema.EntityCode { get }
    /// How the entity is named in error messages ("task", "care plan").
    static var noun: String { get }
    /// The entity-specific columns, in the order ``bindSpecific(to:from:)`` binds them.
    static var specificColumns: [String] { get }
    /// What an insert needs beyond the entity itself (for outcomes: where its event lies).
    associatedtype InsertContext = Void
    /// Binds the entity-specific columns starting at parameter `index`.
    func bindSpecific(to statement: _SQLiteStatement, from index: Int32, context: InsertContext) throws
    /// Builds the entity from the entity-specific columns, which start at column `index`.
    static func make(id: String, row: Int64, from statement: _SQLiteStatement, at index: Int32, connection: _SQLiteConnection) throws -> Self
    /// Writes child rows (schedule elements, outcome values) of a newly inserted version.
    func insertChildren(row: Int64, connection: _SQLiteConnection) throws
    /// Completes freshly decoded entities in one go (for outcomes: their values).
    static func completeBatch(_ entities: inout [Self], rows: [Int64], connection: _SQLiteConnection) throws
}

extension _StoredEntity {
    func insertChildren(row: Int64, connection: _SQLiteConnection) throws {}
    static func completeBatch(_ entities: inout [Self], rows: [Int64], connection: _SQLiteConnection) throws {}
}

/// The shared columns, in the order they are selected by ``_Versioned/selectColumns``.
struct _CommonFields {
    static let columns = [
        "row", "uuid", "id", "seq", "previous_uuids", "next_uuids", "effective_date", "deleted_date",
        "created_date", "updated_date", "schema_version", "remote_id", "group_identifier", "tags",
        "source", "user_info", "asset", "notes", "timezone",
    ]
    static var count: Int32 { Int32(columns.count) }

    var row: Int64
    var uuid: UUID
    var id: String
    var seq: Int
    var previous: [UUID]
    var next: [UUID]
    var effectiveDate: Date
    var deletedDate: Date?
    var createdDate: Date?
    var updatedDate: Date?
    var schemaVersion: OCKSemanticVersion?
    var remoteID: String?
    var groupIdentifier: String?
    var tags: [String]?
    var source: String?
    var userInfo: [String: String]?
    var asset: String?
    var notes: [OCKNote]?
    var timezone: TimeZone

    init(_ s: _SQLiteStatement, table: String) throws {
        row = s.int64(0)
        guard let uuid = s.uuid(1) else {
            throw OCKStoreError.fetchFailed(reason: "A row of \(table) has a malformed uuid '\(s.string(1))'; the store file was changed by something other than CareKit.")
        }
        self.uuid = uuid
        id = s.string(2)
        seq = s.int(3)
        previous = _Encoding.uuidList(s.string(4))
        next = _Encoding.uuidList(s.string(5))
        effectiveDate = s.date(6)
        deletedDate = s.optionalDate(7)
        createdDate = s.optionalDate(8)
        updatedDate = s.optionalDate(9)
        schemaVersion = s.optionalString(10).flatMap(OCKSemanticVersion.init)
        remoteID = s.optionalString(11)
        groupIdentifier = s.optionalString(12)
        tags = _Encoding.stringArray(s.optionalString(13))
        source = s.optionalString(14)
        userInfo = try _Encoding.decode([String: String].self, s.optionalString(15))
        asset = s.optionalString(16)
        notes = try _Encoding.decode([OCKNote].self, s.optionalString(17))
        timezone = TimeZone(identifier: s.string(18)) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    func apply<Entity: OCKVersionedObjectCompatible>(to entity: inout Entity) {
        entity.uuid = uuid
        entity.previousVersionUUIDs = previous
        entity.nextVersionUUIDs = next
        entity.effectiveDate = effectiveDate
        entity.deletedDate = deletedDate
        entity.createdDate = createdDate
        entity.updatedDate = updatedDate
        entity.schemaVersion = schemaVersion
        entity.remoteID = remoteID
        entity.groupIdentifier = groupIdentifier
        entity.tags = tags
        entity.source = source
        entity.userInfo = userInfo
        entity.asset = asset
        entity.notes = notes
        entity.timezone = timezone
    }
}

/// Decoded versions keyed by table and row. A version's content never changes once written
/// (only its `next` links, which are read fresh every time), and rows are never reused, so
/// entries never go stale.
final class _VersionCache: Sendable {
    private struct Key: Hashable, Sendable {
        let table: String
        let row: Int64
    }
    private let storage = Mutex<[Key: any Sendable]>([:])
    private let capacity = 20_000

    func value<Entity: Sendable>(_ type: Entity.Type, table: String, row: Int64) -> Entity? {
        storage.withLock { $0[Key(table: table, row: row)] as? Entity }
    }

    func store<Entity: Sendable>(_ value: Entity, table: String, row: Int64) {
        storage.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[Key(table: table, row: row)] = value
        }
    }

    func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}

/// SQL text that depends only on an entity type, built once per type and purpose instead of on
/// every call (joining ~25 column names costs more than the SQLite work of a cached statement).
enum _SQLText {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let purpose: String
    }
    private static let cache = Mutex<[Key: String]>([:])

    static func memo(_ type: Any.Type, _ purpose: StaticString, _ make: () -> String) -> String {
        let key = Key(type: ObjectIdentifier(type), purpose: purpose.description)
        if let known = cache.withLock({ $0[key] }) { return known }
        let text = make()
        cache.withLock { $0[key] = text }
        return text
    }
}

/// Reading and writing versions of any stored entity.
enum _Versioned {

    static func selectColumns<Entity: _StoredEntity>(_ type: Entity.Type, alias: String = "t") -> String {
        guard alias == "t" else {
            return (_CommonFields.columns + Entity.specificColumns).map { "\(alias).\($0)" }.joined(separator: ", ")
        }
        return _SQLText.memo(Entity.self, "select.t") {
            (_CommonFields.columns + Entity.specificColumns).map { "t.\($0)" }.joined(separator: ", ")
        }
    }

    /// Decodes the current row of `statement`, using the cache for everything but `next` links.
    static func decode<Entity: _StoredEntity>(_ type: Entity.Type, _ statement: _SQLiteStatement, connection: _SQLiteConnection, cache: _VersionCache?) throws -> Entity {
        let row = statement.int64(0)
        if var cached = cache?.value(Entity.self, table: Entity.table, row: row) {
            cached.nextVersionUUIDs = _Encoding.uuidList(statement.string(5))
            return cached
        }
        let common = try _CommonFields(statement, table: Entity.table)
        var entity = try Entity.make(id: common.id, row: row, from: statement, at: _CommonFields.count, connection: connection)
        common.apply(to: &entity)
        cache?.store(entity, table: Entity.table, row: row)
        return entity
    }

    static func insertSQL<Entity: _StoredEntity>(_ type: Entity.Type) -> String {
        _SQLText.memo(Entity.self, "insert") { makeInsertSQL(Entity.self) }
    }

    private static func makeInsertSQL<Entity: _StoredEntity>(_ type: Entity.Type) -> String {
        let columns = _CommonFields.columns.dropFirst() + ["knowledge"] + Entity.specificColumns
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(Entity.table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// Loads the version stored in `row`, using the cache.
    static func load<Entity: _StoredEntity>(_ type: Entity.Type, row: Int64, connection: _SQLiteConnection, cache: _VersionCache?) throws -> Entity? {
        let statement = try connection.prepare(_SQLText.memo(Entity.self, "load") {
            "SELECT \(selectColumns(Entity.self)) FROM \(Entity.table) t WHERE t.row = ?"
        })
        statement.bind(row, at: 1)
        guard try statement.step() else { return nil }
        var entities = [try decode(Entity.self, statement, connection: connection, cache: cache)]
        try Entity.completeBatch(&entities, rows: [row], connection: connection)
        return entities.first
    }

    /// Inserts one version and its tags and child rows; returns its row id.
    @discardableResult
    static func insert<Entity: _StoredEntity>(_ entity: Entity, seq: Int, knowledge: Int64, context: Entity.InsertContext, connection: _SQLiteConnection) throws -> Int64 {
        let statement = try connection.prepare(insertSQL(Entity.self))
        statement.bind(entity.uuid, at: 1)
        statement.bind(entity.id, at: 2)
        statement.bind(seq, at: 3)
        statement.bind(_Encoding.uuidList(entity.previousVersionUUIDs), at: 4)
        statement.bind(_Encoding.uuidList(entity.nextVersionUUIDs), at: 5)
        statement.bind(entity.effectiveDate, at: 6)
        statement.bind(entity.deletedDate, at: 7)
        statement.bind(entity.createdDate, at: 8)
        statement.bind(entity.updatedDate, at: 9)
        statement.bind(entity.schemaVersion?.description, at: 10)
        statement.bind(entity.remoteID, at: 11)
        statement.bind(entity.groupIdentifier, at: 12)
        statement.bind(entity.tags.map(_Encoding.jsonArray), at: 13)
        statement.bind(entity.source, at: 14)
        statement.bind(try _Encoding.json(entity.userInfo), at: 15)
        statement.bind(entity.asset, at: 16)
        statement.bind(try _Encoding.json(entity.notes), at: 17)
        statement.bind(entity.timezone.identifier, at: 18)
        statement.bind(knowledge, at: 19)
        try entity.bindSpecific(to: statement, from: 20, context: context)
        try statement.run()
        let row = connection.lastInsertRowID
        if let tags = entity.tags, !tags.isEmpty {
            let tagStatement = try connection.prepare("INSERT OR IGNORE INTO tag (entity, version_row, title) VALUES (?, ?, ?)")
            for tag in tags {
                tagStatement.reset()
                tagStatement.bind(Entity.entityCode.rawValue, at: 1)
                tagStatement.bind(row, at: 2)
                tagStatement.bind(tag, at: 3)
                try tagStatement.run()
            }
        }
        try entity.insertChildren(row: row, connection: connection)
        return row
    }

    /// The newest versions of `id`: those no other version follows.
    static func tips(table: String, id: String, connection: _SQLiteConnection) throws -> [(row: Int64, uuid: UUID, seq: Int, deleted: Bool, effectiveDate: Date)] {
        let statement = try connection.prepare("SELECT row, uuid, seq, deleted_date IS NOT NULL, effective_date FROM \(table) WHERE id = ? AND next_uuids = '' ORDER BY seq")
        statement.bind(id, at: 1)
        var result: [(Int64, UUID, Int, Bool, Date)] = []
        while try statement.step() {
            guard let uuid = statement.uuid(1) else { continue }
            result.append((statement.int64(0), uuid, statement.int(2), statement.bool(3), statement.date(4)))
        }
        return result
    }

    /// Whether any version of `id` exists, and whether any is a tombstone.
    static func existence(table: String, id: String, connection: _SQLiteConnection) throws -> (exists: Bool, deleted: Bool) {
        let statement = try connection.prepare("SELECT count(*), count(deleted_date) FROM \(table) WHERE id = ?")
        statement.bind(id, at: 1)
        _ = try statement.step()
        return (statement.int(0) > 0, statement.int(1) > 0)
    }

    /// Adds `next` to the `next_uuids` of the given rows.
    static func link(rows: [Int64], to next: UUID, table: String, connection: _SQLiteConnection) throws {
        let statement = try connection.prepare("UPDATE \(table) SET next_uuids = CASE WHEN next_uuids = '' THEN ?1 ELSE next_uuids || ',' || ?1 END WHERE row = ?2")
        for row in rows {
            statement.reset()
            statement.bind(next.uuidString, at: 1)
            statement.bind(row, at: 2)
            try statement.run()
        }
    }

    /// The row of the store's current knowledge vector, for stamping new versions.
    static func knowledgeRow(connection: _SQLiteConnection) throws -> Int64 {
        let vector = try currentKnowledge(connection: connection)
        let text = vector.processes.sorted { $0.key.uuidString < $1.key.uuidString }
            .map { "\($0.key.uuidString):\($0.value)" }.joined(separator: ",")
        let insert = try connection.prepare("INSERT OR IGNORE INTO knowledge (vector) VALUES (?)")
        insert.bind(text, at: 1)
        try insert.run()
        let select = try connection.prepare("SELECT row FROM knowledge WHERE vector = ?")
        select.bind(text, at: 1)
        _ = try select.step()
        return select.int64(0)
    }

    /// The store's knowledge vector: its own clock starts at 1, as in CareKit.
    static func currentKnowledge(connection: _SQLiteConnection) throws -> OCKRevisionRecord.KnowledgeVector {
        let statement = try connection.prepare("SELECT key, value FROM meta WHERE key IN ('process_uuid', 'knowledge')")
        var process: UUID?
        var stored: String?
        while try statement.step() {
            if statement.string(0) == "process_uuid" { process = UUID(uuidString: statement.string(1)) } else { stored = statement.string(1) }
        }
        if let stored {
            var processes: [UUID: Int] = [:]
            for pair in stored.split(separator: ",") {
                let parts = pair.split(separator: ":")
                if parts.count == 2, let uuid = UUID(uuidString: String(parts[0])), let clock = Int(parts[1]) { processes[uuid] = clock }
            }
            return OCKRevisionRecord.KnowledgeVector(processes)
        }
        guard let process else {
            throw OCKStoreError.fetchFailed(reason: "The store has no process identity; the file was changed by something other than CareKit.")
        }
        return OCKRevisionRecord.KnowledgeVector([process: 1])
    }
}
