import CareKitStore
import CareKitUI
import Foundation

/// The known measurements' names and what the app says about their values, in the current
/// language (``CareKitUI/OCKLocalization/language``).
public enum OCKMeasurementNames {
    /// The names of the catalog's measurements and parts, as keys of CareKit's table (each
    /// is translated there; ``name(of:)`` looks them up).
    static let names = [
        loc.key("Body temperature"), loc.key("Pulse"), loc.key("Blood pressure"), loc.key("Systolic pressure"), loc.key("Diastolic pressure"),
        loc.key("Oxygen saturation"), loc.key("Respiratory rate"), loc.key("Body weight"), loc.key("Body height"), loc.key("Blood glucose"), loc.key("Pain")
    ]

    /// What the plan editor asks for a part of a paired measurement ("Systolic (upper number)").
    public static func prompt(of component: OCKMeasurementKind.Component) -> String {
        switch component.id {
        case "systolic": return loc("Systolic (upper number)")
        case "diastolic": return loc("Diastolic (lower number)")
        default: return name(of: component)
        }
    }

    /// A known measurement's name ("Blood pressure", "Blutdruck").
    public static func name(of kind: OCKMeasurementKind) -> String {
        loc(kind.name)
    }

    /// A known measurement part's name ("Systolic pressure", "Presión sistólica").
    public static func name(of component: OCKMeasurementKind.Component) -> String {
        loc(component.name)
    }

    /// Why a value was refused and what to type instead: "Systolic pressure: 310 mmHg is not a
    /// possible reading. Enter a value from 40 to 300 mmHg."
    public static func refusal(_ problem: OCKImplausibleValue) -> String {
        switch problem {
        case .outside(_, let component, let number, let range):
            return refusal(name: name(of: component), number: number, range: range)
        case .outsideLimits(let name, let number, let range):
            return refusal(name: name, number: number, range: range)
        case .diastolicNotBelowSystolic(let systolic, let diastolic):
            return loc(
                "Blood pressure: the diastolic (lower) number, {diastolic}, must be below the systolic, {systolic}. Enter it as systolic/diastolic, such as 128/84.",
                ["systolic": OCKLocalization.plainNumber(systolic), "diastolic": OCKLocalization.plainNumber(diastolic)])
        }
    }

    private static func refusal(name: String, number: Double, range: OCKPlausibleRange) -> String {
        let unit = range.units.map { " " + $0 } ?? ""
        let bounded = range.lowerBound > -1e300 && range.upperBound < 1e300
        let value = OCKLocalization.plainNumber(number) + unit
        guard bounded else {
            return range.lowerBound > -1e300
                ? loc("{measurement}: {value} is not a possible reading. Enter a value of at least {low}.", ["measurement": name, "value": value, "low": bound(range.lowerBound) + unit])
                : loc("{measurement}: {value} is not a possible reading. Enter a value of at most {high}.", ["measurement": name, "value": value, "high": bound(range.upperBound) + unit])
        }
        return loc(
            "{measurement}: {value} is not a possible reading. Enter a value from {low} to {high}.",
            ["measurement": name, "value": value, "low": bound(range.lowerBound), "high": bound(range.upperBound) + unit])
    }

    /// A bound as people read it: at most one decimal (a range converted to ounces is not
    /// worth its sixth decimal).
    private static func bound(_ value: Double) -> String {
        OCKLocalization.number(value, maximumFractionDigits: 1)
    }
}
