import Foundation

/// Any JSON document as a value, decoded with `JSONDecoder` so that `true` and `1`, `120` and
/// `"120"` stay distinct. Used to read sidecars and to compare our JSON with CareKit's.
enum JSONValue: Hashable, Codable, CustomStringConvertible, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The document as compact JSON with sorted keys.
    func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    var objectValue: [String: JSONValue]? { if case .object(let v) = self { v } else { nil } }
    var arrayValue: [JSONValue]? { if case .array(let v) = self { v } else { nil } }
    var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    var doubleValue: Double? { if case .number(let v) = self { v } else { nil } }
    var isNull: Bool { self == .null }

    /// The same document with every member named `key` removed, at any depth.
    func removingKey(_ key: String) -> JSONValue {
        switch self {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (name, value) in members where name != key { result[name] = value.removingKey(key) }
            return .object(result)
        case .array(let items):
            return .array(items.map { $0.removingKey(key) })
        default:
            return self
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let v): return String(v)
        case .number(let v): return String(v)
        case .string(let v): return "\"\(v)\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\($0): \(members[$0]!.description)" }.joined(separator: ", ") + "}"
        }
    }
}
