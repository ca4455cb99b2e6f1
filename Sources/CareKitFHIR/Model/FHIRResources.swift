import Foundation

// The FHIR R4 resources the mapping writes and reads, with only the elements it uses. What a
// resource from elsewhere has beyond them is not lost: see ``FHIRResource/members``.

/// A FHIR `Patient`.
public struct FHIRPatient: Codable, Hashable, Sendable {
    public var resourceType = "Patient"
    public var id: String?
    public var meta: FHIRMeta?
    public var `extension`: [FHIRExtension]?
    public var identifier: [FHIRIdentifier]?
    public var name: [FHIRHumanName]?
    public var gender: String?
    public var birthDate: String?

    public init(id: String?) { self.id = id }
}

/// A FHIR `AllergyIntolerance`.
public struct FHIRAllergyIntolerance: Codable, Hashable, Sendable {
    public var resourceType = "AllergyIntolerance"
    public var id: String?
    public var meta: FHIRMeta?
    public var clinicalStatus: FHIRCodeableConcept?
    public var verificationStatus: FHIRCodeableConcept?
    public var code: FHIRCodeableConcept?
    public var patient: FHIRReference?

    public init(id: String?) { self.id = id }
}

/// A FHIR `CarePlan`, whose activities are CareKit's tasks.
public struct FHIRCarePlan: Codable, Hashable, Sendable {
    public var resourceType = "CarePlan"
    public var id: String?
    public var meta: FHIRMeta?
    public var `extension`: [FHIRExtension]?
    public var identifier: [FHIRIdentifier]?
    public var status: String?
    public var intent: String?
    public var title: String?
    public var subject: FHIRReference?
    public var period: FHIRPeriod?
    public var careTeam: [FHIRReference]?
    public var activity: [Activity]?

    public init(id: String?) { self.id = id }

    /// `CarePlan.activity`. Members the mapping does not use are kept in `additionalMembers`.
    public struct Activity: Codable, Hashable, Sendable {
        public var `extension`: [FHIRExtension]?
        public var progress: [FHIRAnnotation]?
        public var reference: FHIRReference?
        public var detail: Detail?
        public var additionalMembers: [String: FHIRJSON] = [:]

        public init(detail: Detail?) { self.detail = detail }

        private static let known: Set = ["extension", "progress", "reference", "detail"]

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: _MemberKey.self)
            self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: _MemberKey("extension"))
            progress = try container.decodeIfPresent([FHIRAnnotation].self, forKey: _MemberKey("progress"))
            reference = try container.decodeIfPresent(FHIRReference.self, forKey: _MemberKey("reference"))
            detail = try container.decodeIfPresent(Detail.self, forKey: _MemberKey("detail"))
            additionalMembers = try container.additionalMembers(excluding: Self.known)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: _MemberKey.self)
            var kept = additionalMembers
            try container.encodeExtensions(self.extension, keeping: &kept)
            try container.encodeIfPresent(progress, forKey: _MemberKey("progress"))
            try container.encodeIfPresent(reference, forKey: _MemberKey("reference"))
            try container.encodeIfPresent(detail, forKey: _MemberKey("detail"))
            try container.encodeAdditional(kept)
        }
    }

    /// `CarePlan.activity.detail`. Members the mapping does not use are kept in `additionalMembers`.
    public struct Detail: Codable, Hashable, Sendable {
        public var `extension`: [FHIRExtension]?
        public var code: FHIRCodeableConcept?
        public var status: String?
        public var scheduledTiming: FHIRTiming?
        public var scheduledPeriod: FHIRPeriod?
        public var scheduledString: String?
        public var description: String?
        public var additionalMembers: [String: FHIRJSON] = [:]

        public init(status: String?) { self.status = status }

        private static let known: Set = ["extension", "code", "status", "scheduledTiming", "scheduledPeriod", "scheduledString", "description"]

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: _MemberKey.self)
            self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: _MemberKey("extension"))
            code = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: _MemberKey("code"))
            status = try container.decodeIfPresent(String.self, forKey: _MemberKey("status"))
            scheduledTiming = try container.decodeIfPresent(FHIRTiming.self, forKey: _MemberKey("scheduledTiming"))
            scheduledPeriod = try container.decodeIfPresent(FHIRPeriod.self, forKey: _MemberKey("scheduledPeriod"))
            scheduledString = try container.decodeIfPresent(String.self, forKey: _MemberKey("scheduledString"))
            description = try container.decodeIfPresent(String.self, forKey: _MemberKey("description"))
            additionalMembers = try container.additionalMembers(excluding: Self.known)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: _MemberKey.self)
            var kept = additionalMembers
            try container.encodeExtensions(self.extension, keeping: &kept)
            try container.encodeIfPresent(code, forKey: _MemberKey("code"))
            try container.encodeIfPresent(status, forKey: _MemberKey("status"))
            try container.encodeIfPresent(scheduledTiming, forKey: _MemberKey("scheduledTiming"))
            try container.encodeIfPresent(scheduledPeriod, forKey: _MemberKey("scheduledPeriod"))
            try container.encodeIfPresent(scheduledString, forKey: _MemberKey("scheduledString"))
            try container.encodeIfPresent(description, forKey: _MemberKey("description"))
            try container.encodeAdditional(kept)
        }
    }
}

/// A FHIR `CareTeam`: the contacts of a care plan.
public struct FHIRCareTeam: Codable, Hashable, Sendable {
    public var resourceType = "CareTeam"
    public var id: String?
    public var meta: FHIRMeta?
    public var status: String?
    public var name: String?
    public var subject: FHIRReference?
    public var participant: [Participant]?

    public init(id: String?) { self.id = id }

    /// `CareTeam.participant`.
    public struct Participant: Codable, Hashable, Sendable {
        public var role: [FHIRCodeableConcept]?
        public var member: FHIRReference?

        public init(role: [FHIRCodeableConcept]?, member: FHIRReference?) {
            self.role = role?.nonEmpty
            self.member = member
        }
    }
}

/// A FHIR `Practitioner` (a care-team contact) or `RelatedPerson` (friends and family): the
/// two share the elements the mapping uses, and `patient` and `relationship` are only written
/// for a `RelatedPerson`.
public struct FHIRPerson: Codable, Hashable, Sendable {
    public var resourceType: String
    public var id: String?
    public var meta: FHIRMeta?
    public var `extension`: [FHIRExtension]?
    public var identifier: [FHIRIdentifier]?
    public var patient: FHIRReference?
    public var relationship: [FHIRCodeableConcept]?
    public var name: [FHIRHumanName]?
    public var telecom: [FHIRContactPoint]?
    public var address: [FHIRAddress]?

    public init(resourceType: String, id: String?) {
        self.resourceType = resourceType
        self.id = id
    }
}

/// A FHIR `Observation`: one outcome of a task's event.
public struct FHIRObservation: Codable, Hashable, Sendable {
    public var resourceType = "Observation"
    public var id: String?
    public var meta: FHIRMeta?
    public var `extension`: [FHIRExtension]?
    public var identifier: [FHIRIdentifier]?
    public var basedOn: [FHIRReference]?
    public var status: String?
    public var category: [FHIRCodeableConcept]?
    public var code: FHIRCodeableConcept?
    public var subject: FHIRReference?
    public var effectiveDateTime: String?
    public var effectivePeriod: FHIRPeriod?
    public var effectiveInstant: String?
    public var issued: String?
    public var value: FHIRObservationValue?
    public var dataAbsentReason: FHIRCodeableConcept?
    public var component: [Component]?

    public init(id: String?) { self.id = id }

    /// `Observation.component`: one of several values.
    public struct Component: Codable, Hashable, Sendable {
        public var `extension`: [FHIRExtension]?
        public var code: FHIRCodeableConcept?
        public var value: FHIRObservationValue?
        public var dataAbsentReason: FHIRCodeableConcept?

        public init(code: FHIRCodeableConcept?) { self.code = code }

        private enum CodingKeys: String, CodingKey { case `extension`, code, dataAbsentReason }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: .extension)
            code = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .code)
            dataAbsentReason = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .dataAbsentReason)
            value = try FHIRObservationValue.decode(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(self.extension, forKey: .extension)
            try container.encodeIfPresent(code, forKey: .code)
            try value?.encode(to: encoder)
            try container.encodeIfPresent(dataAbsentReason, forKey: .dataAbsentReason)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case resourceType, id, meta, `extension`, identifier, basedOn, status, category, code, subject
        case effectiveDateTime, effectivePeriod, effectiveInstant, issued, dataAbsentReason, component
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resourceType = try container.decodeIfPresent(String.self, forKey: .resourceType) ?? "Observation"
        id = try container.decodeIfPresent(String.self, forKey: .id)
        meta = try container.decodeIfPresent(FHIRMeta.self, forKey: .meta)
        self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: .extension)
        identifier = try container.decodeIfPresent([FHIRIdentifier].self, forKey: .identifier)
        basedOn = try container.decodeIfPresent([FHIRReference].self, forKey: .basedOn)
        status = try container.decodeIfPresent(String.self, forKey: .status)
        category = try container.decodeIfPresent([FHIRCodeableConcept].self, forKey: .category)
        code = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .code)
        subject = try container.decodeIfPresent(FHIRReference.self, forKey: .subject)
        effectiveDateTime = try container.decodeIfPresent(String.self, forKey: .effectiveDateTime)
        effectivePeriod = try container.decodeIfPresent(FHIRPeriod.self, forKey: .effectivePeriod)
        effectiveInstant = try container.decodeIfPresent(String.self, forKey: .effectiveInstant)
        issued = try container.decodeIfPresent(String.self, forKey: .issued)
        dataAbsentReason = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .dataAbsentReason)
        component = try container.decodeIfPresent([Component].self, forKey: .component)
        value = try FHIRObservationValue.decode(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(resourceType, forKey: .resourceType)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(meta, forKey: .meta)
        try container.encodeIfPresent(self.extension, forKey: .extension)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encodeIfPresent(basedOn, forKey: .basedOn)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encodeIfPresent(effectiveDateTime, forKey: .effectiveDateTime)
        try container.encodeIfPresent(effectivePeriod, forKey: .effectivePeriod)
        try container.encodeIfPresent(effectiveInstant, forKey: .effectiveInstant)
        try container.encodeIfPresent(issued, forKey: .issued)
        try value?.encode(to: encoder)
        try container.encodeIfPresent(dataAbsentReason, forKey: .dataAbsentReason)
        try container.encodeIfPresent(component, forKey: .component)
    }
}

/// `Observation.value[x]` (and `component.value[x]`), in the types the mapping uses.
public enum FHIRObservationValue: Hashable, Sendable {
    case quantity(FHIRQuantity)
    case boolean(Bool)
    case integer(Int)
    case string(String)
    case dateTime(String)
    case codeableConcept(FHIRCodeableConcept)

    private enum Key: String, CodingKey, CaseIterable {
        case valueQuantity, valueBoolean, valueInteger, valueString, valueDateTime, valueCodeableConcept
    }

    static func decode(from decoder: any Decoder) throws -> FHIRObservationValue? {
        let container = try decoder.container(keyedBy: Key.self)
        if let value = try container.decodeIfPresent(FHIRQuantity.self, forKey: .valueQuantity) { return .quantity(value) }
        if let value = try container.decodeIfPresent(Bool.self, forKey: .valueBoolean) { return .boolean(value) }
        if let value = try container.decodeIfPresent(Int.self, forKey: .valueInteger) { return .integer(value) }
        if let value = try container.decodeIfPresent(String.self, forKey: .valueString) { return .string(value) }
        if let value = try container.decodeIfPresent(String.self, forKey: .valueDateTime) { return .dateTime(value) }
        if let value = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .valueCodeableConcept) { return .codeableConcept(value) }
        return nil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .quantity(let value): try container.encode(value, forKey: .valueQuantity)
        case .boolean(let value): try container.encode(value, forKey: .valueBoolean)
        case .integer(let value): try container.encode(value, forKey: .valueInteger)
        case .string(let value): try container.encode(value, forKey: .valueString)
        case .dateTime(let value): try container.encode(value, forKey: .valueDateTime)
        case .codeableConcept(let value): try container.encode(value, forKey: .valueCodeableConcept)
        }
    }
}
