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
