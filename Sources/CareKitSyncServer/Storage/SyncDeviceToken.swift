import Foundation

/// A device token as the administrator sees it (`carekit sync-server devices`).
public struct SyncDeviceToken: Hashable, Sendable {
    /// The hash the server keeps (never the token).
    public var hash: Data
    public var patient: SyncPatient
    /// What the device is ("first device", "tablet").
    public var label: String
    public var created: Date
    /// When it was last used, to the hour; nil when never.
    public var lastUsed: Date?
    /// When it was revoked; nil while it works.
    public var revoked: Date?
    /// When any device of its patient last made contact, as storage has it (written at most
    /// once an hour, docs/team.md "Last contact"); nil when never. Read with the token, so a
    /// request learns it without a query of its own.
    public var patientLastContact: Date?

    public init(hash: Data, patient: SyncPatient, label: String, created: Date, lastUsed: Date?, revoked: Date?, patientLastContact: Date? = nil) {
        self.hash = hash
        self.patient = patient
        self.label = label
        self.created = created
        self.lastUsed = lastUsed
        self.revoked = revoked
        self.patientLastContact = patientLastContact
    }

    /// How the administrator names it: the first 12 hex digits of its hash (which reveal
    /// nothing of the token).
    public var id: String { String(_Hex.string(hash).prefix(12)) }
}
