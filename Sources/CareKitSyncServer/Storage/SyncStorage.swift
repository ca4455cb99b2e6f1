import CareKitStore
import Foundation

/// A patient's account on the sync server.
public struct SyncPatient: Hashable, Sendable {
    /// The server's number for the patient.
    public var id: Int64
    /// The name it was added with (unique on the server).
    public var name: String
    /// When it was added.
    public var created: Date

    public init(id: Int64, name: String, created: Date) {
        self.id = id
        self.name = name
        self.created = created
    }
}

/// A version as the server keeps it: its uuid and kind, and its JSON exactly as a device sent
/// it (with any fields this version of CareKit does not know).
public struct SyncStoredVersion: Hashable, Sendable {
    public var uuid: UUID
    /// The `OCKEntity` JSON: `{"type": …, "object": {…}}`.
    public var json: Data

    public init(uuid: UUID, json: Data) {
        self.uuid = uuid
        self.json = json
    }
}

/// One revision as stored: the versions a device pushed under one knowledge vector.
public struct SyncStoredRevision: Hashable, Sendable {
    public var knowledgeVector: OCKRevisionRecord.KnowledgeVector
    public var versions: [SyncStoredVersion]

    public init(knowledgeVector: OCKRevisionRecord.KnowledgeVector, versions: [SyncStoredVersion]) {
        self.knowledgeVector = knowledgeVector
        self.versions = versions
    }
}

/// Where a page of a pull ends: the revision and the position of its last version delivered.
public struct SyncCursor: Hashable, Sendable, LosslessStringConvertible {
    public var sequence: Int64
    public var position: Int64

    public init(sequence: Int64, position: Int64) {
        self.sequence = sequence
        self.position = position
    }

    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let sequence = Int64(parts[0]), let position = Int64(parts[1]), sequence >= 0, position >= 0 else { return nil }
        self.init(sequence: sequence, position: position)
    }

    public var description: String { "\(sequence).\(position)" }
}

/// One page of a pull, as storage returns it.
public struct SyncPullResult: Hashable, Sendable {
    /// The revisions of this page, in the order they were stored.
    public var revisions: [SyncStoredRevision]
    /// Where the next page starts; nil on the last page.
    public var next: SyncCursor?
    /// On the last page, everything the server knows for the patient.
    public var knowledge: OCKRevisionRecord.KnowledgeVector?
}

/// What storage did with a push.
public struct SyncPushOutcome: Hashable, Sendable {
    public var stored: Int
    public var alreadyPresent: Int
}

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
    /// it was stored (the patient list's one read; Team/SyncPatientState.swift).
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
    /// appends its audit line, in one transaction (Team/SyncStorage+Triage.swift).
    func acknowledgeAlert(patient: Int64, key: String, note: String, audit: SyncAuditEntry) throws
    /// The keys of the acknowledged alerts of each patient assigned to a clinician.
    func acknowledgedAlerts(of clinician: Int64) throws -> [Int64: Set<String>]
    /// Notes when a patient's devices last made contact (later dates only).
    func recordContact(patient: Int64, at date: Date) throws

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

/// A storage failure, said for the server's log and its 5xx answer.
public struct SyncStorageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// Whether the request was wrong (a name taken) rather than the storage failing.
    public var isConflict: Bool

    public init(_ description: String, isConflict: Bool = false) {
        self.description = description
        self.isConflict = isConflict
    }
}

/// What a push does to a patient's knowledge, the same for every storage. The device's
/// knowledge is taken in only as far as the server holds versions for it: each process's clock
/// at most the largest clock any stored revision's vector (this push's included) gives it, so a
/// device that claims another's process at a million cannot make that one's next versions look
/// known (and so never pushed). A patient's vectors may name at most
/// ``SyncService/maximumProcesses`` processes, so that no push can make every later pull slow.
enum _PushKnowledge {
    /// The patient's knowledge after the push; throws (a refusal) when it would name too many
    /// processes.
    static func after(
        _ current: OCKRevisionRecord.KnowledgeVector, revisions: [SyncStoredRevision], device: OCKRevisionRecord.KnowledgeVector?
    ) throws -> OCKRevisionRecord.KnowledgeVector {
        var bound = current
        for revision in revisions { bound.merge(with: revision.knowledgeVector) }
        guard bound.processes.count <= SyncService.maximumProcesses else {
            throw SyncStorageError(
                "This push would make the patient's devices use \(bound.processes.count) processes (store files); at most \(SyncService.maximumProcesses) are kept. Nothing was stored.",
                isConflict: true)
        }
        guard let device else { return current }
        var accepted: [UUID: Int] = [:]
        for (process, clock) in device.processes {
            let allowed = min(clock, bound.clock(for: process))
            if allowed > 0 { accepted[process] = allowed }
        }
        var result = current
        result.merge(with: OCKRevisionRecord.KnowledgeVector(accepted))
        return result
    }

    /// Whether a push would change nothing for a patient who knows `current`: it carries no
    /// version, and the device's knowledge adds nothing the server may take in. Such a push
    /// (an idle device's) is answered without a write transaction. Throws as ``after(_:revisions:device:)``.
    static func changesNothing(
        _ current: OCKRevisionRecord.KnowledgeVector, revisions: [SyncStoredRevision], device: OCKRevisionRecord.KnowledgeVector?
    ) throws -> Bool {
        try revisions.allSatisfy(\.versions.isEmpty) && after(current, revisions: revisions, device: device) == current
    }
}

/// How a pull is cut into pages, the same for every storage: the revisions `since` does not
/// cover, in order, each one's versions after the cursor, at most `limit` versions a page; the
/// last page carries the patient's knowledge. A page reads the revisions from its cursor on in
/// batches and stops at the first one it has no room for, so its cost follows its size, not
/// the number of revisions after it.
enum _PullPages {
    /// A stored version with its position in its revision.
    typealias Row = (uuid: UUID, json: Data, position: Int64)
    /// A stored revision's number and vector.
    typealias Revision = (sequence: Int64, vector: OCKRevisionRecord.KnowledgeVector)

    /// - Parameters:
    ///   - revisions: up to `count` revisions numbered `from` or more, with their vectors, in order.
    ///   - endOfRevision: the position that means "all of this revision was sent".
    ///   - versions: up to `limit` versions of revision `sequence` after position `after`.
    static func page(
        since: OCKRevisionRecord.KnowledgeVector, start: SyncCursor, limit: Int, endOfRevision: Int64,
        revisions: (_ from: Int64, _ count: Int) throws -> [Revision],
        versions: (_ sequence: Int64, _ after: Int64, _ limit: Int) throws -> [Row],
        knowledge: () throws -> OCKRevisionRecord.KnowledgeVector
    ) throws -> SyncPullResult {
        var result = SyncPullResult(revisions: [], next: nil, knowledge: nil)
        var room = max(1, limit)
        var from = start.sequence
        var lastSent: Int64?
        let batch = min(max(room + 1, 16), 1_000)
        while true {
            let found = try revisions(from, batch)
            for (sequence, vector) in found {
                from = sequence + 1
                guard !since.covers(vector) else { continue }
                if room == 0, let lastSent {
                    // A revision is left and this page is full: the next page starts after the last one sent.
                    result.next = SyncCursor(sequence: lastSent, position: endOfRevision)
                    return result
                }
                let rows = try versions(sequence, sequence == start.sequence ? start.position : -1, room + 1)
                let more = rows.count > room
                let page = rows.prefix(room)
                if !page.isEmpty {
                    result.revisions.append(SyncStoredRevision(knowledgeVector: vector, versions: page.map { SyncStoredVersion(uuid: $0.uuid, json: $0.json) }))
                }
                room -= page.count
                if more {
                    result.next = SyncCursor(sequence: sequence, position: page.last?.position ?? -1)
                    return result
                }
                lastSent = sequence
            }
            if found.count < batch { break }
        }
        result.knowledge = try knowledge()
        return result
    }
}
