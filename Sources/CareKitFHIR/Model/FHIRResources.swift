import Foundation

// The FHIR R4 resources the mapping writes and reads, with only the elements it uses. What a
// resource from elsewhere has beyond them is not lost: see ``FHIRResource/members``.

/// A FHIR `Patient`.
public struct FHIRPatient: Codable, Hashable, Sendable {
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "Patient"
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Identifiers in other systems.
    public var identifier: [FHIRIdentifier]?
    /// The name.
    public var name: [FHIRHumanName]?
    /// male, female, other or unknown.
    public var gender: String?
    /// The date of birth.
    public var birthDate: String?

    /// Creates a value; elements not given are absent.
    public init(id: String?) { self.id = id }
}

/// A FHIR `AllergyIntolerance`.
public struct FHIRAllergyIntolerance: Codable, Hashable, Sendable {
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "AllergyIntolerance"
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// Whether the allergy is active.
    public var clinicalStatus: FHIRCodeableConcept?
    /// Whether the allergy is confirmed.
    public var verificationStatus: FHIRCodeableConcept?
    /// What it is, as codes and text.
    public var code: FHIRCodeableConcept?
    /// The patient it is about.
    public var patient: FHIRReference?

    /// Creates a value; elements not given are absent.
    public init(id: String?) { self.id = id }
}

/// A FHIR `CarePlan`, whose activities are CareKit's tasks.
public struct FHIRCarePlan: Codable, Hashable, Sendable {
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "CarePlan"
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Identifiers in other systems.
    public var identifier: [FHIRIdentifier]?
    /// The status code.
    public var status: String?
    /// Why the plan exists (plan).
    public var intent: String?
    /// The title.
    public var title: String?
    /// Whom it is about.
    public var subject: FHIRReference?
    /// The length of the period in which `frequency` events happen.
    public var period: FHIRPeriod?
    /// The care teams of the plan.
    public var careTeam: [FHIRReference]?
    /// The planned activities: CareKit's tasks.
    public var activity: [Activity]?

    /// Creates a value; elements not given are absent.
    public init(id: String?) { self.id = id }

    /// `CarePlan.activity`. Members the mapping does not use are kept in `additionalMembers`.
    public struct Activity: Codable, Hashable, Sendable {
        /// Extensions: what the base specification has no element for.
        public var `extension`: [FHIRExtension]?
        /// Notes on the activity.
        public var progress: [FHIRAnnotation]?
        /// A relative or absolute reference (`Patient/ada`).
        public var reference: FHIRReference?
        /// The activity, inline.
        public var detail: Detail?
        /// Members kept as JSON that the typed form does not hold.
        public var additionalMembers: [String: FHIRJSON] = [:]

        /// Creates a value; elements not given are absent.
        public init(detail: Detail?) { self.detail = detail }

        private static let known: Set = ["extension", "progress", "reference", "detail"]

        /// Reads FHIR JSON.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: _MemberKey.self)
            self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: _MemberKey("extension"))
            progress = try container.decodeIfPresent([FHIRAnnotation].self, forKey: _MemberKey("progress"))
            reference = try container.decodeIfPresent(FHIRReference.self, forKey: _MemberKey("reference"))
            detail = try container.decodeIfPresent(Detail.self, forKey: _MemberKey("detail"))
            additionalMembers = try container.additionalMembers(excluding: Self.known)
        }

        /// Writes FHIR JSON (absent elements are left out).
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
        /// Extensions: what the base specification has no element for.
        public var `extension`: [FHIRExtension]?
        /// What it is, as codes and text.
        public var code: FHIRCodeableConcept?
        /// The status code.
        public var status: String?
        /// When the activity happens.
        public var scheduledTiming: FHIRTiming?
        /// When the activity happens, as one period.
        public var scheduledPeriod: FHIRPeriod?
        /// When the activity happens, as text only.
        public var scheduledString: String?
        /// A description for people.
        public var description: String?
        /// Members kept as JSON that the typed form does not hold.
        public var additionalMembers: [String: FHIRJSON] = [:]

        /// Creates a value; elements not given are absent.
        public init(status: String?) { self.status = status }

        private static let known: Set = ["extension", "code", "status", "scheduledTiming", "scheduledPeriod", "scheduledString", "description"]

        /// Reads FHIR JSON.
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

        /// Writes FHIR JSON (absent elements are left out).
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
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "CareTeam"
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// The status code.
    public var status: String?
    /// The name.
    public var name: String?
    /// Whom it is about.
    public var subject: FHIRReference?
    /// The members of the team.
    public var participant: [Participant]?

    /// Creates a value; elements not given are absent.
    public init(id: String?) { self.id = id }

    /// `CareTeam.participant`.
    public struct Participant: Codable, Hashable, Sendable {
        /// The role on the team.
        public var role: [FHIRCodeableConcept]?
        /// Who the participant is.
        public var member: FHIRReference?

        /// Creates a value; elements not given are absent.
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
    /// The resource type, as FHIR JSON names it.
    public var resourceType: String
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Identifiers in other systems.
    public var identifier: [FHIRIdentifier]?
    /// The patient it is about.
    public var patient: FHIRReference?
    /// How the person is related to the patient.
    public var relationship: [FHIRCodeableConcept]?
    /// The name.
    public var name: [FHIRHumanName]?
    /// Phone numbers, messaging numbers, email addresses.
    public var telecom: [FHIRContactPoint]?
    /// Postal addresses.
    public var address: [FHIRAddress]?

    /// Creates a value; elements not given are absent.
    public init(resourceType: String, id: String?) {
        self.resourceType = resourceType
        self.id = id
    }
}
