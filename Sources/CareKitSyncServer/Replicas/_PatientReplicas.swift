import CareKitFHIR
import CareKitStore
import Foundation

/// Each patient's revisions merged into a CareKit store in memory — the same merge, conflict
/// resolution and outcome election a device of theirs performs — and the store's FHIR export.
/// A replica is brought up to date (only the revisions it has not seen) on every read, and the
/// export is made again only when something arrived or a minute has passed (activity statuses
/// depend on "now"). The replicas of the most recently read patients are kept.
package actor _PatientReplicas {
    private struct Replica {
        let store: OCKStore
        var resources: [FHIRResource]?
        var identity: OCKFHIRPatientIdentity?
        var exported = Date.distantPast
        var lastUse: UInt64 = 0
    }

    private let storage: any SyncStorage
    private let clock: @Sendable () -> Date
    private let capacity: Int
    private var replicas: [Int64: Replica] = [:]
    private var uses: UInt64 = 0

    package init(storage: any SyncStorage, clock: @escaping @Sendable () -> Date, capacity: Int = 8) {
        self.storage = storage
        self.clock = clock
        self.capacity = max(1, capacity)
    }

    /// The patient's data as FHIR resources, as of now: always with a Patient, the account's
    /// (its name and the identifiers an administrator set) when the devices recorded none.
    func resources(of account: SyncPatient) async throws -> [FHIRResource] {
        let patient = account.id
        let identity = Self.identity(of: account, identifiers: try storage.identifiers(patient: patient))
        let (store, arrived) = try await synchronized(patient)
        let now = clock()
        if let cached = replicas[patient]?.resources, let exported = replicas[patient]?.exported, !arrived, now.timeIntervalSince(exported) < 60,
            replicas[patient]?.identity == identity
        {
            return cached
        }
        let resources = OCKFHIRExporter(now: now, patient: identity).export(try await store.exportVersions()).resources
        replicas[patient]?.resources = resources
        replicas[patient]?.identity = identity
        replicas[patient]?.exported = now
        return resources
    }

    /// The account as the patient of its data: Patient `account-N`, named as the account, with
    /// its identifiers as medical record numbers (`type` MR of HL7's v2 table 0203).
    static func identity(of account: SyncPatient, identifiers: [SyncPatientIdentifier]) -> OCKFHIRPatientIdentity {
        let recordNumber = FHIRJSON.object([
            "coding": .array([.object(["system": .string("http://terminology.hl7.org/CodeSystem/v2-0203"), "code": .string("MR"), "display": .string("Medical record number")])])
        ])
        return OCKFHIRPatientIdentity(
            id: "account-\(account.id)", name: account.name,
            identifiers: identifiers.map { stored in
                var identifier = FHIRIdentifier(system: stored.system, value: stored.value)
                identifier.additionalMembers = ["use": .string("usual"), "type": recordNumber]
                return identifier
            })
    }

    /// The patient's replica store, brought up to date: for reading their events, outcomes and
    /// adherence with CareKitStore (the dashboard).
    package func store(of patient: Int64) async throws -> OCKStore {
        let (store, arrived) = try await synchronized(patient)
        if arrived { replicas[patient]?.resources = nil }
        return store
    }

    /// Brings the patient's replica up to date; whether anything arrived.
    private func synchronized(_ patient: Int64) async throws -> (store: OCKStore, arrived: Bool) {
        uses += 1
        let replica = replicas[patient] ?? makeReplica(for: patient)
        replicas[patient] = replica
        replicas[patient]?.lastUse = uses
        let summary = try await replica.store.synchronize()
        return (replica.store, summary.merged.values.reduce(0, +) + summary.resolvedConflicts > 0)
    }

    private func makeReplica(for patient: Int64) -> Replica {
        while replicas.count >= capacity, let oldest = replicas.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            replicas[oldest] = nil
        }
        let store = OCKStore(name: "patient-\(patient)", type: .inMemory, remote: _StorageRemote(storage: storage, patient: patient), clock: clock)
        return Replica(store: store)
    }
}
