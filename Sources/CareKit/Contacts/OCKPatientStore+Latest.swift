import CareKitStore
import Foundation

extension OCKAnyReadOnlyPatientStore {
    /// The store's patient as it is now: the newest version (the tip of its version chain, the
    /// one effective last among several), or nil when the store has none or it was deleted.
    /// Unlike a query for a day, this finds a patient added today for a report of last week: a
    /// person's name is not a plan that takes effect on a date.
    public func latestPatient() async throws -> (any OCKAnyPatient)? {
        let versions = try await fetchAnyPatients(query: OCKPatientQuery())
        let versioned = versions.compactMap { $0 as? OCKPatient }
        // A store of its own kinds of patient: the version effective last.
        guard versioned.count == versions.count else { return versions.max { $0.effectiveDate < $1.effectiveDate } }
        // A deleted patient's last version is followed by its tombstone, which queries leave out.
        return versioned.filter { $0.nextVersionUUIDs.isEmpty }.max { $0.effectiveDate < $1.effectiveDate }
    }
}
