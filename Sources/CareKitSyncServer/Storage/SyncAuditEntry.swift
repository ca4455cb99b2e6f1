import Foundation

/// One line of the audit trail: who read or changed which patient's data (or which account),
/// what, when and from where. Storage only ever appends them, each chained to the one before
/// by its hash (Accounts/_AuditChain.swift).
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
