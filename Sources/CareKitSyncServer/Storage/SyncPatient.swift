import Foundation

/// A patient's account on the sync server.
public struct SyncPatient: Hashable, Sendable {
    /// The server's number for the patient.
    public var id: Int64
    /// The name it was added with (unique on the server).
    public var name: String
    /// When it was added.
    public var created: Date

    public init(id: Int64, name: String, created: Date) {
        self.id = id
        self.name = name
        self.created = created
    }
}
