import Foundation

/// A member of the care team with an account on the sync server's dashboard (`/team`).
public struct SyncClinician: Hashable, Sendable {
    /// The server's number for the clinician.
    public var id: Int64
    /// The e-mail address they sign in with (lower case, unique on the server).
    public var email: String
    /// Their password's Argon2id hash, in libsodium's `crypto_pwhash_str` form.
    public var passwordHash: String
    /// When the account was added.
    public var created: Date
    /// Whether they may sign in.
    public var status: SyncClinicianStatus

    public init(id: Int64, email: String, passwordHash: String, created: Date, status: SyncClinicianStatus = .active) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.created = created
        self.status = status
    }
}

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

/// How far a browser has come in signing in (docs/team.md, "Two-step sign-in").
public enum SyncSessionStage: String, Hashable, Sendable, CaseIterable {
    /// Password and, when enrolled, a code: the dashboard is open.
    case signedIn = "signed-in"
    /// The password was right; a code from the clinician's authenticator app is asked next.
    case needsCode = "needs-code"
    /// The password was right and the server requires a second factor the clinician has not
    /// set up: they enroll before anything else.
    case needsEnrollment = "needs-enrollment"
}

/// A clinician's time-based one-time password: the shared secret, and the last time step a
/// code was taken at (codes of that step or earlier are refused).
public struct SyncSecondFactor: Hashable, Sendable {
    public var secret: Data
    public var lastStep: Int64

    public init(secret: Data, lastStep: Int64) {
        self.secret = secret
        self.lastStep = lastStep
    }
}

/// One line of the audit trail: who read or changed which patient's data (or which account),
/// what, when and from where. Storage only ever appends them, each chained to the one before
/// by its hash (Team/_AuditChain.swift).
public struct SyncAuditEntry: Hashable, Sendable {
    /// The line's number in the trail, once stored.
    public var id: Int64?
    /// When it happened.
    public var date: Date
    /// The clinician's number, when a clinician acted or was acted on.
    public var clinician: Int64?
    /// Who acted: the clinician's e-mail address, or the administrator
    /// ("administrator (unix user NAME)").
    public var clinicianEmail: String
    /// The patient whose data or account it was, if any.
    public var patient: Int64?
    /// What was done, in words ("viewed the day 2025-01-02").
    public var action: String
    /// The client's address (as the server or its proxy saw it), or "local" for a command.
    public var address: String
    /// The previous line's hash and this line's (SHA-256), once stored.
    public var previousHash: Data?
    public var hash: Data?

    public init(date: Date, clinician: Int64?, clinicianEmail: String = "", patient: Int64?, action: String, address: String) {
        self.date = date
        self.clinician = clinician
        self.clinicianEmail = clinicianEmail
        self.patient = patient
        self.action = action
        self.address = address
    }
}

/// Whether a clinician may sign in: disabled accounts can be enabled again; removed ones are
/// kept only so that the audit trail still names them.
public enum SyncClinicianStatus: String, Hashable, Sendable, CaseIterable {
    case active, disabled, removed
}
