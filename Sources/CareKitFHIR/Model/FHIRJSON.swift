import Foundation

/// Any JSON value, kept as it was read: the elements of a FHIR resource that the mapping does
/// not use travel in this form (so that a resource imported and exported again keeps them), and
/// extensions keep their `value[x]` in it whatever its type.
public enum FHIRJSON: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([FHIRJSON])
    case object([String: FHIRJSON])

    /// Reads FHIR JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // The most common kinds first: every failed attempt costs an error.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([FHIRJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FHIRJSON].self))
        }
    }

    /// Writes FHIR JSON (absent elements are left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The members of an object (nil for anything else).
    public var objectValue: [String: FHIRJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text of a string (nil for anything else).
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of an array (nil for anything else).
    public var arrayValue: [FHIRJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// A member of an object.
    public subscript(key: String) -> FHIRJSON? {
        objectValue?[key]
    }

    /// Converts a Codable value to JSON and back into another type: how typed resources are
    /// read from, and written to, this form.
    static func convert<Output: Decodable>(_ value: some Encodable, to type: Output.Type) throws -> Output {
        let data = try (value as? FHIRJSON).map { try $0.data() } ?? JSONEncoder().encode(value)
        if Output.self == FHIRJSON.self, let json = try FHIRJSON(data: data) as? Output { return json }
        return try JSONDecoder().decode(Output.self, from: data)
    }

    /// Reads JSON text (Foundation's parser, which limits nesting: deep input is refused).
    public init(data: Data) throws {
        self = try Self(any: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// The JSON text of the value.
    public func data() throws -> Data {
        try JSONSerialization.data(withJSONObject: anyValue, options: [.fragmentsAllowed, .sortedKeys])
    }

    private init(any value: Any) throws {
        switch value {
        case is NSNull: self = .null
        case let text as String: self = .string(text)
        case let number as NSNumber:
            if String(describing: type(of: number)).contains("Boolean") {
                self = .bool(number.boolValue)
            } else if ["d", "f"].contains(String(cString: number.objCType)) || number is NSDecimalNumber {
                self = .number(number.doubleValue)
            } else {
                self = .integer(number.intValue)
            }
        case let array as [Any]: self = .array(try array.map(FHIRJSON.init(any:)))
        case let object as [String: Any]: self = .object(try object.mapValues(FHIRJSON.init(any:)))
        default: throw OCKFHIRCodingError.corruptData(reason: "it holds a value JSON cannot")
        }
    }

    private var anyValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return NSNumber(value: value)
        case .integer(let value): return NSNumber(value: value)
        case .number(let value): return NSNumber(value: value)
        case .string(let value): return value
        case .array(let value): return value.map(\.anyValue)
        case .object(let value): return value.mapValues(\.anyValue)
        }
    }

    /// Compact JSON text with sorted keys (stable: the same value always gives the same text).
    var compactText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The value of JSON text, or nil when it is not JSON.
    static func parse(_ text: String) -> FHIRJSON? {
        try? JSONDecoder().decode(FHIRJSON.self, from: Data(text.utf8))
    }
}
