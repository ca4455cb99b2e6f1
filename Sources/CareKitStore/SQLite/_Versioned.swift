import Foundation
import Synchronization

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
        let statement = try connection.prepare(
            _SQLText.memo(Entity.self, "load") {
                "SELECT \(selectColumns(Entity.self)) FROM \(Entity.table) t WHERE t.row = ?"
            })
        statement.bind(row, at: 1)
        guard try statement.step() else { return nil }
        var entities = [try decode(Entity.self, statement, connection: connection, cache: cache)]
        try Entity.completeBatch(&entities, rows: [row], connection: connection)
        return entities.first
    }

    /// Loads the version stored in `row` whose `next_uuids` column (read by the caller) is
    /// `next`: from the cache without reading the row again when it is there.
    static func load<Entity: _StoredEntity>(_ type: Entity.Type, row: Int64, next: String, connection: _SQLiteConnection, cache: _VersionCache) throws -> Entity? {
        if var cached = cache.value(Entity.self, table: Entity.table, row: row) {
            cached.nextVersionUUIDs = _Encoding.uuidList(next)
            return cached
        }
        guard var entity = try load(Entity.self, row: row, connection: connection, cache: cache) else { return nil }
        entity.nextVersionUUIDs = _Encoding.uuidList(next)
        return entity
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

    /// Adds `next` to the `next_uuids` of the given rows, kept sorted so that the list is the
    /// same on every replica whatever order the versions arrived in.
    static func link(rows: [Int64], to next: UUID, table: String, connection: _SQLiteConnection) throws {
        let read = try connection.prepare("SELECT next_uuids FROM \(table) WHERE row = ?")
        let update = try connection.prepare("UPDATE \(table) SET next_uuids = ? WHERE row = ?")
        for row in rows {
            read.reset()
            read.bind(row, at: 1)
            guard try read.step() else { continue }
            let current = read.string(0)
            read.reset()
            var list = current.isEmpty ? [] : current.split(separator: ",").map(String.init)
            guard !list.contains(next.uuidString) else { continue }
            list.append(next.uuidString)
            list.sort()
            update.reset()
            update.bind(list.joined(separator: ","), at: 1)
            update.bind(row, at: 2)
            try update.run()
        }
    }

    /// The row of the store's current knowledge vector, for stamping new versions.
    static func knowledgeRow(connection: _SQLiteConnection) throws -> Int64 {
        try _Knowledge.row(for: try _Knowledge.current(connection: connection), connection: connection)
    }
}
