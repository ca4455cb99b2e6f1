import Foundation

/// A FHIR `Observation`: one outcome of a task's event.
public struct FHIRObservation: Codable, Hashable, Sendable {
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "Observation"
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// Identifiers in other systems.
    public var identifier: [FHIRIdentifier]?
    /// The plan it fulfils.
    public var basedOn: [FHIRReference]?
    /// The status code.
    public var status: String?
    /// What kind of observation it is.
    public var category: [FHIRCodeableConcept]?
    /// What it is, as codes and text.
    public var code: FHIRCodeableConcept?
    /// Whom it is about.
    public var subject: FHIRReference?
    /// When the observation was made (when the value was measured).
    public var effectiveDateTime: String?
    /// When the observation was made, as a period.
    public var effectivePeriod: FHIRPeriod?
    /// When the observation was made, as an instant.
    public var effectiveInstant: String?
    /// When the observation was made available.
    public var issued: String?
    /// The value.
    public var value: FHIRObservationValue?
    /// Why there is no value.
    public var dataAbsentReason: FHIRCodeableConcept?
    /// High, low or normal, against the reference range.
    public var interpretation: [FHIRCodeableConcept]?
    /// The range the value should lie in (the task's targets).
    public var referenceRange: [ReferenceRange]?
    /// Several values, one per component.
    public var component: [Component]?

    /// Creates a value; elements not given are absent.
    public init(id: String?) { self.id = id }

    /// `Observation.referenceRange`: the low and high bound of a normal value.
    public struct ReferenceRange: Codable, Hashable, Sendable {
        /// The lowest normal value.
        public var low: FHIRQuantity?
        /// The highest normal value.
        public var high: FHIRQuantity?
        /// The range for people.
        public var text: String?

        /// Creates a value; elements not given are absent.
        public init(low: FHIRQuantity?, high: FHIRQuantity?, text: String? = nil) {
            self.low = low
            self.high = high
            self.text = text
        }
    }

    /// `Observation.component`: one of several values.
    public struct Component: Codable, Hashable, Sendable {
        /// Extensions: what the base specification has no element for.
        public var `extension`: [FHIRExtension]?
        /// What it is, as codes and text.
        public var code: FHIRCodeableConcept?
        /// The value.
        public var value: FHIRObservationValue?
        /// Why there is no value.
        public var dataAbsentReason: FHIRCodeableConcept?
        /// High, low or normal, against the reference range.
        public var interpretation: [FHIRCodeableConcept]?
        /// The range the value should lie in.
        public var referenceRange: [ReferenceRange]?

        /// Creates a value; elements not given are absent.
        public init(code: FHIRCodeableConcept?) { self.code = code }

        private enum CodingKeys: String, CodingKey { case `extension`, code, dataAbsentReason, interpretation, referenceRange }

        /// Reads FHIR JSON.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: .extension)
            code = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .code)
            dataAbsentReason = try container.decodeIfPresent(FHIRCodeableConcept.self, forKey: .dataAbsentReason)
            interpretation = try container.decodeIfPresent([FHIRCodeableConcept].self, forKey: .interpretation)
            referenceRange = try container.decodeIfPresent([ReferenceRange].self, forKey: .referenceRange)
            value = try FHIRObservationValue.decode(from: decoder)
        }

        /// Writes FHIR JSON (absent elements are left out).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(self.extension, forKey: .extension)
            try container.encodeIfPresent(code, forKey: .code)
            try value?.encode(to: encoder)
            try container.encodeIfPresent(dataAbsentReason, forKey: .dataAbsentReason)
            try container.encodeIfPresent(interpretation, forKey: .interpretation)
            try container.encodeIfPresent(referenceRange, forKey: .referenceRange)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case resourceType, id, meta, `extension`, identifier, basedOn, status, category, code, subject
        case effectiveDateTime, effectivePeriod, effectiveInstant, issued, dataAbsentReason, interpretation, referenceRange, component
    }

    /// Reads FHIR JSON.
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
        interpretation = try container.decodeIfPresent([FHIRCodeableConcept].self, forKey: .interpretation)
        referenceRange = try container.decodeIfPresent([ReferenceRange].self, forKey: .referenceRange)
        component = try container.decodeIfPresent([Component].self, forKey: .component)
        value = try FHIRObservationValue.decode(from: decoder)
    }

    /// Writes FHIR JSON (absent elements are left out).
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
        try container.encodeIfPresent(interpretation, forKey: .interpretation)
        try container.encodeIfPresent(referenceRange, forKey: .referenceRange)
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
