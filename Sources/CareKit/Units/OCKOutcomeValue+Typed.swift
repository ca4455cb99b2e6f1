import CareKitStore
import Foundation

extension OCKOutcomeValue {
    /// Why a typed measurement was refused.
    public enum TypedMeasurementProblem: Error, Equatable {
        /// The units typed measure something else than `expected` ("37 kg" for a temperature).
        case otherDimension(typed: String, expected: String)
        /// Not a number ("abc", "37..2", "1e999") for a measurement in `expected`, units that convert.
        case notANumber(expected: String)
    }

    /// A value a person typed for a measurement: "98.6 F", "98,6 °F", "37,2 °C", "٣٧٫٢",
    /// "176 lbs". A number with units that convert is kept in those units (in their usual
    /// symbol: "F" → "°F"); a bare number is in `bareUnits`; anything else is read by
    /// ``init(parsing:units:kind:createdDate:)`` (text, yes or no) with `bareUnits`.
    ///
    /// - Parameter expected: the units the measurement is taken in (the task's, or the
    ///   corrected value's); units typed of another dimension are refused.
    /// - Throws: ``TypedMeasurementProblem`` for units of another dimension, or for what is
    ///   not a number when `expected` are units that convert;
    ///   ``OCKStoreError/invalidValue(reason:)`` for an ambiguous number ("1,234").
    public static func typedMeasurement(_ text: String, bareUnits: String?, expected: String?, kind: String? = nil, createdDate: Date) throws -> OCKOutcomeValue {
        if let measured = try parsedMeasurement(text), let typed = measured.units, let unit = OCKUnit(typed) {
            if let expected, let wanted = OCKUnit(expected), wanted.dimension != unit.dimension {
                throw TypedMeasurementProblem.otherDimension(typed: typed, expected: expected)
            }
            return OCKOutcomeValue(measured.number, units: unit.symbol, kind: kind, createdDate: createdDate)
        }
        let value = try OCKOutcomeValue(parsing: text, units: bareUnits, kind: kind, createdDate: createdDate)
        // A measurement in units that convert is a number: "37..2" is not kept as text.
        if let expected, OCKUnit(expected) != nil, value.numericValue == nil {
            throw TypedMeasurementProblem.notANumber(expected: expected)
        }
        return value
    }
}
