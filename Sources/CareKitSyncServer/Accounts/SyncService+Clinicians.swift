import CareKitSecrets
import Foundation

/// The care team's accounts (`carekit sync-server add-clinician`, `assign`).
extension SyncService {
    /// The address as kept: trimmed and lower case; nil when it is not an e-mail address.
    public static func normalizedEmail(_ text: String) -> String? {
        let email = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            email.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"<>\"'\\,;".unicodeScalars.contains($0) })
        else { return nil }
        return email
    }

    /// Adds a clinician whose password is hashed with Argon2id (`limits`: moderate on a server).
    public func addClinician(email: String, password: String, limits: ClinicianPassword.Limits = .moderate) async throws -> SyncClinician {
        guard let address = Self.normalizedEmail(email) else {
            throw SyncStorageError("'\(email.prefix(80))' is not an e-mail address; clinicians sign in with theirs.", isConflict: true)
        }
        if let problem = ClinicianPassword.problem(with: password) { throw SyncStorageError(problem + " Nothing was added.", isConflict: true) }
        guard let hash = await ClinicianPassword.hash(password, limits: limits) else {
            throw SyncStorageError("The password could not be hashed (the machine may be out of memory); nothing was added.")
        }
        return try storage.addClinician(email: address, passwordHash: hash, created: clock())
    }

    /// Lets a clinician see a patient on the dashboard.
    public func assign(clinicianEmail email: String, patientNamed name: String) throws {
        guard let address = Self.normalizedEmail(email), let clinician = try storage.clinician(email: address) else {
            throw SyncStorageError("No clinician with the address '\(email.prefix(80))' on this server; `add-clinician` adds one.", isConflict: true)
        }
        guard let patient = try storage.patients().first(where: { $0.name == name }) else {
            throw SyncStorageError("No patient named '\(name)' on this server; `add-patient` adds one.", isConflict: true)
        }
        try storage.assign(patient: patient.id, to: clinician.id, at: clock())
    }
}
