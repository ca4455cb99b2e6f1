import Foundation

/// An administrator's change to the accounts, written with its audit line in one transaction.
public enum SyncAdministration: Hashable, Sendable {
    /// The token stops working at once; it stays listed as revoked.
    case revokeDeviceToken(hash: Data)
    /// Disabling or removing ends the clinician's sessions; removing also ends their
    /// assignments, for good.
    case setClinicianStatus(clinician: Int64, status: SyncClinicianStatus)
    case unassign(clinician: Int64, patient: Int64)
    /// A new password hash; the clinician's sessions end.
    case setPassword(clinician: Int64, hash: String)
    /// The second factor and recovery codes go (a lost phone); the clinician's sessions end, and
    /// they enroll again at their next sign-in.
    case resetSecondFactor(clinician: Int64)
}
