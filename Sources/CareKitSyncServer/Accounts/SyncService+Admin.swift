import CSodium
import CareKitSecrets
import Foundation

/// People come and go (`carekit sync-server devices`, `revoke`, `disable`, `enable`, `remove`,
/// `unassign`, `passwd`, `reset`): each change takes effect on the next request, on every
/// server of the database, and is written to the audit trail with it in one transaction.
extension SyncService {
    /// Who acted and from where, for the audit trail.
    public struct Actor: Sendable {
        public var name: String
        public var address: String

        public init(name: String, address: String) {
            self.name = name
            self.address = address
        }

        /// The administrator at this machine's command line: "administrator (unix user NAME)".
        public static func commandLine(user: String) -> Actor {
            Actor(name: "administrator (unix user \(user))", address: "local")
        }
    }

    /// Every device token of the server, or of one patient.
    public func devices(patientNamed name: String? = nil) throws -> [SyncDeviceToken] {
        let all = try storage.deviceTokens()
        guard let name else { return all }
        _ = try patient(named: name)
        return all.filter { $0.patient.name == name }
    }

    /// Revokes the device token `devices` lists as `id` (its hash's first hex digits, at least 8).
    @discardableResult
    public func revokeDevice(_ id: String, by actor: Actor) throws -> SyncDeviceToken {
        let wanted = id.lowercased()
        let matches = wanted.count >= 8 ? try storage.deviceTokens().filter { $0.id.hasPrefix(wanted) || _Hex.string($0.hash) == wanted } : []
        guard matches.count == 1, let token = matches.first else {
            throw SyncStorageError(
                matches.isEmpty
                    ? "No device token '\(id.prefix(80))' on this server; `devices` lists them (the first column)."
                    : "'\(id)' names \(matches.count) device tokens; give more of its digits.", isConflict: true)
        }
        guard token.revoked == nil else { throw SyncStorageError("The token \(token.id) (\(token.label) of \(token.patient.name)) was already revoked.", isConflict: true) }
        try administer(
            .revokeDeviceToken(hash: token.hash), actor, clinician: nil, patient: token.patient.id,
            "revoked the device token \(token.id) (\(token.label))")
        return token
    }

    /// Disables, enables or removes a clinician's account; disabling or removing signs them
    /// out everywhere at once.
    public func setClinician(_ email: String, status: SyncClinicianStatus, by actor: Actor) throws {
        let clinician = try clinician(email)
        guard clinician.status != .removed else {
            throw SyncStorageError("\(clinician.email) was removed; a removed account stays removed (add a new one with another address).", isConflict: true)
        }
        guard clinician.status != status else { throw SyncStorageError("\(clinician.email) is already \(status.rawValue).", isConflict: true) }
        let words: [SyncClinicianStatus: String] = [.active: "enabled", .disabled: "disabled", .removed: "removed"]
        try administer(
            .setClinicianStatus(clinician: clinician.id, status: status), actor, clinician: clinician.id, patient: nil,
            "\(words[status] ?? status.rawValue) the clinician \(clinician.email)")
    }

    /// Stops a clinician seeing a patient on the dashboard.
    public func unassign(clinicianEmail email: String, patientNamed name: String, by actor: Actor) throws {
        let clinician = try clinician(email)
        let patient = try patient(named: name)
        let changed = try storage.administer(
            .unassign(clinician: clinician.id, patient: patient.id), at: clock(),
            audit: entry(actor, clinician: clinician.id, patient: patient.id, "unassigned \(patient.name) from \(clinician.email)"))
        guard changed else { throw SyncStorageError("\(clinician.email) was not assigned \(patient.name).", isConflict: true) }
    }

    /// Removes a clinician's second factor and recovery codes (a lost or replaced phone); their
    /// sessions end, and they set up two-step sign-in again at their next sign-in.
    public func resetSecondFactor(_ email: String, by actor: Actor) throws {
        let clinician = try clinician(email)
        guard try storage.secondFactor(of: clinician.id) != nil else {
            throw SyncStorageError("\(clinician.email) has not set up two-step sign-in; nothing to reset.", isConflict: true)
        }
        try administer(.resetSecondFactor(clinician: clinician.id), actor, clinician: clinician.id, patient: nil, "reset the two-step sign-in of \(clinician.email)")
    }

    /// Sets a clinician's password (the same rules as `add-clinician`); their sessions end.
    public func changePassword(_ email: String, to password: String, by actor: Actor, limits: ClinicianPassword.Limits = .moderate) async throws {
        if let problem = ClinicianPassword.problem(with: password) { throw SyncStorageError(problem + " Nothing was changed.", isConflict: true) }
        try await setPassword(email, password, actor, limits, "changed the password of")
    }

    /// Gives a clinician a new random password, returned to be handed over once; their
    /// sessions end.
    public func resetPassword(_ email: String, by actor: Actor, limits: ClinicianPassword.Limits = .moderate) async throws -> String {
        // 20 letters and digits of an alphabet without look-alikes (about 99 bits), in groups.
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        _ = sodium_init()
        var password = ""
        for index in 0..<20 {
            if index > 0 && index % 5 == 0 { password.append("-") }
            password.append(alphabet[Int(randombytes_uniform(UInt32(alphabet.count)))])
        }
        try await setPassword(email, password, actor, limits, "reset the password of")
        return password
    }

    /// The trail checked link by link (`carekit sync-server audit verify`).
    public func verifyAudit() throws -> SyncAuditVerification { try storage.verifyAudit() }

    // MARK: Helpers

    private func setPassword(_ email: String, _ password: String, _ actor: Actor, _ limits: ClinicianPassword.Limits, _ words: String) async throws {
        let clinician = try clinician(email)
        guard clinician.status != .removed else { throw SyncStorageError("\(clinician.email) was removed; nothing was changed.", isConflict: true) }
        guard let hash = await ClinicianPassword.hash(password, limits: limits) else {
            throw SyncStorageError("The password could not be hashed (the machine may be out of memory); nothing was changed.")
        }
        try administer(.setPassword(clinician: clinician.id, hash: hash), actor, clinician: clinician.id, patient: nil, "\(words) \(clinician.email)")
    }

    private func administer(_ change: SyncAdministration, _ actor: Actor, clinician: Int64?, patient: Int64?, _ action: String) throws {
        _ = try storage.administer(change, at: clock(), audit: entry(actor, clinician: clinician, patient: patient, action))
    }

    private func entry(_ actor: Actor, clinician: Int64?, patient: Int64?, _ action: String) -> SyncAuditEntry {
        SyncAuditEntry(date: clock(), clinician: clinician, clinicianEmail: actor.name, patient: patient, action: action, address: actor.address)
    }

    func clinician(_ email: String) throws -> SyncClinician {
        guard let address = Self.normalizedEmail(email), let clinician = try storage.clinician(email: address) else {
            throw SyncStorageError("No clinician with the address '\(email.prefix(80))' on this server; `add-clinician` adds one.", isConflict: true)
        }
        return clinician
    }

    func patient(named name: String) throws -> SyncPatient {
        guard let patient = try storage.patients().first(where: { $0.name == name }) else {
            throw SyncStorageError("No patient named '\(name.prefix(200))' on this server; `add-patient` adds one.", isConflict: true)
        }
        return patient
    }
}
