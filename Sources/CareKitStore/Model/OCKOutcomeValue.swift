import Foundation

/// A type that can be stored as the value of an ``OCKOutcomeValue``:
/// `Int`, `Double`, `Bool`, `String`, `Data` or `Date`.
public protocol OCKOutcomeValueUnderlyingType: Codable, Sendable {}

extension Int: OCKOutcomeValueUnderlyingType {}
extension Double: OCKOutcomeValueUnderlyingType {}
extension Bool: OCKOutcomeValueUnderlyingType {}
extension String: OCKOutcomeValueUnderlyingType {}
extension Data: OCKOutcomeValueUnderlyingType {}
extension Date: OCKOutcomeValueUnderlyingType {}

/// The type of the value held by an ``OCKOutcomeValue``; also its JSON `type` tag.
public enum OCKOutcomeValueType: String, Codable, Hashable, Sendable, CaseIterable {
    case integer, double, boolean, text, binary, date
}

/// One value recorded for an outcome, such as "2 tablets" or "98.6 °F", with an optional kind
/// (which question or measurement it answers) and units.
public struct OCKOutcomeValue: Codable, Hashable, Sendable {

    /// The value in a closed form: every case can be stored, compared and encoded.
    enum Storage: Hashable, Sendable {
        case integer(Int)
        case double(Double)
        case boolean(Bool)
        case text(String)
        case binary(Data)
        case date(Date)

        init(_ value: any OCKOutcomeValueUnderlyingType) {
            switch value {
            case let value as Int: self = .integer(value)
            case let value as Double: self = .double(value)
            case let value as Bool: self = .boolean(value)
            case let value as String: self = .text(value)
            case let value as Data: self = .binary(value)
            case let value as Date: self = .date(value)
            // A caller's own conforming type has no column of its own: keep its description
            // rather than trapping (CareKit calls fatalError here).
            default: self = .text(String(describing: value))
            }
        }

        var value: any OCKOutcomeValueUnderlyingType {
            switch self {
            case .integer(let value): return value
            case .double(let value): return value
            case .boolean(let value): return value
            case .text(let value): return value
            case .binary(let value): return value
            case .date(let value): return value
            }
        }

        var type: OCKOutcomeValueType {
            switch self {
            case .integer: return .integer
            case .double: return .double
            case .boolean: return .boolean
            case .text: return .text
            case .binary: return .binary
            case .date: return .date
            }
        }
    }

    var storage: Storage

    /// The recorded value.
    public var value: any OCKOutcomeValueUnderlyingType {
        get { storage.value }
        set { storage = Storage(newValue) }
    }

    /// What the value measures or answers, for example a survey question's identifier.
    public var kind: String?

    /// The units of the value, for example "mg" or "°F".
    public var units: String?

    /// When the value was recorded.
    public var createdDate: Date

    /// The type of ``value``.
    public var type: OCKOutcomeValueType { storage.type }

    /// Creates a value recorded now.
    public init(_ value: any OCKOutcomeValueUnderlyingType, units: String? = nil) {
        self.init(value, units: units, kind: nil, createdDate: Date())
    }

    /// Creates a value with every field given, so that the result does not depend on the clock.
    public init(_ value: any OCKOutcomeValueUnderlyingType, units: String? = nil, kind: String?, createdDate: Date) {
        self.storage = Storage(value)
        self.units = units
        self.kind = kind
        self.createdDate = createdDate
    }

    /// The value when it is an integer.
    public var integerValue: Int? { if case .integer(let v) = storage { v } else { nil } }
    /// The value when it is a double.
    public var doubleValue: Double? { if case .double(let v) = storage { v } else { nil } }
    /// The value when it is a boolean.
    public var booleanValue: Bool? { if case .boolean(let v) = storage { v } else { nil } }
    /// The value when it is text.
    public var stringValue: String? { if case .text(let v) = storage { v } else { nil } }
    /// The value when it is binary data.
    public var dataValue: Data? { if case .binary(let v) = storage { v } else { nil } }
    /// The value when it is a date.
    public var dateValue: Date? { if case .date(let v) = storage { v } else { nil } }

    /// The value as a number when it is an integer, a double or a boolean.
    public var numberValue: NSNumber? {
        switch storage {
        case .integer(let v): return NSNumber(value: v)
        case .double(let v): return NSNumber(value: v)
        case .boolean(let v): return NSNumber(value: v)
        default: return nil
        }
    }

    /// The value as a Double for arithmetic: integers and doubles as themselves, nil otherwise.
    public var numericValue: Double? {
        switch storage {
        case .integer(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    // MARK: Codable (CareKit's form: type, value, createdDate, kind?, units?)

    private enum CodingKeys: String, CodingKey {
        case type, value, kind, units, createdDate
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(OCKOutcomeValueType.self, forKey: .type)
        switch type {
        case .integer: storage = .integer(try container.decode(Int.self, forKey: .value))
        case .double: storage = .double(try container.decode(Double.self, forKey: .value))
        case .boolean: storage = .boolean(try container.decode(Bool.self, forKey: .value))
        case .text: storage = .text(try container.decode(String.self, forKey: .value))
        case .binary: storage = .binary(try container.decode(Data.self, forKey: .value))
        case .date: storage = .date(try container.decode(Date.self, forKey: .value))
        }
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        units = try container.decodeIfPresent(String.self, forKey: .units)
        createdDate = try container.decode(Date.self, forKey: .createdDate)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch storage {
        case .integer(let v): try container.encode(v, forKey: .value)
        case .double(let v): try container.encode(v, forKey: .value)
        case .boolean(let v): try container.encode(v, forKey: .value)
        case .text(let v): try container.encode(v, forKey: .value)
        case .binary(let v): try container.encode(v, forKey: .value)
        case .date(let v): try container.encode(v, forKey: .value)
        }
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(units, forKey: .units)
        try container.encode(createdDate, forKey: .createdDate)
    }
}

extension OCKOutcomeValue: CustomStringConvertible {
    /// The value and its units as plain text, for example "98.6 °F".
    public var description: String {
        let text: String
        switch storage {
        case .integer(let v): text = String(v)
        case .double(let v): text = v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .boolean(let v): text = v ? "Yes" : "No"
        case .text(let v): text = v
        case .binary(let v): text = "\(v.count) bytes"
        case .date(let v): text = v.formatted(.iso8601)
        }
        guard let units, !units.isEmpty else { return text }
        return "\(text) \(units)"
    }
}
