import CareKitStore
import Foundation

/// The units people write in CareKit apps and their UCUM codes (the units FHIR quantities use).
/// A unit not listed is written as text only (`Quantity.unit`), which FHIR allows.
public enum OCKUCUM {
    /// CareKit unit → UCUM code.
    public static let codes: [String: String] = [
        "°F": "[degF]", "F": "[degF]", "degF": "[degF]", "°C": "Cel", "C": "Cel", "degC": "Cel",
        "bpm": "/min", "beats/min": "/min", "breaths/min": "/min", "/min": "/min",
        "mmHg": "mm[Hg]", "mm Hg": "mm[Hg]",
        "kg": "kg", "g": "g", "mg": "mg", "mcg": "ug", "µg": "ug", "lb": "[lb_av]", "lbs": "[lb_av]", "oz": "[oz_av]",
        "m": "m", "cm": "cm", "mm": "mm", "km": "km", "in": "[in_i]", "ft": "[ft_i]", "mi": "[mi_i]",
        "mL": "mL", "ml": "mL", "L": "L", "l": "L", "fl oz": "[foz_us]",
        "%": "%", "kcal": "kcal", "Cal": "kcal", "cal": "cal",
        "s": "s", "sec": "s", "min": "min", "h": "h", "hr": "h", "hours": "h", "d": "d", "days": "d",
        "mg/dL": "mg/dL", "mmol/L": "mmol/L", "kg/m2": "kg/m2", "kg/m²": "kg/m2", "IU": "[iU]", "U": "U",
        "steps": "{steps}", "tablet": "{tablet}", "tablets": "{tablet}", "puffs": "{puff}", "drops": "[drp]"
    ]

    /// UCUM code → the unit CareKit writes, for quantities that come with a code and no text.
    public static let units: [String: String] = [
        "[degF]": "°F", "Cel": "°C", "/min": "bpm", "mm[Hg]": "mmHg", "kg": "kg", "g": "g", "mg": "mg", "ug": "mcg",
        "[lb_av]": "lb", "[oz_av]": "oz", "m": "m", "cm": "cm", "mm": "mm", "km": "km", "[in_i]": "in", "[ft_i]": "ft",
        "mL": "mL", "L": "L", "%": "%", "kcal": "kcal", "s": "s", "min": "min", "h": "h", "d": "d",
        "mg/dL": "mg/dL", "mmol/L": "mmol/L", "kg/m2": "kg/m2", "[iU]": "IU", "{steps}": "steps", "{tablet}": "tablets"
    ]

    /// The UCUM code of units as stored: listed spellings, then any spelling of a unit that
    /// converts ("kgs", "Fahrenheit", "ºF", "pounds": ``CareKitStore/OCKUnit``'s); nil for
    /// units with no code. Always the units a value was taken in, never a converted display.
    public static func code(for units: String) -> String? {
        codes[units] ?? OCKUnit(units).flatMap { codes[$0.symbol] } ?? OCKMeasurementKind.canonicalUnits(units).flatMap { codes[$0] }
    }
}
