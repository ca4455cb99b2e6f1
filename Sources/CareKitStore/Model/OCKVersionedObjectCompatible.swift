import Foundation

/// The fields every versioned entity carries: its place in the version graph, store
/// bookkeeping, and user metadata. Patients, care plans, contacts, tasks and outcomes conform.
///
/// A logical entity is identified by ``id``; each saved version has its own ``uuid`` and links
/// to the versions before and after it. Updates append versions and deletes append a tombstone
/// (a version with ``deletedDate`` set), so history is never rewritten.
public protocol OCKVersionedObjectCompatible: Codable, Hashable, Sendable, Identifiable where ID == String {
    /// The user-chosen identity, the same for every version.
    var id: String { get }
    /// The identity of this version.
    var uuid: UUID { get set }
    /// The versions this one follows (several after a merge).
    var previousVersionUUIDs: [UUID] { get set }
    /// The versions that follow this one (several after a conflict).
    var nextVersionUUIDs: [UUID] { get set }
    /// When this version starts to apply.
    var effectiveDate: Date { get set }
    /// Set only on a tombstone: when the entity was deleted.
    var deletedDate: Date? { get set }
    /// When the entity was first created.
    var createdDate: Date? { get set }
    /// When this version was written.
    var updatedDate: Date? { get set }
    /// The schema version this version was written with.
    var schemaVersion: OCKSemanticVersion? { get set }
    /// An identifier given by a remote server.
    var remoteID: String? { get set }
    /// A user-defined group.
    var groupIdentifier: String? { get set }
    /// User-defined tags.
    var tags: [String]? { get set }
    /// Where the data came from.
    var source: String? { get set }
    /// Free-form string metadata.
    var userInfo: [String: String]? { get set }
    /// The name of an image or other asset.
    var asset: String? { get set }
    /// Notes about the entity.
    var notes: [OCKNote]? { get set }
    /// The time zone the entity was created in.
    var timezone: TimeZone { get set }
}

extension OCKVersionedObjectCompatible {
    /// Whether this version is a tombstone written by a delete.
    public var isTombstone: Bool { deletedDate != nil }
}
