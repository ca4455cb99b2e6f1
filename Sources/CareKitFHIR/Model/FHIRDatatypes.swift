import Foundation

// The FHIR R4 datatypes the mapping reads and writes, with only the elements it uses. Every
// optional element is left out of the JSON when nil, as FHIR requires (no nulls, no empties).

/// A code from a code system.
public struct FHIRCoding: Codable, Hashable, Sendable {
    /// The namespace of the code or value (a URI).
    public var system: String?
    /// What it is, as codes and text.
    public var code: String?
    /// The code as people read it.
    public var display: String?

    /// Creates a value; elements not given are absent.
    public init(system: String?, code: String?, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }
}

/// Codes and text that mean one concept.
public struct FHIRCodeableConcept: Codable, Hashable, Sendable {
    /// Codes from code systems.
    public var coding: [FHIRCoding]?
    /// Plain text for people.
    public var text: String?

    /// Creates a value; elements not given are absent.
    public init(coding: [FHIRCoding]? = nil, text: String? = nil) {
        self.coding = coding.flatMap { $0.isEmpty ? nil : $0 }
        self.text = text.nonEmpty
    }

    /// The code of the first coding from `system`.
    public func code(in system: String) -> String? {
        coding?.first { $0.system == system }?.code
    }
}

/// A reference to another resource (`Patient/ada`) or, when there is none to point to, a display text.
public struct FHIRReference: Codable, Hashable, Sendable {
    /// A relative or absolute reference (`Patient/ada`).
    public var reference: String?
    /// The code as people read it.
    public var display: String?

    /// Creates a value; elements not given are absent.
    public init(reference: String? = nil, display: String? = nil) {
        self.reference = reference
        self.display = display.nonEmpty
    }

    /// A reference to `type/id`.
    public static func to(_ type: String, _ id: String) -> FHIRReference {
        FHIRReference(reference: "\(type)/\(id)")
    }

    /// The type and id of a relative reference (`Patient/ada`, or the end of an absolute URL);
    /// nil for anything else.
    public var target: (type: String, id: String)? {
        guard let reference else { return nil }
        let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
        // Type/id, or .../Type/id, or .../Type/id/_history/n
        var index = parts.count - 2
        if parts.count >= 4, parts[parts.count - 2] == "_history" { index = parts.count - 4 }
        guard index >= 0, index + 1 < parts.count else { return nil }
        let type = String(parts[index]), id = String(parts[index + 1])
        guard FHIRIdentity.isValidID(id), type.first?.isUppercase == true else { return nil }
        return (type, id)
    }
}

/// An identifier in a namespace. Its other members (`use`, `type` such as MR for a medical
/// record number, `period`, `assigner`, extensions) are kept as they were read.
public struct FHIRIdentifier: Codable, Hashable, Sendable {
    /// The namespace of the code or value (a URI).
    public var system: String?
    /// The value.
    public var value: String?
    /// Members the mapping does not read, as JSON.
    public var additionalMembers: [String: FHIRJSON] = [:]

    /// Creates a value; elements not given are absent.
    public init(system: String?, value: String?) {
        self.system = system
        self.value = value
    }

    /// Reads FHIR JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _MemberKey.self)
        system = try container.decodeIfPresent(String.self, forKey: _MemberKey("system"))
        value = try container.decodeIfPresent(String.self, forKey: _MemberKey("value"))
        additionalMembers = try container.additionalMembers(excluding: ["system", "value"])
    }

    /// Writes FHIR JSON (absent elements are left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _MemberKey.self)
        try container.encodeIfPresent(system, forKey: _MemberKey("system"))
        try container.encodeIfPresent(value, forKey: _MemberKey("value"))
        try container.encodeAdditional(additionalMembers)
    }
}

/// A span of time; FHIR includes both ends.
public struct FHIRPeriod: Codable, Hashable, Sendable {
    /// The first instant (included).
    public var start: String?
    /// The last instant (included).
    public var end: String?

    /// Creates a value; elements not given are absent.
    public init(start: String? = nil, end: String? = nil) {
        self.start = start
        self.end = end
    }
}

/// A measured amount (also FHIR's `Duration`, `Age`, `Count`).
public struct FHIRQuantity: Codable, Hashable, Sendable {
    /// The value.
    public var value: Double?
    /// How the value compares (<, <=, >=, >).
    public var comparator: String?
    /// The unit as written for people.
    public var unit: String?
    /// The namespace of the code or value (a URI).
    public var system: String?
    /// What it is, as codes and text.
    public var code: String?

    /// Creates a value; elements not given are absent.
    public init(value: Double?, unit: String? = nil, system: String? = nil, code: String? = nil) {
        self.value = value
        self.unit = unit.nonEmpty
        self.system = system
        self.code = code
    }
}

/// A person's name.
public struct FHIRHumanName: Codable, Hashable, Sendable {
    /// The purpose (home, work, mobile, official, nickname, ...).
    public var use: String?
    /// Plain text for people.
    public var text: String?
    /// The family name.
    public var family: String?
    /// Given and middle names.
    public var given: [String]?
    /// Parts before the name (Dr., Ms.).
    public var prefix: [String]?
    /// Parts after the name (Jr., PhD).
    public var suffix: [String]?

    /// Creates a value; elements not given are absent.
    public init(use: String? = nil, text: String? = nil, family: String? = nil, given: [String]? = nil, prefix: [String]? = nil, suffix: [String]? = nil) {
        self.use = use
        self.text = text.nonEmpty
        self.family = family.nonEmpty
        self.given = given?.compactMap(\.nonEmpty).nonEmpty
        self.prefix = prefix?.compactMap(\.nonEmpty).nonEmpty
        self.suffix = suffix?.compactMap(\.nonEmpty).nonEmpty
    }
}

/// A phone number, email address or other way to reach someone.
public struct FHIRContactPoint: Codable, Hashable, Sendable {
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// The namespace of the code or value (a URI).
    public var system: String?
    /// The value.
    public var value: String?
    /// The purpose (home, work, mobile, official, nickname, ...).
    public var use: String?

    /// Creates a value; elements not given are absent.
    public init(system: String?, value: String?, use: String? = nil, extensions: [FHIRExtension]? = nil) {
        self.system = system
        self.value = value.nonEmpty
        self.use = use
        self.extension = extensions?.nonEmpty
    }
}

/// A postal address.
public struct FHIRAddress: Codable, Hashable, Sendable {
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Street lines.
    public var line: [String]?
    /// City or town.
    public var city: String?
    /// County or similar subdivision.
    public var district: String?
    /// State, province or region.
    public var state: String?
    /// Postal or ZIP code.
    public var postalCode: String?
    /// Country name or code.
    public var country: String?

    /// Creates a value; elements not given are absent.
    public init(line: [String]? = nil, city: String? = nil, district: String? = nil, state: String? = nil, postalCode: String? = nil, country: String? = nil, extensions: [FHIRExtension]? = nil) {
        self.line = line?.compactMap(\.nonEmpty).nonEmpty
        self.city = city.nonEmpty
        self.district = district.nonEmpty
        self.state = state.nonEmpty
        self.postalCode = postalCode.nonEmpty
        self.country = country.nonEmpty
        self.extension = extensions?.nonEmpty
    }
}

/// A note with its author.
public struct FHIRAnnotation: Codable, Hashable, Sendable {
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Who wrote the note.
    public var authorString: String?
    /// Plain text for people.
    public var text: String

    /// Creates a value; elements not given are absent.
    public init(authorString: String?, text: String, extensions: [FHIRExtension]? = nil) {
        self.authorString = authorString.nonEmpty
        self.text = text
        self.extension = extensions?.nonEmpty
    }
}

/// A resource's version and when it was written.
public struct FHIRMeta: Codable, Hashable, Sendable {
    /// The version, as a number in the entity's history.
    public var versionId: String?
    /// When this version was written.
    public var lastUpdated: String?

    /// Creates a value; elements not given are absent.
    public init(versionId: String?, lastUpdated: String?) {
        self.versionId = versionId
        self.lastUpdated = lastUpdated
    }
}

/// When something happens, over and over (FHIR's `Timing`).
public struct FHIRTiming: Codable, Hashable, Sendable {
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Instants of single events.
    public var event: [String]?
    /// The repeating rule.
    public var `repeat`: Repeat?
    /// What it is, as codes and text.
    public var code: FHIRCodeableConcept?

    /// Creates a value; elements not given are absent.
    public init(repeat: Repeat?, code: FHIRCodeableConcept? = nil, extensions: [FHIRExtension]? = nil) {
        self.repeat = `repeat`
        self.code = code
        self.extension = extensions?.nonEmpty
    }

    /// `Timing.repeat`: the rule.
    public struct Repeat: Codable, Hashable, Sendable {
        /// How long the events go on.
        public var boundsDuration: FHIRQuantity?
        /// The first and last instants of the events.
        public var boundsPeriod: FHIRPeriod?
        /// How many events in all.
        public var count: Int?
        /// The upper limit of `count`.
        public var countMax: Int?
        /// How long each event lasts.
        public var duration: Double?
        /// The upper limit of `duration`.
        public var durationMax: Double?
        /// The unit of `duration`.
        public var durationUnit: String?
        /// How many events per `period`.
        public var frequency: Int?
        /// The upper limit of `frequency`.
        public var frequencyMax: Int?
        /// The length of the period in which `frequency` events happen.
        public var period: Double?
        /// The upper limit of `period`.
        public var periodMax: Double?
        /// The unit of `period` (s, min, h, d, wk, mo, a).
        public var periodUnit: String?
        /// The days of the week of the events.
        public var dayOfWeek: [String]?
        /// The local times of day of the events.
        public var timeOfDay: [String]?
        /// Events of daily life the timing follows (not read by the mapping).
        public var when: [String]?
        /// Minutes before or after the event named by `when`.
        public var offset: Int?

        /// Creates a value; elements not given are absent.
        public init() {}
    }
}

extension Optional where Wrapped == String {
    /// Nil for nil and for the empty string (FHIR has no empty strings).
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}

extension String {
    /// Nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension Array {
    /// Nil for an empty array (FHIR has no empty arrays).
    var nonEmpty: [Element]? { isEmpty ? nil : self }
}
