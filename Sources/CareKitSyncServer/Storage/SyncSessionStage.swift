import Foundation

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
