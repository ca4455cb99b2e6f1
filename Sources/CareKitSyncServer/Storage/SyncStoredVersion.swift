import Foundation

/// A version as the server keeps it: its uuid and kind, and its JSON exactly as a device sent
/// it (with any fields this version of CareKit does not know).
public struct SyncStoredVersion: Hashable, Sendable {
    public var uuid: UUID
    /// The `OCKEntity` JSON: `{"type": …, "object": {…}}`.
    public var json: Data

    public init(uuid: UUID, json: Data) {
        self.uuid = uuid
        self.json = json
    }
}
