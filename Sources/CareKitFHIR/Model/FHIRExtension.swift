import Foundation

/// A FHIR `Extension`: a URL and either a `value[x]` or nested extensions. The value is kept
/// with its element name (`valueString`, `valueQuantity`, ...) and its JSON as read, so an
/// extension of any type survives import and export unchanged.
public struct FHIRExtension: Codable, Hashable, Sendable {
    /// A `value[x]` element: its name and its JSON.
    public struct Value: Hashable, Sendable {
        /// The name.
        public var name: String
        /// The value as JSON.
        public var json: FHIRJSON

        /// Creates a value; elements not given are absent.
        public init(name: String, json: FHIRJSON) {
            self.name = name
            self.json = json
        }
    }

    /// The URL.
    public var url: String
    /// Extensions: what the base specification has no element for.
    public var `extension`: [FHIRExtension]?
    /// The value.
    public var value: Value?

    /// Creates a value; elements not given are absent.
    public init(url: String, value: Value? = nil, extensions: [FHIRExtension]? = nil) {
        self.url = url
        self.value = value
        self.extension = extensions.flatMap { $0.isEmpty ? nil : $0 }
    }

    // MARK: Making

    /// An extension whose value is a string.
    public static func string(_ url: String, _ text: String) -> FHIRExtension {
        FHIRExtension(url: url, value: Value(name: "valueString", json: .string(text)))
    }
    /// An extension whose value is a code.
    public static func code(_ url: String, _ code: String) -> FHIRExtension {
        FHIRExtension(url: url, value: Value(name: "valueCode", json: .string(code)))
    }
    /// An extension whose value is a integer.
    public static func integer(_ url: String, _ number: Int) -> FHIRExtension {
        FHIRExtension(url: url, value: Value(name: "valueInteger", json: .integer(number)))
    }
    /// An extension whose value is a decimal.
    public static func decimal(_ url: String, _ number: Double) -> FHIRExtension {
        FHIRExtension(url: url, value: Value(name: "valueDecimal", json: .number(number)))
    }
    /// An extension whose value is a boolean.
    public static func boolean(_ url: String, _ flag: Bool) -> FHIRExtension {
        FHIRExtension(url: url, value: Value(name: "valueBoolean", json: .bool(flag)))
    }
    /// An extension whose value is a dateTime.
    public static func dateTime(_ url: String, _ date: Date, in timeZone: TimeZone) -> FHIRExtension {
        FHIRExtension(url: url, value: Value(name: "valueDateTime", json: .string(FHIRDateTime.string(date, in: timeZone))))
    }
    /// A date as the mapping's extensions keep it: the `dateTime` part `url` (milliseconds), and
    /// when that does not read back as the same `Date`, the part `url` + "Seconds" with its exact
    /// seconds since 2001-01-01T00:00:00Z (Foundation's reference date) as a decimal.
    /// ``date(_:timeZone:)`` reads it back.
    public static func instant(_ url: String, _ date: Date, in timeZone: TimeZone) -> [FHIRExtension] {
        let written = dateTime(url, date, in: timeZone)
        guard !FHIRDateTime.isExact(date, in: timeZone), date.timeIntervalSinceReferenceDate.isFinite else { return [written] }
        return [written, decimal(url + "Seconds", date.timeIntervalSinceReferenceDate)]
    }
    /// An extension whose value is nested extensions.
    public static func complex(_ url: String, _ parts: [FHIRExtension]) -> FHIRExtension {
        FHIRExtension(url: url, extensions: parts)
    }

    // MARK: Reading

    /// The nested extensions with this URL.
    public func parts(_ url: String) -> [FHIRExtension] {
        (self.extension ?? []).filter { $0.url == url }
    }

    /// The first nested extension with this URL.
    public func part(_ url: String) -> FHIRExtension? {
        self.extension?.first { $0.url == url }
    }

    /// The value when it is text (`valueString`, `valueCode`, `valueMarkdown`, `valueUri`, ...).
    public var textValue: String? {
        guard let value, value.name != "valueDateTime", value.name != "valueInstant" else { return nil }
        return value.json.stringValue
    }
    /// The value when it is `valueDateTime` or `valueInstant`.
    public var dateTimeText: String? {
        guard let value, value.name == "valueDateTime" || value.name == "valueInstant" || value.name == "valueDate" else { return nil }
        return value.json.stringValue
    }
    /// The date of the parts ``instant(_:_:in:)`` writes: the exact seconds when they are
    /// there, else the `dateTime` (written without an offset: in `timeZone`).
    public func date(_ url: String, timeZone: TimeZone) -> Date? {
        if let seconds = part(url + "Seconds")?.decimalValue, seconds.isFinite { return Date(timeIntervalSinceReferenceDate: seconds) }
        return part(url)?.dateTimeText.flatMap { FHIRDateTime.parse($0, timeZone: timeZone)?.start }
    }
    /// The value when it is a whole number.
    public var integerValue: Int? {
        switch value?.json {
        case .integer(let number): return number
        default: return nil
        }
    }
    /// The value when it is a number.
    public var decimalValue: Double? {
        switch value?.json {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }
    /// The value when it is `valueBoolean`.
    public var booleanValue: Bool? {
        if case .bool(let flag) = value?.json { return flag }
        return nil
    }

    // MARK: Codable

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads FHIR JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        url = try container.decode(String.self, forKey: Key("url"))
        self.extension = try container.decodeIfPresent([FHIRExtension].self, forKey: Key("extension"))
        value = nil
        for key in container.allKeys where key.stringValue.hasPrefix("value") {
            // The element name tells the JSON type of the primitive ones: no guessing.
            let json: FHIRJSON
            switch key.stringValue {
            case "valueString", "valueCode", "valueDateTime", "valueDate", "valueInstant", "valueTime", "valueUri", "valueUrl",
                "valueCanonical", "valueId", "valueOid", "valueUuid", "valueMarkdown", "valueBase64Binary":
                json = .string(try container.decode(String.self, forKey: key))
            case "valueBoolean": json = .bool(try container.decode(Bool.self, forKey: key))
            case "valueInteger", "valuePositiveInt", "valueUnsignedInt": json = .integer(try container.decode(Int.self, forKey: key))
            case "valueDecimal": json = .number(try container.decode(Double.self, forKey: key))
            default: json = try container.decode(FHIRJSON.self, forKey: key)
            }
            value = Value(name: key.stringValue, json: json)
            break
        }
    }

    /// Writes FHIR JSON (absent elements are left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(url, forKey: Key("url"))
        if let parts = self.extension, !parts.isEmpty { try container.encode(parts, forKey: Key("extension")) }
        if let value { try container.encode(value.json, forKey: Key(value.name)) }
    }
}

extension Array where Element == FHIRExtension {
    /// The first extension with this URL.
    func first(_ url: String) -> FHIRExtension? {
        first { $0.url == url }
    }
}
