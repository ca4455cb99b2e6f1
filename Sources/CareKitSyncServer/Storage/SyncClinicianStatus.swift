import Foundation

/// Whether a clinician may sign in: disabled accounts can be enabled again; removed ones are
/// kept only so that the audit trail still names them.
public enum SyncClinicianStatus: String, Hashable, Sendable, CaseIterable {
    case active, disabled, removed
}
