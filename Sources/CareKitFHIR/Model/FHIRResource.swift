import Foundation

/// One FHIR resource: a typed one the mapping knows, or any other kept as JSON.
///
/// Reading keeps every member of the JSON object that the typed form does not hold in
/// ``additionalMembers``; writing adds them back (extensions are appended to the typed ones), so
/// a resource read and written again loses nothing at its top level.
public struct FHIRResource: Codable, Hashable, Sendable {
    /// The typed forms of a resource.
    public enum Content: Hashable, Sendable {
        case patient(FHIRPatient)
        case allergyIntolerance(FHIRAllergyIntolerance)
        case carePlan(FHIRCarePlan)
        case careTeam(FHIRCareTeam)
        /// A `Practitioner` or a `RelatedPerson`.
        case person(FHIRPerson)
        case observation(FHIRObservation)
        /// Any other resource, as its JSON members.
        case other(resourceType: String, members: [String: FHIRJSON])
    }

    /// The typed resource.
    public var content: Content
    /// Members kept as JSON that the typed form does not hold.
    public var additionalMembers: [String: FHIRJSON]

    /// Creates a value; elements not given are absent.
    public init(_ content: Content, additionalMembers: [String: FHIRJSON] = [:]) {
        self.content = content
        self.additionalMembers = additionalMembers
    }

    /// The resource type, as FHIR JSON names it.
    public var resourceType: String {
        switch content {
        case .patient: return "Patient"
        case .allergyIntolerance: return "AllergyIntolerance"
        case .carePlan: return "CarePlan"
        case .careTeam: return "CareTeam"
        case .person(let person): return person.resourceType
        case .observation: return "Observation"
        case .other(let type, _): return type
        }
    }

    /// The logical id.
    public var id: String? {
        switch content {
        case .patient(let resource): return resource.id
        case .allergyIntolerance(let resource): return resource.id
        case .carePlan(let resource): return resource.id
        case .careTeam(let resource): return resource.id
        case .person(let resource): return resource.id
        case .observation(let resource): return resource.id
        case .other(_, let members): return members["id"]?.stringValue
        }
    }

    /// `Type/id`, for messages and references.
    public var reference: String { "\(resourceType)/\(id ?? "(no id)")" }

    /// Reads a resource from its JSON object. Throws when the object has no resourceType or
    /// when a known resource has an element of the wrong shape.
    public init(json: FHIRJSON) throws {
        guard json.objectValue != nil else { throw OCKFHIRCodingError.corruptData(reason: "a resource must be a JSON object") }
        do {
            self = try JSONDecoder().decode(FHIRResource.self, from: try json.data())
        } catch let error as DecodingError {
            throw OCKFHIRCodingError.corruptData(reason: _DecodingErrorText.describe(error))
        }
    }

    /// The typed content's own JSON members.
    static func members(of content: Content) throws -> [String: FHIRJSON] {
        let json: FHIRJSON
        switch content {
        case .patient(let resource): json = try FHIRJSON.convert(resource, to: FHIRJSON.self)
        case .allergyIntolerance(let resource): json = try FHIRJSON.convert(resource, to: FHIRJSON.self)
        case .carePlan(let resource): json = try FHIRJSON.convert(resource, to: FHIRJSON.self)
        case .careTeam(let resource): json = try FHIRJSON.convert(resource, to: FHIRJSON.self)
        case .person(let resource): json = try FHIRJSON.convert(resource, to: FHIRJSON.self)
        case .observation(let resource): json = try FHIRJSON.convert(resource, to: FHIRJSON.self)
        case .other(_, let members): return members
        }
        return json.objectValue ?? [:]
    }

    /// The resource as one JSON object: the typed members, then the additional ones.
    public func json() throws -> FHIRJSON {
        .object(_Members.merge(try Self.members(of: content), additionalMembers))
    }

    /// The members each typed resource reads; the others are kept in ``additionalMembers``.
    static func knownMembers(of content: Content) -> Set<String> {
        switch content {
        case .patient: return ["resourceType", "id", "meta", "extension", "identifier", "name", "gender", "birthDate"]
        case .allergyIntolerance: return ["resourceType", "id", "meta", "clinicalStatus", "verificationStatus", "code", "patient"]
        case .carePlan: return ["resourceType", "id", "meta", "extension", "identifier", "status", "intent", "title", "subject", "period", "careTeam", "activity"]
        case .careTeam: return ["resourceType", "id", "meta", "status", "name", "subject", "participant"]
        case .person: return ["resourceType", "id", "meta", "extension", "identifier", "patient", "relationship", "name", "telecom", "address"]
        case .observation:
            return [
                "resourceType", "id", "meta", "extension", "identifier", "basedOn", "status", "category", "code", "subject", "effectiveDateTime",
                "effectivePeriod", "effectiveInstant", "issued", "dataAbsentReason", "interpretation", "referenceRange", "component", "valueQuantity", "valueBoolean", "valueInteger",
                "valueString", "valueDateTime", "valueCodeableConcept"
            ]
        case .other: return []
        }
    }

    /// Reads FHIR JSON.
    public init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: _MemberKey.self)
        guard let type = try members.decodeIfPresent(String.self, forKey: _MemberKey("resourceType")) else {
            throw OCKFHIRCodingError.missingRequiredField("resourceType")
        }
        // The typed form reads from the same decoder; what it does not read is kept as JSON.
        switch type {
        case "Patient": content = .patient(try FHIRPatient(from: decoder))
        case "AllergyIntolerance": content = .allergyIntolerance(try FHIRAllergyIntolerance(from: decoder))
        case "CarePlan": content = .carePlan(try FHIRCarePlan(from: decoder))
        case "CareTeam": content = .careTeam(try FHIRCareTeam(from: decoder))
        case "Practitioner", "RelatedPerson": content = .person(try FHIRPerson(from: decoder))
        case "Observation": content = .observation(try FHIRObservation(from: decoder))
        default:
            content = .other(resourceType: type, members: try members.additionalMembers(excluding: []))
            additionalMembers = [:]
            return
        }
        additionalMembers = try members.additionalMembers(excluding: Self.knownMembers(of: content))
    }

    /// Writes FHIR JSON (absent elements are left out).
    public func encode(to encoder: any Encoder) throws {
        guard additionalMembers.isEmpty else { return try json().encode(to: encoder) }
        switch content {
        case .patient(let resource): try resource.encode(to: encoder)
        case .allergyIntolerance(let resource): try resource.encode(to: encoder)
        case .carePlan(let resource): try resource.encode(to: encoder)
        case .careTeam(let resource): try resource.encode(to: encoder)
        case .person(let resource): try resource.encode(to: encoder)
        case .observation(let resource): try resource.encode(to: encoder)
        case .other(_, let members): try FHIRJSON.object(members).encode(to: encoder)
        }
    }
}

/// Merging kept members back into written ones.
enum _Members {
    /// `written`, with each member of `kept` that it lacks; kept extensions go after the written ones.
    static func merge(_ written: [String: FHIRJSON], _ kept: [String: FHIRJSON]) -> [String: FHIRJSON] {
        var result = written
        for (key, value) in kept {
            switch (result[key], value) {
            case (nil, _): result[key] = value
            case (.array(let mine)?, .array(let theirs)) where ["extension", "modifierExtension", "identifier"].contains(key):
                result[key] = .array(mine + theirs.filter { !mine.contains($0) })
            default: break
            }
        }
        return result
    }
}

/// A dynamic JSON member name, for the types that keep members they do not know.
struct _MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where K == _MemberKey {
    /// Every member whose name is not in `known`, as JSON.
    func additionalMembers(excluding known: Set<String>) throws -> [String: FHIRJSON] {
        var members: [String: FHIRJSON] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            members[key.stringValue] = try decode(FHIRJSON.self, forKey: key)
        }
        return members
    }
}

extension KeyedEncodingContainer where K == _MemberKey {
    /// Writes `extensions` followed by the kept ones (which are then no longer kept).
    mutating func encodeExtensions(_ extensions: [FHIRExtension]?, keeping kept: inout [String: FHIRJSON]) throws {
        guard let extensions else { return }
        let others = kept.removeValue(forKey: "extension")?.arrayValue ?? []
        try encode(try FHIRJSON.convert(extensions, to: [FHIRJSON].self) + others, forKey: _MemberKey("extension"))
    }

    /// Writes kept members.
    mutating func encodeAdditional(_ kept: [String: FHIRJSON]) throws {
        for (key, value) in kept.sorted(by: { $0.key < $1.key }) {
            try encode(value, forKey: _MemberKey(key))
        }
    }
}

/// Decoding errors as a sentence with the path of the element.
enum _DecodingErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return names.isEmpty ? "the resource" : String(names.drop { $0 == "." })
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context)) has the wrong type"
        case .keyNotFound(let key, let context): return "\(path(context)) lacks \(key.stringValue)"
        case .dataCorrupted(let context): return "\(path(context)) is damaged (\(context.debugDescription))"
        @unknown default: return "it cannot be read"
        }
    }
}

extension FHIRResource {
    /// The resource's `meta` (its version and write time), whatever its type.
    var meta: FHIRMeta? {
        switch content {
        case .patient(let value): return value.meta
        case .allergyIntolerance(let value): return value.meta
        case .carePlan(let value): return value.meta
        case .careTeam(let value): return value.meta
        case .person(let value): return value.meta
        case .observation(let value): return value.meta
        case .other(_, let members): return members["meta"].flatMap { try? FHIRJSON.convert($0, to: FHIRMeta.self) }
        }
    }
}
