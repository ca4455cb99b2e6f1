import CareKitStore
import Foundation

/// A store's data as FHIR R4 resources: a pure function of the store's versions (every version
/// of every entity, as ``CareKitStore/OCKStore/exportVersions()`` gives them) and "now".
///
/// Patients, care plans, contacts and outcomes are written as their current version, with
/// `meta.versionId` the version's number in the store's history; deleted ones are not written.
/// A task is written as one activity of its care plan per version that owns time (a version
/// replaced or a task deleted keeps its stretch of history, as a stopped activity), so the
/// plan's events before and after a change both survive.
public struct OCKFHIRExporter: Sendable {
    /// The moment of the export: activity statuses and the bundle's timestamp.
    public var now: Date
    /// Who the data is about when the store does not say it all (a sync server's account).
    public var patient: OCKFHIRPatientIdentity?

    /// Creates a value; elements not given are absent.
    public init(now: Date, patient: OCKFHIRPatientIdentity? = nil) {
        self.now = now
        self.patient = patient
    }

    /// The resources, in a stable order (patients, allergies, care plans, care teams, contacts,
    /// observations; each by id), and what was left out.
    public func export(_ entities: [OCKEntity]) -> OCKFHIRExport {
        var context = _ExportContext(entities: entities, now: now)
        context.identity = patient
        return context.run()
    }
}

/// The patient a store's data is about, as a server that holds it knows them: the name of
/// their account and the identifiers an administrator gave them (a hospital's MRN).
///
/// With it, an export always has a Patient and every subject names it: a store without an
/// `OCKPatient` gets a `Patient` with this id, name and identifiers; a store with exactly one
/// gets these identifiers added to it.
public struct OCKFHIRPatientIdentity: Hashable, Sendable {
    /// The FHIR id of the Patient written when the store has none.
    public var id: String
    /// The name of the account.
    public var name: String
    /// Identifiers in other systems.
    public var identifiers: [FHIRIdentifier]

    /// Creates a value; elements not given are absent.
    public init(id: String, name: String, identifiers: [FHIRIdentifier] = []) {
        self.id = id
        self.name = name
        self.identifiers = identifiers
    }
}

/// What an export produced.
public struct OCKFHIRExport: Sendable {
    /// The resources written.
    public var resources: [FHIRResource]
    /// What could not be written, one sentence each.
    public var notes: [String]

    /// The base of the `fullUrl`s of a collection written without a server: under the
    /// reserved `.invalid` name, it identifies and never resolves, and the references inside
    /// (`Patient/ada`) resolve against it to the entries of the bundle.
    public static let defaultBaseURL = "http://carekit.invalid/fhir/R4"

    /// The resources as a `collection` Bundle stamped `timestamp`; each entry's `fullUrl` is
    /// `baseURL/Type/id`.
    public func collection(timestamp: Date, timeZone: TimeZone = .gmt, baseURL: String = OCKFHIRExport.defaultBaseURL) -> FHIRBundle {
        FHIRBundle(
            type: "collection", timestamp: FHIRDateTime.string(timestamp, in: timeZone),
            entries: resources.map { FHIRBundle.Entry(fullUrl: "\(baseURL)/\($0.resourceType)/\($0.id ?? "")", resource: $0) })
    }

    /// The resources as a `transaction` Bundle that a FHIR server (HAPI, Medplum) applies as
    /// a whole when it is POSTed to its base URL: each resource is PUT at `Type/id`, so sending a
    /// newer export again updates the same resources.
    public func transaction(timestamp: Date, timeZone: TimeZone = .gmt) -> FHIRBundle {
        FHIRBundle(
            type: "transaction", timestamp: FHIRDateTime.string(timestamp, in: timeZone),
            entries: resources.map { resource in
                var entry = FHIRBundle.Entry(resource: resource)
                entry.request = FHIRBundle.Request(method: "PUT", url: "\(resource.resourceType)/\(resource.id ?? "")")
                return entry
            })
    }

    /// The number of resources of one type.
    public func count(of resourceType: String) -> Int {
        resources.filter { $0.resourceType == resourceType }.count
    }
}

/// The lookups an export needs, built once from every version.
struct _ExportContext {
    let now: Date
    var patients: [OCKPatient] = [], plans: [OCKCarePlan] = [], contacts: [OCKContact] = []
    var tasks: [OCKTask] = [], outcomes: [OCKOutcome] = []
    var notes: [String] = []
    /// The account's patient, and the FHIR id of the Patient it is written as.
    var identity: OCKFHIRPatientIdentity?
    var identityFHIRID: String?

    /// Every version uuid of a patient or plan → its id (versions are referenced by uuid).
    var patientIDs: [UUID: String] = [:], planIDs: [UUID: String] = [:]
    /// The ids written (not deleted), and their FHIR ids.
    var livePatients: [String: OCKPatient] = [:], livePlans: [String: OCKCarePlan] = [:]
    /// Every task version by uuid, with its version number.
    var taskVersions: [UUID: (task: OCKTask, version: Int)] = [:]

    init(entities: [OCKEntity], now: Date) {
        self.now = now
        var healthKitTasks = 0
        for entity in entities {
            switch entity {
            case .patient(let value): patients.append(value)
            case .carePlan(let value): plans.append(value)
            case .contact(let value): contacts.append(value)
            case .task(let value): tasks.append(value)
            case .outcome(let value): outcomes.append(value)
            case .healthKitTask: healthKitTasks += 1
            }
        }
        if healthKitTasks > 0 { notes.append("\(healthKitTasks) HealthKit task versions were not written: HealthKit tasks are read from HealthKit, which this platform has not.") }
        for patient in patients { patientIDs[patient.uuid] = patient.id }
        for plan in plans { planIDs[plan.uuid] = plan.id }
        let depths = _Versions.depths(tasks)
        for task in tasks { taskVersions[task.uuid] = (task, depths[task.uuid] ?? 1) }
    }

    mutating func run() -> OCKFHIRExport {
        var resources: [FHIRResource] = []
        var allergies: [FHIRResource] = []
        let current = _Versions.current(patients)
        for (patient, version) in current {
            livePatients[patient.id] = patient
            var (resource, patientAllergies) = Self.patient(patient, version: version)
            if let identity, current.count == 1, case .patient(var written) = resource.content {
                let mine = written.identifier ?? []
                written.identifier = mine + identity.identifiers.filter { !mine.contains($0) }
                resource.content = .patient(written)
                identityFHIRID = written.id
            }
            resources.append(resource)
            allergies += patientAllergies
        }
        if let identity, current.isEmpty {
            var written = FHIRPatient(id: identity.id)
            written.identifier = identity.identifiers.isEmpty ? nil : identity.identifiers
            written.name = [FHIRHumanName(text: identity.name)]
            resources.append(FHIRResource(.patient(written)))
            identityFHIRID = identity.id
        }
        resources += allergies
        for (plan, version) in _Versions.current(plans) { livePlans[plan.id] = plan; _ = version }
        let planResources = carePlans()
        let (people, teams) = careTeams()
        resources += planResources + teams + people
        resources += observations()
        return OCKFHIRExport(resources: resources, notes: notes)
    }

    /// The reference to the patient of a patient version, or a display text when the patient is
    /// not written (none, or deleted): FHIR requires a subject.
    func subject(patientUUID: UUID?) -> FHIRReference {
        if let uuid = patientUUID, let id = patientIDs[uuid], livePatients[id] != nil {
            return .to("Patient", FHIRIdentity.fhirID(for: id))
        }
        if let identityFHIRID { return .to("Patient", identityFHIRID) }
        return FHIRReference(display: "The patient of this care plan (not recorded)")
    }

    /// The id of the live plan a plan version belongs to, if any.
    func livePlanID(_ uuid: UUID?) -> String? {
        guard let uuid, let id = planIDs[uuid], livePlans[id] != nil else { return nil }
        return id
    }

    /// The patient of the plan a task or contact belongs to.
    func patientUUID(ofPlan uuid: UUID?) -> UUID? {
        livePlanID(uuid).flatMap { livePlans[$0]?.patientUUID }
    }

    /// The resource with the kept members of the entity it was written from.
    static func resource(_ content: FHIRResource.Content, keeping entity: some OCKVersionedObjectCompatible) -> FHIRResource {
        var kept = _EntityMetadata.kept(in: entity)
        kept.removeValue(forKey: "id")
        kept.removeValue(forKey: "resourceType")
        return FHIRResource(content, additionalMembers: kept)
    }
}
