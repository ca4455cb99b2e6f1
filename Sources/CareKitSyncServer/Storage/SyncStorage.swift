import CareKitStore
import Foundation

/// Where the sync server keeps accounts, device tokens and every patient's revisions. It never
/// rewrites history: revisions are only appended, each version once per patient.
///
/// The embedded implementation is ``SQLiteSyncStorage``; a server for many patients can keep
/// them in another database behind the same protocol.
public protocol SyncStorage: Sendable {
    /// Adds a patient; fails when the name is taken.
    func addPatient(name: String, created: Date) throws -> SyncPatient
    /// Every patient, by name.
    func patients() throws -> [SyncPatient]
    /// Gives a patient a device token (only its hash is kept).
    func addDeviceToken(hash: Data, patient: Int64, label: String, created: Date) throws
    /// The patient a device token belongs to, or nil (also for a revoked token).
    func patient(tokenHash: Data) throws -> SyncPatient?
    /// A device token with its patient, last use and revocation, or nil.
    func deviceToken(hash: Data) throws -> SyncDeviceToken?
    /// Every device token, revoked ones too, by patient name and then age.
    func deviceTokens() throws -> [SyncDeviceToken]
    /// Notes that a device token was used (the server does so at most hourly per token).
    func noteDeviceTokenUse(hash: Data, at date: Date) throws
    /// Up to `limit` versions the patient's devices pushed that `since` does not cover, after
    /// `cursor`; the last page carries the server's knowledge.
    func pull(patient: Int64, since: OCKRevisionRecord.KnowledgeVector, after cursor: SyncCursor?, limit: Int) throws -> SyncPullResult
    /// Appends the versions not stored yet (all or none of them), then takes in the device's
    /// knowledge when it is given.
    ///
    /// A push that carries no version changes only knowledge, and is committed without waiting
    /// for the disk: a power cut may undo it, and then the server knows less of a device than
    /// it acknowledged, which costs a later pull some versions it already has and loses
    /// nothing. A push with versions is flushed, and so with it everything committed before.
    func push(patient: Int64, revisions: [SyncStoredRevision], deviceKnowledge: OCKRevisionRecord.KnowledgeVector?, at date: Date) throws -> SyncPushOutcome
    /// When the patient's devices last pushed anything, or nil.
    func lastPush(patient: Int64) throws -> Date?
    /// Sets the patient's identifier in `system` (a hospital's MRN), replacing the one it had there.
    func setIdentifier(patient: Int64, _ identifier: SyncPatientIdentifier, at date: Date) throws
    /// The patient's identifiers, by system.
    func identifiers(patient: Int64) throws -> [SyncPatientIdentifier]

    // MARK: The care team (docs/team.md)

    /// Adds a clinician; fails when the e-mail address is taken.
    func addClinician(email: String, passwordHash: String, created: Date) throws -> SyncClinician
    /// The clinician with this (lower-case) e-mail address, or nil.
    func clinician(email: String) throws -> SyncClinician?
    /// Assigns a patient to a clinician (again: nothing changes).
    func assign(patient: Int64, to clinician: Int64, at date: Date) throws
    /// The patients assigned to a clinician, by name.
    func assignedPatients(of clinician: Int64) throws -> [SyncPatient]
    /// Keeps a new session (only the hash of its cookie), at a stage of signing in.
    func addSession(hash: Data, clinician: Int64, at date: Date, stage: SyncSessionStage) throws
    /// The session a cookie's hash names, or nil.
    func session(hash: Data) throws -> SyncTeamSession?
    /// Notes that a session was used.
    func touchSession(hash: Data, at date: Date) throws
    /// Ends a session (signing out, or expired).
    func removeSession(hash: Data) throws
    /// Appends a line to the audit trail, which is never rewritten.
    func appendAudit(_ entry: SyncAuditEntry) throws
    /// The latest `limit` lines of a patient's audit trail, newest first.
    func auditTrail(patient: Int64, limit: Int) throws -> [SyncAuditEntry]
    /// The patients assigned to a clinician, by name, each with its latest revision and when
    /// it was stored (the patient list's one read; SyncPatientState.swift).
    func assignedPatientStates(of clinician: Int64) throws -> [SyncPatientState]
    /// Appends several lines to the audit trail in one transaction.
    func appendAudit(_ entries: [SyncAuditEntry]) throws
    /// The sign-in attempts counted under each key (a pair, an account, a client address) since
    /// `date`, oldest first; keys without any are left out.
    func loginFailures(keys: [String], since date: Date) throws -> [String: [Date]]
    /// Counts sign-in attempt `attempt` under every key unless `refuse`, given what is already
    /// counted under each key since `since` (oldest first), says how long to wait, and forgets
    /// attempts before `since`: the check and the count in one transaction, shared by every
    /// server on the storage. The wait, or nil when the attempt was counted.
    func countLoginAttempt(
        _ attempt: String, keys: [String], at date: Date, since: Date, refuse: ([String: [Date]]) -> TimeInterval?
    ) throws -> TimeInterval?
    /// A sign-in succeeded: its attempt no longer counts, and neither does anything under `keys`.
    func forgetLoginAttempt(_ attempt: String, clearing keys: [String]) throws
    /// Records that a clinician acknowledged the alert `key` of a patient's, with a note, and
    /// appends its audit line, in one transaction (SQLite/SQLiteSyncStorage+Triage.swift, PostgreSQL/PostgresSyncStorage+Triage.swift).
    func acknowledgeAlert(patient: Int64, key: String, note: String, audit: SyncAuditEntry) throws
    /// The keys of the acknowledged alerts of each patient assigned to a clinician.
    func acknowledgedAlerts(of clinician: Int64) throws -> [Int64: Set<String>]
    /// Notes when a patient's devices last made contact (later dates only).
    func recordContact(patient: Int64, at date: Date) throws
    /// The overviews the dashboard kept of these patients (migration 9; SyncKeptOverview.swift),
    /// by patient; patients without one are left out.
    func keptOverviews(patients: [Int64]) throws -> [Int64: SyncKeptOverview]
    /// Keeps overviews by patient in one transaction; one of an older revision than the one
    /// kept for its patient is left out (two servers computing at once).
    func keepOverviews(_ overviews: [Int64: SyncKeptOverview]) throws

    // MARK: Administration (docs/deploy.md, "People come and go")

    /// Makes an administrator's change and appends its audit line, in one transaction;
    /// false (and no line) when it changed nothing.
    func administer(_ change: SyncAdministration, at date: Date, audit: SyncAuditEntry) throws -> Bool
    /// Up to `limit` lines of the whole audit trail after line `id`, in order, with their
    /// hashes.
    func auditEntries(after id: Int64, limit: Int) throws -> [SyncAuditEntry]
    /// Every clinician, by e-mail address.
    func clinicians() throws -> [SyncClinician]

    // Second factor (migration 8): docs/team.md, "Two-step sign-in".
    /// A clinician's TOTP secret and the last time step used, or nil when they have none.
    func secondFactor(of clinician: Int64) throws -> SyncSecondFactor?
    /// Takes a code's time step once: true (and noted) when it is later than the last taken,
    /// so a code seen over a shoulder cannot be used again.
    func takeTimeStep(_ step: Int64, of clinician: Int64) throws -> Bool
    /// Uses one of the clinician's recovery codes (by its hash) once: true when it was there
    /// unused. The count of those left comes with it.
    func useRecoveryCode(hash: Data, of clinician: Int64, at date: Date) throws -> (used: Bool, left: Int)
    /// Enrolls a second factor in one transaction with its audit line: the secret and the time
    /// step of the code that confirmed it, the recovery codes' hashes (replacing any), and the
    /// session signed in.
    func enrollSecondFactor(clinician: Int64, secret: Data, step: Int64, recoveryCodes: [Data], session: Data, audit: SyncAuditEntry) throws
    /// Moves a session to another stage (and keeps the secret being enrolled, if any).
    func setSessionStage(hash: Data, stage: SyncSessionStage, pendingSecret: Data?) throws
}

extension SyncStorage {
    /// One line at a time; the storages of this package append them in one statement.
    public func appendAudit(_ entries: [SyncAuditEntry]) throws {
        for entry in entries { try appendAudit(entry) }
    }
}
