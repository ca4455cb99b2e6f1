import CareKitStore
import CareKitUI
import Foundation

/// The system of units a patient reads and types measurements in (°C and kg, or °F and lb),
/// for the task at hand.
///
/// Like ``OCKLocalization/language``, the chosen system is a task-local value: the web app
/// sets it for each request from the patient's setting (kept in the store under
/// ``CareKitStore/OCKPreferenceKey/measurementSystem``), `carekit` from `--units`. Every
/// value shown in that task is converted into it; values are stored in the units they were
/// taken in, whatever is shown.
///
/// Not in Apple's CareKit, where an app converts with `Measurement` and the device's locale
/// (docs/DEVIATIONS.md).
public enum OCKMeasurementUnits {
    /// The system the patient chose, or nil when they chose none.
    @TaskLocal public static var chosenSystem: OCKUnit.System?

    /// The system new values are typed in and the settings page offers first: the chosen one,
    /// else the one usual in the current language's region (US customary for US English,
    /// metric for the others).
    public static var preferredSystem: OCKUnit.System {
        chosenSystem ?? .usual(in: OCKLocalization.language.locale)
    }

    /// The system values are shown in: the chosen one, else metric when the language's region
    /// uses it. A US English reader who chose nothing sees each value in the units it was
    /// taken in (nil), as before units could be chosen: a care plan written in kilograms
    /// reads as written.
    public static var displaySystem: OCKUnit.System? {
        if let chosenSystem { return chosenSystem }
        let usual = OCKUnit.System.usual(in: OCKLocalization.language.locale)
        return usual == .metric ? .metric : nil
    }

    /// The units a measurement taken in `units` is shown in under ``displaySystem``, and a
    /// bare number typed for it is read in: the counterpart of a unit that converts ("°F" →
    /// "°C" for a metric reader), else `units` as they are.
    public static func displayUnits(for units: String?) -> String? {
        guard let units, let system = displaySystem, let unit = OCKUnit(units) else { return units }
        return unit.counterpart(in: system).symbol
    }
}

extension OCKUnit.System {
    /// The setting's value: "metric" or "us".
    public var preferenceValue: String { self == .metric ? "metric" : "us" }

    /// The system a setting or an option names: "metric", or "us" (also "US", "imperial").
    /// Nil for anything else.
    public init?(preference text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "metric", "si": self = .metric
        case "us", "imperial", "us-customary": self = .usCustomary
        default: return nil
        }
    }

    /// The system people in a locale's region measure in: US customary in the United States
    /// (and in Liberia and Myanmar), metric everywhere else.
    public static func usual(in locale: Locale) -> OCKUnit.System {
        let region = locale.region?.identifier ?? locale.identifier.split(separator: "_").last.map(String.init) ?? ""
        return ["US", "LR", "MM"].contains(region.uppercased()) ? .usCustomary : .metric
    }
}

extension OCKUnit {
    /// How many decimals a value in this unit is shown with once converted: one for a
    /// temperature (37.0 °C), a weight (176.4 lb) and a length in inches or feet; none in
    /// centimetres and grams, whose steps are already small.
    public var displayedFractionDigits: Int {
        switch self {
        case .centimeter, .gram: return 0
        default: return 1
        }
    }
}

extension OCKOutcomeValue {
    /// The value's number in `system`'s unit of its dimension (98.6 °F is 37 °C in metric),
    /// with that unit; nil for a value that is not a number or whose units do not convert.
    public func measurement(in system: OCKUnit.System) -> (number: Double, unit: OCKUnit)? {
        guard let number = numericValue, let units, let unit = OCKUnit(units) else { return nil }
        let target = unit.counterpart(in: system)
        guard let converted = unit.convert(number, to: target), converted.isFinite else { return nil }
        return (converted, target)
    }
}

extension OCKTargetRange {
    /// The range with its bounds in `units` (a range of 95–100.3 °F is 35–37.9 °C); itself
    /// when its units are those, are missing, or do not convert.
    public func converted(to units: String?) -> OCKTargetRange {
        guard let units, let own = self.units, own != units,
            let low = OCKUnit.convert(lowerBound, from: own, to: units),
            let high = OCKUnit.convert(upperBound, from: own, to: units)
        else { return self }
        return OCKTargetRange(kind: kind, units: units, lowerBound: low, upperBound: high)
    }
}
