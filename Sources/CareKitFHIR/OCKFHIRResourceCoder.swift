import CareKitStore
import Foundation

/// A FHIR release (CareKit's marker types). Only R4 is written here.
public protocol FHIRRelease: Sendable {}
/// FHIR Release 4.
public struct R4: FHIRRelease {}

/// A content type of FHIR data (CareKit's marker types). Only JSON is supported.
public protocol FHIRContentType: Sendable {}
/// FHIR JSON.
public struct JSON: FHIRContentType {}

/// The serialized data of one FHIR resource, tagged with its release and content type.
public struct OCKFHIRResourceData<Release: FHIRRelease, Content: FHIRContentType>: Hashable, Sendable {
    /// The JSON bytes.
    public var data: Data

    /// Creates a value; elements not given are absent.
    public init(data: Data) {
        self.data = data
    }
}

/// Converts one kind of CareKit entity to and from one kind of FHIR resource (CareKit's protocol).
public protocol OCKFHIRResourceCoder: Sendable {
    associatedtype Entity
    associatedtype Resource: Codable

    func convert(entity: Entity) throws(OCKFHIRCodingError) -> Resource
    func convert(resource: Resource) throws(OCKFHIRCodingError) -> Entity
}

extension OCKFHIRResourceCoder {
    /// The entity as FHIR R4 JSON.
    public func encode(_ entity: Entity) throws(OCKFHIRCodingError) -> OCKFHIRResourceData<R4, JSON> {
        let resource = try convert(entity: entity)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(resource) else { throw .unknownError }
        return OCKFHIRResourceData(data: data)
    }

    /// The entity of FHIR R4 JSON.
    public func decode(_ resourceData: OCKFHIRResourceData<R4, JSON>) throws(OCKFHIRCodingError) -> Entity {
        let resource: Resource
        do {
            resource = try JSONDecoder().decode(Resource.self, from: resourceData.data)
        } catch let error as DecodingError {
            throw .corruptData(reason: _DecodingErrorText.describe(error))
        } catch {
            throw .corruptData(reason: "it is not JSON")
        }
        return try convert(resource: resource)
    }
}

/// `OCKPatient` ↔ FHIR R4 `Patient`, with the rules of the whole mapping (docs/fhir.md):
/// name, gender (other kept exactly), birth date, and what FHIR has no element for in the
/// CareKit entity extension. Allergies travel as AllergyIntolerance resources, so a lone
/// Patient carries none; use ``OCKFHIRExporter`` and ``OCKFHIRImporter`` for them.
public struct OCKR4PatientCoder: OCKFHIRResourceCoder {
    /// The type on this side of the mapping.
    public typealias Entity = OCKPatient
    /// The type on this side of the mapping.
    public typealias Resource = FHIRPatient

    /// The zone of a birth date (and of dates without an offset) when the resource names none.
    public var timeZone: TimeZone
    /// The effective date of a patient whose resource gives none.
    public var now: Date

    /// Creates a value; elements not given are absent.
    public init(timeZone: TimeZone = .gmt, now: Date = Date()) {
        self.timeZone = timeZone
        self.now = now
    }

    /// The FHIR resource of a patient.
    public func convert(entity: OCKPatient) throws(OCKFHIRCodingError) -> FHIRPatient {
        guard case .patient(let patient) = _ExportContext.patient(entity, version: 1).0.content else { throw .unknownError }
        return patient
    }

    /// The patient of a FHIR resource.
    public func convert(resource: FHIRPatient) throws(OCKFHIRCodingError) -> OCKPatient {
        var context = _ImportContext(importer: OCKFHIRImporter(timeZone: timeZone, now: now))
        context.run([FHIRResource(.patient(resource))])
        if let problem = context.result.problems.first { throw .missingRequiredField(problem.reason) }
        guard let patient = context.patients.values.first else { throw .unknownError }
        return patient
    }
}
