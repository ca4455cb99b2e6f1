import CareKitStore
import Foundation

/// FHIR resources as store entities, ready for ``CareKitStore/OCKStore/importVersions(_:)``:
/// patients, care plans whose activities become tasks with schedules, contacts, and outcomes
/// placed on the events their Observations record. A pure function of the bundle and the
/// importer's settings; it writes nothing.
///
/// What cannot be placed is reported per resource as a problem; an import with problems should
/// write nothing (``OCKFHIRImport/canBeWritten``). Resources CareKit has no place for (a
/// Condition, an Encounter) are listed as skipped, and elements the mapping does not use are
/// kept in the entity's `userInfo` and written again on export.
public struct OCKFHIRImporter: Sendable {
    /// The time zone of times written without one, and of Timings that name none.
    public var timeZone: TimeZone
    /// The effective date of entities whose FHIR resource gives none (and nothing earlier in the
    /// bundle does).
    public var now: Date
    /// Makes the version uuids of the entities.
    public var makeUUID: @Sendable () -> UUID

    /// Creates a value; elements not given are absent.
    public init(timeZone: TimeZone, now: Date, makeUUID: @escaping @Sendable () -> UUID = { UUID() }) {
        self.timeZone = timeZone
        self.now = now
        self.makeUUID = makeUUID
    }

    /// The entities of a FHIR Bundle's JSON. Throws only when the data is not a Bundle at all.
    public func entities(fromBundle data: Data) throws(OCKFHIRCodingError) -> OCKFHIRImport {
        entities(from: try FHIRBundleReading(data: data))
    }

    /// The entities of a bundle that was read.
    public func entities(from reading: FHIRBundleReading) -> OCKFHIRImport {
        var context = _ImportContext(importer: self)
        for (position, reference, reason) in reading.unreadable {
            context.problem("entry \(position + 1) (\(reference))", "it cannot be read: \(reason)")
        }
        context.run(reading.resources.map(\.resource))
        return context.result
    }
}

/// What an import produced.
public struct OCKFHIRImport: Sendable {
    /// One resource's problem or note.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// The resource, as `Type/id` (and which activity, for an activity).
        public var resource: String
        /// Why.
        public var reason: String

        /// A description for people.
        public var description: String { "\(resource): \(reason)" }
    }

    /// Patients, care plans, contacts, tasks (every version, with their links), outcomes.
    public var entities: [OCKEntity] = []
    /// What could not be placed: while there is any, nothing should be written.
    public var problems: [Finding] = []
    /// What was skipped or read approximately.
    public var notes: [Finding] = []

    /// Whether the entities can be written (no problems).
    public var canBeWritten: Bool { problems.isEmpty }

    /// The number of entities of one type.
    public func count(of type: OCKEntity.EntityType) -> Int {
        entities.filter { $0.entityType == type }.count
    }
}

/// The state of one import.
struct _ImportContext {
    let importer: OCKFHIRImporter
    var result = OCKFHIRImport()

    var patients: [String: OCKPatient] = [:]  // FHIR id → entity
    var plans: [String: OCKCarePlan] = [:]
    /// CareTeam FHIR id → the plan ids that name it.
    var teamsOfPlans: [String: [String]] = [:]
    /// Task id → its versions, in time order (tombstone last).
    var taskVersions: [String: [(task: OCKTask, exportedVersion: Int?)]] = [:]
    /// The task ids of each plan (FHIR id), for placing Observations by code.
    var tasksOfPlan: [String: [String]] = [:]
    var contacts: [OCKContact] = []
    var outcomes: [OCKOutcome] = []
    /// Where each outcome sits: task version uuid + occurrence → index in `outcomes`.
    var outcomeAt: [String: Int] = [:]
    /// The effective date of entities that give none.
    var defaultEffectiveDate: Date

    init(importer: OCKFHIRImporter) {
        self.importer = importer
        defaultEffectiveDate = importer.now
    }

    var zone: TimeZone { importer.timeZone }

    mutating func problem(_ resource: String, _ reason: String) {
        result.problems.append(.init(resource: resource, reason: reason))
    }

    mutating func note(_ resource: String, _ reason: String) {
        result.notes.append(.init(resource: resource, reason: reason))
    }

    func date(_ text: String?) -> Date? {
        text.flatMap { FHIRDateTime.parse($0, timeZone: zone)?.start }
    }

    mutating func run(_ all: [FHIRResource]) {
        // One resource per type and id: the highest meta.versionId wins.
        var chosen: [String: FHIRResource] = [:]
        var order: [String] = []
        for resource in all {
            let key = resource.reference
            if let earlier = chosen[key] {
                note(key, "the bundle has it more than once; the entry with the highest meta.versionId was read")
                if Self.version(of: resource) < Self.version(of: earlier) { continue }
            } else {
                order.append(key)
            }
            chosen[key] = resource
        }
        let resources = order.compactMap { chosen[$0] }
        let starts = resources.compactMap { resource -> Date? in
            guard case .carePlan(let plan) = resource.content else { return nil }
            return date(plan.period?.start)
        }
        defaultEffectiveDate = starts.min().map { min($0, importer.now) } ?? importer.now

        for resource in resources {
            if case .patient(let patient) = resource.content { readPatient(patient, resource) }
        }
        for resource in resources {
            if case .allergyIntolerance(let allergy) = resource.content { readAllergy(allergy, resource) }
        }
        for resource in resources {
            if case .carePlan(let plan) = resource.content { readCarePlan(plan, resource) }
        }
        linkTaskVersions()
        var teams: [String: FHIRCareTeam] = [:]
        for resource in resources {
            if case .careTeam(let team) = resource.content, let id = team.id { teams[id] = team }
        }
        for resource in resources {
            if case .person(let person) = resource.content { readPerson(person, resource, teams: teams) }
        }
        for resource in resources {
            if case .observation(let observation) = resource.content { readObservation(observation, resource) }
        }
        for resource in resources {
            if case .other(let type, _) = resource.content { note(resource.reference, "skipped: CareKit has no place for a \(type)") }
        }
        assemble()
    }

    static func version(of resource: FHIRResource) -> Int {
        let meta = resource.meta
        return meta?.versionId.flatMap { Int($0) } ?? 0
    }

    /// Bookkeeping every imported entity gets: a uuid, the write time of its FHIR version, and
    /// the kept members of its resource.
    func stamp(_ entity: inout some OCKVersionedObjectCompatible, meta: FHIRMeta?, kept: [String: FHIRJSON]) {
        entity.uuid = importer.makeUUID()
        entity.updatedDate = date(meta?.lastUpdated)
        _EntityMetadata.keep(kept, in: &entity)
    }

    /// The members of a resource to keep: those the mapping does not read, extensions from
    /// elsewhere, and every identifier but the one that carries the CareKit id (a hospital's
    /// MRN, an order number), so that export gives them back.
    static func kept(_ resource: FHIRResource, extensions: [FHIRExtension]?) -> [String: FHIRJSON] {
        var kept = resource.additionalMembers
        let foreign = _EntityMetadata.foreign(extensions)
        if !foreign.isEmpty { kept["extension"] = .array(foreign) }
        let identifiers: [FHIRIdentifier]
        switch resource.content {
        case .patient(let patient): identifiers = patient.identifier ?? []
        case .carePlan(let plan): identifiers = plan.identifier ?? []
        case .observation(let observation): identifiers = observation.identifier ?? []
        case .person(let person): identifiers = person.identifier ?? []
        default: identifiers = []
        }
        let theirs = identifiers.filter { $0.system != OCKFHIRVocabulary.identifierSystem }.compactMap { try? FHIRJSON.convert($0, to: FHIRJSON.self) }
        if !theirs.isEmpty { kept["identifier"] = .array(theirs) }
        return kept
    }

    /// Every entity, in the order the store wants them.
    mutating func assemble() {
        var entities: [OCKEntity] = patients.sorted { $0.key < $1.key }.map { .patient($0.value) }
        entities += plans.sorted { $0.key < $1.key }.map { .carePlan($0.value) }
        entities += contacts.map { .contact($0) }
        for (_, versions) in taskVersions.sorted(by: { $0.key < $1.key }) { entities += versions.map { .task($0.task) } }
        entities += outcomes.map { .outcome($0) }
        result.entities = entities
    }
}
