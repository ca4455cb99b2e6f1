import Foundation

/// A measurement the app knows: body temperature, pulse, blood pressure, weight, glucose and
/// the others of ``all``. Each has its parts (blood pressure has two, systolic and diastolic),
/// how it is coded (LOINC), and for each unit it is taken in the values a living body can have
/// (``OCKPlausibleRange``), so that a typing slip (9,999 mmHg, 986 °F) is refused where it is
/// entered instead of reaching a care team's chart as a fact.
///
/// A task's measurement is recognised from what defines it (``recognizing(name:units:)``: its
/// survey question's id or prompt, its title, its LOINC code), never from a tag on each value,
/// so values written by any app are judged alike. Values written by Apple's CareKit, HealthKit
/// or FHIR name their part in their own words (`HKQuantityTypeIdentifierBloodPressureSystolic`,
/// `systolic`, `8480-6`); ``Component/matches(valueKind:)`` reads them.
///
/// Not in Apple's CareKit, which leaves plausibility to each app (docs/DEVIATIONS.md).
public struct OCKMeasurementKind: Hashable, Sendable, Identifiable {
    /// One part of a measurement: the one number of a temperature, or one of blood pressure's two.
    public struct Component: Hashable, Sendable, Identifiable {
        /// The part's id, the `kind` of the values that record it ("systolic", "temperature").
        public let id: String
        /// Its English name ("Systolic pressure"); apps show it in the patient's language.
        public let name: String
        /// Its LOINC code and display name, by units where they differ (glucose in mg/dL and
        /// in mmol/L are two codes); ``loinc(units:)`` picks one.
        let codes: [(units: String?, code: OCKLOINCCode)]
        /// The values a body can have, one range per unit the part is taken in.
        public let plausibleRanges: [OCKPlausibleRange]
        /// Whether only whole numbers are answers (a pain score).
        public let wholeNumbers: Bool
        /// Value kinds and names read as this part (normalised: see ``OCKMeasurementKind/normalized(_:)``).
        let aliases: Set<String>

        init(id: String, name: String, codes: [(units: String?, code: OCKLOINCCode)], plausibleRanges: [OCKPlausibleRange], wholeNumbers: Bool, aliases: [String]) {
            self.id = id
            self.name = name
            self.codes = codes
            self.plausibleRanges = plausibleRanges
            self.wholeNumbers = wholeNumbers
            self.aliases = Set(([id] + aliases + codes.map(\.code.code)).map(OCKMeasurementKind.normalized))
        }

        public static func == (lhs: Component, rhs: Component) -> Bool { lhs.id == rhs.id && lhs.plausibleRanges == rhs.plausibleRanges }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }

        /// The part's LOINC code for values in `units` (the first code when none is for them).
        public func loinc(units: String?) -> OCKLOINCCode? {
            let canonical = OCKMeasurementKind.canonicalUnits(units)
            return codes.first { $0.units != nil && $0.units == canonical }?.code ?? codes.first?.code
        }

        /// The range of plausible values in `units`: the range written for those units (any
        /// spelling of them: "mm Hg", "beats/min", "Fahrenheit"), else one converted from a unit
        /// of the same dimension (grams from kilograms); nil for units the part is not taken in.
        /// A part taken without units (a score) answers for values without units.
        public func plausibleRange(units: String?) -> OCKPlausibleRange? {
            let canonical = OCKMeasurementKind.canonicalUnits(units)
            if let written = plausibleRanges.first(where: { $0.units == canonical }) { return written }
            guard let canonical, let unit = OCKUnit(canonical) else { return nil }
            for range in plausibleRanges {
                guard let from = range.units.flatMap(OCKUnit.init), let low = from.convert(range.lowerBound, to: unit), let high = from.convert(range.upperBound, to: unit) else {
                    continue
                }
                return OCKPlausibleRange(units: unit.symbol, lowerBound: low, upperBound: high)
            }
            return nil
        }

        /// Whether the part is taken in `units` (a spelling of one of its ranges' units, or of
        /// a unit that converts to one).
        public func isTaken(in units: String?) -> Bool {
            plausibleRange(units: units) != nil
        }

        /// Whether a value of `kind` records this part: its id, or a name other apps give it
        /// (`HKQuantityTypeIdentifierBodyTemperature`, `body_temperature`, `8310-5`).
        public func matches(valueKind kind: String?) -> Bool {
            guard let kind else { return false }
            if kind == id { return true }
            return aliases.contains(OCKMeasurementKind.normalized(kind))
        }

        /// Whether `number` in `units` is a value a body can have; nil when the part has no
        /// range for `units` (nothing to judge it by).
        public func isPlausible(_ number: Double, units: String?) -> Bool? {
            guard let range = plausibleRange(units: units) else { return nil }
            if wholeNumbers, number.rounded() != number { return false }
            return range.contains(number)
        }
    }

    /// The measurement's id ("blood-pressure"); for a measurement of one part, the part's id too.
    public let id: String
    /// Its English name ("Blood pressure").
    public let name: String
    /// Its LOINC code: the panel's for a measurement of several parts (85354-9, blood pressure),
    /// else its one part's.
    public let loinc: OCKLOINCCode?
    /// Its parts, in the order they are written ("128/84": systolic, then diastolic).
    public let components: [Component]
    /// Whether FHIR files it under the vital-signs category.
    public let isVitalSign: Bool
    /// Where its plausible ranges come from, and why they are drawn where they are.
    public let source: String
    /// The names it is recognised by, normalised (four languages, and the ids apps use).
    let names: Set<String>

    public static func == (lhs: OCKMeasurementKind, rhs: OCKMeasurementKind) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Whether the measurement is several numbers read as one (blood pressure).
    public var isPaired: Bool { components.count > 1 }

    /// The known measurement with an id, or nil.
    public init?(id: String) {
        guard let kind = Self.all.first(where: { $0.id == id }) else { return nil }
        self = kind
    }

    /// The known measurement a LOINC code names (its panel's or one of its parts' codes), or nil.
    public init?(loinc code: String) {
        guard let kind = Self.all.first(where: { $0.loinc?.code == code || $0.components.contains { $0.codes.contains { $0.code.code == code } } }) else {
            return nil
        }
        self = kind
    }

    /// The part of a known measurement a value kind names (`systolic`, `temperature`,
    /// `HKQuantityTypeIdentifierHeartRate`), or nil.
    public static func component(matching valueKind: String) -> Component? {
        for kind in all { if let part = kind.components.first(where: { $0.matches(valueKind: valueKind) }) { return part } }
        return nil
    }

    /// The part of the measurement a value records: the part its kind names, else, for a
    /// measurement of one part, that part (a value that names none, as Apple's CareKit and
    /// the command line write them, records the one thing the task measures).
    public func component(forValueKind kind: String?) -> Component? {
        if let named = components.first(where: { $0.matches(valueKind: kind) }) { return named }
        return components.count == 1 ? components.first : nil
    }

    /// The known measurement a task's name says it is, taken in `units` ("Temperature" in °F,
    /// "Blutdruck" in mmHg, "Blood sugar" in mg/dL). A name that is exactly one of the
    /// measurement's names needs units it is taken in, or none; a longer name that contains one
    /// ("Morning blood pressure") needs the units, so "Weight training" is not a weight.
    public static func recognizing(name: String?, units: String?) -> OCKMeasurementKind? {
        guard let name else { return nil }
        let key = normalized(name)
        guard !key.isEmpty else { return nil }
        let takes = { (kind: OCKMeasurementKind) in kind.components.contains { $0.isTaken(in: units) } }
        if let exact = all.first(where: { $0.names.contains(key) && (units == nil || takes($0)) }) { return exact }
        guard units != nil else { return nil }
        let words = "-" + key + "-"
        return all.first { kind in takes(kind) && kind.names.contains { words.contains("-" + $0 + "-") } }
    }

    /// The problem with the numbers of one reading: a number no body can have in its units, or
    /// parts in an order that cannot be (a diastolic pressure at or above the systolic). Nil
    /// when every part's number is plausible. `numbers` are by part id; a part missing is not
    /// judged.
    public func problem(with numbers: [String: (number: Double, units: String?)]) -> OCKImplausibleValue? {
        for component in components {
            guard let (number, units) = numbers[component.id], let range = component.plausibleRange(units: units) else { continue }
            if component.isPlausible(number, units: units) == false {
                return .outside(self, component, number: number, range: range)
            }
        }
        // Both parts of a blood pressure are in mmHg, the only unit it is taken in.
        if id == "blood-pressure", let systolic = numbers["systolic"]?.number, let diastolic = numbers["diastolic"]?.number, diastolic >= systolic {
            return .diastolicNotBelowSystolic(systolic: systolic, diastolic: diastolic)
        }
        return nil
    }

    // MARK: Names and units

    /// `text` as the catalog compares names: lower case, accents removed, each run of what is
    /// not a letter or digit one `-` ("Presión arterial" → `presion-arterial`, "SpO₂" → `spo2`,
    /// "HKQuantityTypeIdentifierHeartRate" → `hkquantitytypeidentifierheartrate`).
    public static func normalized(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var key = ""
        for scalar in folded.unicodeScalars {
            if let digit = subscriptDigits[scalar] {
                key.unicodeScalars.append(digit)
            } else if CharacterSet.alphanumerics.contains(scalar) {
                key.unicodeScalars.append(scalar)
            } else if !key.isEmpty, !key.hasSuffix("-") {
                key += "-"
            }
        }
        while key.hasSuffix("-") { key.removeLast() }
        return key
    }

    private static let subscriptDigits: [Unicode.Scalar: Unicode.Scalar] = Dictionary(
        uniqueKeysWithValues: (0...9).compactMap { digit in
            guard let low = Unicode.Scalar(0x2080 + digit), let ascii = Unicode.Scalar(0x30 + digit) else { return nil }
            return (low, ascii)
        })

    /// The usual symbol of units the catalog knows in any spelling ("mm Hg" → "mmHg",
    /// "beats/min" → "bpm", "mg/dl" → "mg/dL", "Fahrenheit" → "°F"); other units as they are,
    /// trimmed; nil for none.
    public static func canonicalUnits(_ units: String?) -> String? {
        guard let units else { return nil }
        let trimmed = units.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let unit = OCKUnit(trimmed) { return unit.symbol }
        let key = trimmed.lowercased().replacingOccurrences(of: " ", with: "")
        return unitSpellings[key] ?? trimmed
    }

    /// Spellings of the units that do not convert, lowercased without spaces, to their symbols.
    private static let unitSpellings: [String: String] = {
        var spellings: [String: String] = [:]
        let groups: [(String, [String])] = [
            ("mmHg", ["mmhg", "mm[hg]", "mmofmercury", "millimetersofmercury", "millimetresofmercury"]),
            ("bpm", ["bpm", "beats/min", "beatsperminute", "beats/minute", "/min", "1/min", "min-1", "{beats}/min", "schläge/min", "lpm", "ppm"]),
            ("breaths/min", ["breaths/min", "breathsperminute", "breaths/minute", "br/min", "rpm", "{breaths}/min", "atemzüge/min", "resp/min"]),
            ("%", ["%", "percent", "pct", "prozent", "por ciento"]),
            ("mg/dL", ["mg/dl", "mgdl", "mg/100ml", "mg%"]),
            ("mmol/L", ["mmol/l", "mmol", "mmoll", "mm/l"])
        ]
        for (symbol, names) in groups { for name in names { spellings[name] = symbol } }
        return spellings
    }()
}

/// A LOINC code with its display name.
public struct OCKLOINCCode: Hashable, Sendable {
    /// The code ("8310-5").
    public let code: String
    /// LOINC's name for it ("Body temperature").
    public let display: String

    public init(_ code: String, _ display: String) {
        self.code = code
        self.display = display
    }
}

/// The lowest and highest value of a measurement a body can have, in one unit: what a value
/// outside is (a slip of the keyboard, a failed reading) rather than a patient's state.
public struct OCKPlausibleRange: Hashable, Sendable {
    /// The unit of the bounds ("°C", "mmHg"), or nil for a number without units (a score).
    public let units: String?
    /// The lowest plausible value.
    public let lowerBound: Double
    /// The highest plausible value.
    public let upperBound: Double

    /// A range; the bounds are put in order.
    public init(units: String?, lowerBound: Double, upperBound: Double) {
        self.units = units
        self.lowerBound = min(lowerBound, upperBound)
        self.upperBound = max(lowerBound, upperBound)
    }

    /// Whether `number` lies in the range (bounds included); NaN and infinities never do.
    public func contains(_ number: Double) -> Bool {
        number.isFinite && number >= lowerBound && number <= upperBound
    }

    /// The range both this one and `other` allow, in this one's units (other's converted when
    /// its units convert, else ignored); nil when they do not overlap.
    public func narrowed(by other: OCKPlausibleRange?) -> OCKPlausibleRange? {
        guard let other else { return self }
        let low = OCKUnit.convert(other.lowerBound, from: other.units, to: units)
        let high = OCKUnit.convert(other.upperBound, from: other.units, to: units)
        guard let low, let high else { return self }
        let narrowed = OCKPlausibleRange(units: units, lowerBound: max(lowerBound, min(low, high)), upperBound: min(upperBound, max(low, high)))
        return max(lowerBound, min(low, high)) <= min(upperBound, max(low, high)) ? narrowed : nil
    }
}

/// A reading no body can have, and why.
public enum OCKImplausibleValue: Error, Hashable, Sendable {
    /// A part's number lies outside its plausible range in its units.
    case outside(OCKMeasurementKind, OCKMeasurementKind.Component, number: Double, range: OCKPlausibleRange)
    /// A number outside limits a task itself set for a measurement the app does not know.
    case outsideLimits(name: String, number: Double, range: OCKPlausibleRange)
    /// A diastolic pressure at or above the systolic one of the same reading (both in mmHg).
    case diastolicNotBelowSystolic(systolic: Double, diastolic: Double)
}

extension OCKImplausibleValue: CustomStringConvertible {
    /// In English, for logs and the store's own reasons; apps say it in the patient's language.
    public var description: String {
        func number(_ value: Double) -> String { value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value) }
        func sentence(_ name: String, _ value: Double, _ range: OCKPlausibleRange) -> String {
            let unit = range.units.map { " " + $0 } ?? ""
            return "\(number(value))\(unit) cannot be a \(name.lowercased()) reading: enter a value from \(number(range.lowerBound)) to \(number(range.upperBound))\(unit)."
        }
        switch self {
        case .outside(_, let component, let value, let range): return sentence(component.name, value, range)
        case .outsideLimits(let name, let value, let range): return sentence(name, value, range)
        case .diastolicNotBelowSystolic(let systolic, let diastolic):
            return "A diastolic pressure of \(number(diastolic)) mmHg cannot be at or above the systolic \(number(systolic)) mmHg: enter the higher number first (systolic/diastolic, such as 128/84)."
        }
    }
}
