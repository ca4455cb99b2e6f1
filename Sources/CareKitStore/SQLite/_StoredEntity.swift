import Foundation
import Synchronization

/// How a versioned entity maps to its table: the columns beyond the shared ones, and any child
/// rows. The shared columns (`_Schema.commonColumns`) are handled once, for every entity.
protocol _StoredEntity: OCKVersionedObjectCompatible {
    /// The table holding every version.
    static var table: String { get }
    /// The entity's code in the shared `tag` table.
    static var entityCode: _Schema.EntityCode { get }
    /// How the entity is named in English summaries ("task", "care plan"); reasons name it in
    /// the reader's language (``entityType``'s noun).
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
    /// Says in words why SQLite refused this version for one of the entity's own constraints
    /// (`message` is SQLite's), or nil when the constraint is a common one.
    func explainConflict(_ message: String) -> OCKStoreError?
}

extension _StoredEntity {
    /// The entity's type, whose noun a reason names it by.
    static var entityType: OCKEntity.EntityType {
        switch entityCode {
        case .patient: return .patient
        case .carePlan: return .carePlan
        case .contact: return .contact
        case .task: return .task
        case .outcome: return .outcome
        }
    }

    func insertChildren(row: Int64, connection: _SQLiteConnection) throws {}
    static func completeBatch(_ entities: inout [Self], rows: [Int64], connection: _SQLiteConnection) throws {}
    func explainConflict(_ message: String) -> OCKStoreError? { nil }
}

/// The shared columns, in the order they are selected by ``_Versioned/selectColumns``.
struct _CommonFields {
    static let columns = [
        "row", "uuid", "id", "seq", "previous_uuids", "next_uuids", "effective_date", "deleted_date",
        "created_date", "updated_date", "schema_version", "remote_id", "group_identifier", "tags",
        "source", "user_info", "asset", "notes", "timezone"
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
            throw OCKStoreError.fetchFailed(
                reason: loc("A row of {table} has a malformed uuid '{uuid}'; the store file was changed by something other than CareKit.", ["table": table, "uuid": s.string(1)]))
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
        schemaVersion = s.optionalString(10).flatMap(Self.schemaVersion)
        remoteID = s.optionalString(11)
        groupIdentifier = s.optionalString(12)
        tags = _Encoding.stringArray(s.optionalString(13))
        source = s.optionalString(14)
        userInfo = try _Encoding.decode([String: String].self, s.optionalString(15))
        asset = s.optionalString(16)
        notes = try _Encoding.decode([OCKNote].self, s.optionalString(17))
        timezone = Self.timeZone(s.string(18))
    }

    /// The last schema version and time zone read, by their text: nearly every row of a store
    /// has the same ones, and parsing them again costs more than the rest of the row.
    private static let lastSchemaVersion = Mutex<(text: String, version: OCKSemanticVersion?)?>(nil)
    private static let lastTimeZone = Mutex<(identifier: String, zone: TimeZone)?>(nil)

    static func schemaVersion(_ text: String) -> OCKSemanticVersion? {
        if let last = lastSchemaVersion.withLock({ $0 }), last.text == text { return last.version }
        let version = OCKSemanticVersion(text)
        lastSchemaVersion.withLock { $0 = (text, version) }
        return version
    }

    static func timeZone(_ identifier: String) -> TimeZone {
        if let last = lastTimeZone.withLock({ $0 }), last.identifier == identifier { return last.zone }
        let zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
        lastTimeZone.withLock { $0 = (identifier, zone) }
        return zone
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
