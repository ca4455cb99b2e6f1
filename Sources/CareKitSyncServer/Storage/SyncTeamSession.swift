import Foundation

/// A signed-in browser of a clinician, as storage keeps it (by the hash of its cookie).
public struct SyncTeamSession: Hashable, Sendable {
    /// The clinician it belongs to.
    public var clinician: SyncClinician
    /// When they signed in.
    public var created: Date
    /// When it was last used.
    public var lastSeen: Date
    /// How far signing in has come: only a signed-in session sees patients.
    public var stage: SyncSessionStage
    /// The secret shown to a clinician enrolling, until a code confirms it.
    public var pendingSecret: Data?

    public init(clinician: SyncClinician, created: Date, lastSeen: Date, stage: SyncSessionStage = .signedIn, pendingSecret: Data? = nil) {
        self.clinician = clinician
        self.created = created
        self.lastSeen = lastSeen
        self.stage = stage
        self.pendingSecret = pendingSecret
    }
}
