import Foundation

// The FHIR R4 datatypes the mapping reads and writes, with only the elements it uses. Every
// optional element is left out of the JSON when nil, as FHIR requires (no nulls, no empties).

/// A code from a code system.
public struct FHIRCoding: Codable, Hashable, Sendable {
    public var system: String?
    public var code: String?
    public var display: String?

    public init(system: String?, code: String?, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }
}

/// Codes and text that mean one concept.
public struct FHIRCodeableConcept: Codable, Hashable, Sendable {
    public var coding: [FHIRCoding]?
    public var text: String?

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
    public var reference: String?
    public var display: String?

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

/// An identifier in a namespace.
public struct FHIRIdentifier: Codable, Hashable, Sendable {
    public var system: String?
    public var value: String?

    public init(system: String?, value: String?) {
        self.system = system
        self.value = value
    }
}

/// A span of time; FHIR includes both ends.
public struct FHIRPeriod: Codable, Hashable, Sendable {
    public var start: String?
    public var end: String?

    public init(start: String? = nil, end: String? = nil) {
        self.start = start
        self.end = end
    }
}

/// A measured amount (also FHIR's `Duration`, `Age`, `Count`).
public struct FHIRQuantity: Codable, Hashable, Sendable {
    public var value: Double?
    public var comparator: String?
    public var unit: String?
    public var system: String?
    public var code: String?

    public init(value: Double?, unit: String? = nil, system: String? = nil, code: String? = nil) {
        self.value = value
        self.unit = unit.nonEmpty
        self.system = system
        self.code = code
    }
}

/// A person's name.
public struct FHIRHumanName: Codable, Hashable, Sendable {
    public var use: String?
    public var text: String?
    public var family: String?
    public var given: [String]?
    public var prefix: [String]?
    public var suffix: [String]?

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
    public var `extension`: [FHIRExtension]?
    public var system: String?
    public var value: String?
    public var use: String?

    public init(system: String?, value: String?, use: String? = nil, extensions: [FHIRExtension]? = nil) {
        self.system = system
        self.value = value.nonEmpty
        self.use = use
        self.extension = extensions?.nonEmpty
    }
}

/// A postal address.
public struct FHIRAddress: Codable, Hashable, Sendable {
    public var `extension`: [FHIRExtension]?
    public var line: [String]?
    public var city: String?
    public var district: String?
    public var state: String?
    public var postalCode: String?
    public var country: String?

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
    public var `extension`: [FHIRExtension]?
    public var authorString: String?
    public var text: String

    public init(authorString: String?, text: String, extensions: [FHIRExtension]? = nil) {
        self.authorString = authorString.nonEmpty
        self.text = text
        self.extension = extensions?.nonEmpty
    }
}

/// A resource's version and when it was written.
public struct FHIRMeta: Codable, Hashable, Sendable {
    public var versionId: String?
    public var lastUpdated: String?

    public init(versionId: String?, lastUpdated: String?) {
        self.versionId = versionId
        self.lastUpdated = lastUpdated
    }
}

/// When something happens, over and over (FHIR's `Timing`).
public struct FHIRTiming: Codable, Hashable, Sendable {
    public var `extension`: [FHIRExtension]?
    public var event: [String]?
    public var `repeat`: Repeat?
    public var code: FHIRCodeableConcept?

    public init(repeat: Repeat?, code: FHIRCodeableConcept? = nil, extensions: [FHIRExtension]? = nil) {
        self.repeat = `repeat`
        self.code = code
        self.extension = extensions?.nonEmpty
    }

    /// `Timing.repeat`: the rule.
    public struct Repeat: Codable, Hashable, Sendable {
        public var boundsDuration: FHIRQuantity?
        public var boundsPeriod: FHIRPeriod?
        public var count: Int?
        public var countMax: Int?
        public var duration: Double?
        public var durationMax: Double?
        public var durationUnit: String?
        public var frequency: Int?
        public var frequencyMax: Int?
        public var period: Double?
        public var periodMax: Double?
        public var periodUnit: String?
        public var dayOfWeek: [String]?
        public var timeOfDay: [String]?
        public var when: [String]?
        public var offset: Int?

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
