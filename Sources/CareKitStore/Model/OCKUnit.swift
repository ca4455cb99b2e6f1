import Foundation

/// A unit of measurement that values can be converted between: temperatures in °C and °F,
/// body mass in kg, g, lb and oz, lengths in cm, m, in and ft.
///
/// Outcome values keep the units they were taken in (`OCKOutcomeValue.units` is free text, as
/// in CareKit); a unit is recognised from the spellings people and devices use ("°F", "F",
/// "degF", "fahrenheit"; "kg", "kgs", "kilograms"; "lb", "lbs", "pounds") so that a value
/// taken in one unit can be compared with a target range, charted, or shown in another.
/// Units it does not know (mg/dL, "steps", "pills") convert only to themselves.
public struct OCKUnit: Hashable, Sendable, CustomStringConvertible {
    /// What a unit measures; only units of one dimension convert into each other.
    public enum Dimension: String, Hashable, Sendable {
        case temperature, mass, length
    }

    /// A system of units a person prefers to read and type values in.
    public enum System: String, Hashable, Sendable, CaseIterable {
        /// °C, kg, cm.
        case metric
        /// °F, lb, in: the United States' customary units.
        case usCustomary
    }

    /// The unit's usual symbol, as values are written with it: "°C", "kg".
    public let symbol: String
    /// What the unit measures.
    public let dimension: Dimension
    /// The system the unit belongs to.
    public let system: System
    /// A value in this unit is `value × scale + offset` in the dimension's base unit (°C, kg, m).
    let scale: Double
    let offset: Double
    /// Lowercased spellings read as this unit, the symbol's included.
    let spellings: [String]

    public static let celsius = OCKUnit("°C", .temperature, .metric, scale: 1, spellings: ["c", "degc", "celsius", "ºc", "℃", "deg c", "degrees c", "degrees celsius"])
    public static let fahrenheit = OCKUnit(
        "°F", .temperature, .usCustomary, scale: 5.0 / 9.0, offset: -160.0 / 9.0, spellings: ["f", "degf", "fahrenheit", "ºf", "℉", "deg f", "degrees f", "degrees fahrenheit"])
    public static let kilogram = OCKUnit("kg", .mass, .metric, scale: 1, spellings: ["kgs", "kilogram", "kilograms", "kilo", "kilos"])
    public static let gram = OCKUnit("g", .mass, .metric, scale: 0.001, spellings: ["gram", "grams"])
    public static let pound = OCKUnit("lb", .mass, .usCustomary, scale: 0.453_592_37, spellings: ["lbs", "pound", "pounds"])
    public static let ounce = OCKUnit("oz", .mass, .usCustomary, scale: 0.028_349_523_125, spellings: ["ounce", "ounces"])
    public static let centimeter = OCKUnit("cm", .length, .metric, scale: 0.01, spellings: ["centimeter", "centimeters", "centimetre", "centimetres"])
    public static let meter = OCKUnit("m", .length, .metric, scale: 1, spellings: ["meter", "meters", "metre", "metres"])
    public static let inch = OCKUnit("in", .length, .usCustomary, scale: 0.0254, spellings: ["inch", "inches", "″"])
    public static let foot = OCKUnit("ft", .length, .usCustomary, scale: 0.3048, spellings: ["foot", "feet", "′"])

    /// Every unit that converts.
    public static let all: [OCKUnit] = [.celsius, .fahrenheit, .kilogram, .gram, .pound, .ounce, .centimeter, .meter, .inch, .foot]

    private init(_ symbol: String, _ dimension: Dimension, _ system: System, scale: Double, offset: Double = 0, spellings: [String]) {
        self.symbol = symbol
        self.dimension = dimension
        self.system = system
        self.scale = scale
        self.offset = offset
        self.spellings = [symbol.lowercased()] + spellings
    }

    /// The unit a text names ("°F", "F", "lbs", "Kilograms"), or nil for a unit that does not
    /// convert. Case, spaces around it and a degree sign written `º` or `˚` do not matter.
    public init?(_ text: String) {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "˚", with: "°").replacingOccurrences(of: "º", with: "°")
        guard !key.isEmpty, let unit = Self.all.first(where: { $0.spellings.contains(key) || $0.spellings.contains(key.replacingOccurrences(of: "°", with: "")) }) else {
            return nil
        }
        self = unit
    }

    public var description: String { symbol }

    /// `value` in this unit converted to `other`; nil when they measure different things.
    public func convert(_ value: Double, to other: OCKUnit) -> Double? {
        guard dimension == other.dimension else { return nil }
        if self == other { return value }
        return (value * scale + offset - other.offset) / other.scale
    }

    /// `value` in `units` converted to `target`. Equal units (or either one missing: a value
    /// without units is read in the other's) give the value as it is; units that do not
    /// convert into each other give nil.
    public static func convert(_ value: Double, from units: String?, to target: String?) -> Double? {
        guard let units, let target, units != target else { return value }
        guard let from = OCKUnit(units), let to = OCKUnit(target) else { return nil }
        return from.convert(value, to: to)
    }

    /// The unit of the same dimension in `system` that people read this one as: °F for °C,
    /// lb for kg (and for g), in for cm (and ft for m); itself when it is of that system.
    public func counterpart(in system: System) -> OCKUnit {
        guard self.system != system else { return self }
        switch self {
        case .celsius: return .fahrenheit
        case .fahrenheit: return .celsius
        case .kilogram, .gram: return .pound
        case .pound, .ounce: return .kilogram
        case .centimeter: return .inch
        case .meter: return .foot
        case .inch: return .centimeter
        default: return .meter
        }
    }
}

extension OCKOutcomeValue {
    /// The value as a number in `target` units: converted when the value was taken in other
    /// units of the same dimension (37 °C is 98.6 °F), as it is when either has no units; nil
    /// for a value that is not a number or whose units do not convert to `target`.
    public func numericValue(in target: String?) -> Double? {
        guard let number = numericValue else { return nil }
        return OCKUnit.convert(number, from: units, to: target)
    }
}
