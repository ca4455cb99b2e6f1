import CareKitStore
import CareKitUI
import Foundation

extension OCKEventFormatter {
    /// One reading as people write it: "128/84 mmHg" for a blood pressure (its numbers joined
    /// by `/`, the shared units once), "98.6 °F" for a single value, each number as
    /// ``value(_:)`` shows it (in ``measurementSystem``).
    public func reading(_ values: [OCKOutcomeValue]) -> String {
        guard values.count > 1 else { return values.first.map(value) ?? "" }
        let shown = values.map { value -> (number: String, units: String?) in
            if let measured = measurement(value) { return (measured.number, measured.units) }
            guard let number = value.numericValue else { return (self.value(value), nil) }
            return (Self.decimal(number, locale: locale), value.units)
        }
        let units = Set(shown.map(\.units))
        if units.count == 1, let shared = units.first {
            return shown.map(\.number).joined(separator: "/") + (shared.map { " " + $0 } ?? "")
        }
        return values.map(value).joined(separator: " / ")
    }
}
