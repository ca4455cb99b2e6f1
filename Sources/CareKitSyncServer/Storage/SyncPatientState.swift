import Foundation

/// A patient as the dashboard's list needs them from storage: who, their latest revision (its
/// sequence, 0 before the first push) and when that revision was stored. The sequence names
/// everything the patient's devices pushed so far, so a patient's overview computed at one
/// sequence holds until the next push (CareKitTeam's Patients/_OverviewCache.swift).
public struct SyncPatientState: Hashable, Sendable {
    public var patient: SyncPatient
    /// The sequence of the patient's latest revision; 0 when nothing was pushed yet.
    public var latestRevision: Int64
    /// When the latest revision was stored (the last push that stored something), or nil.
    public var lastPush: Date?
    /// When a device of the patient's last synchronized, as storage knows it (written when it
    /// moved by an hour; ``SyncService/lastContact(patient:)`` knows this server's latest), or
    /// nil.
    public var lastContact: Date?

    public init(patient: SyncPatient, latestRevision: Int64, lastPush: Date?, lastContact: Date? = nil) {
        self.patient = patient
        self.latestRevision = latestRevision
        self.lastPush = lastPush
        self.lastContact = lastContact
    }
}
