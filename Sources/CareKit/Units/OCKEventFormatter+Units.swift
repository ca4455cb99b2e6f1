import CareKitStore
import CareKitUI
import Foundation

extension OCKEventFormatter {
    /// A measurement's number and units as shown in ``measurementSystem`` ("37.0", "°C"), in
    /// the locale's digits; nil for a value that is not a number in units that convert, or
    /// without a system.
    public func measurement(_ value: OCKOutcomeValue) -> (number: String, units: String)? {
        guard let measurementSystem, let (amount, unit) = value.measurement(in: measurementSystem) else { return nil }
        let digits = unit.displayedFractionDigits
        // Rounded here too: a formatter kept with other settings must not show more digits.
        let scale = pow(10, Double(digits))
        let rounded = (amount * scale).rounded() / scale
        return (OCKNumberFormatting.decimal(rounded, locale: locale, maximumFractionDigits: digits, minimumFractionDigits: digits), unit.symbol)
    }

    /// The units a measurement taken in `units` is shown in: their counterpart in
    /// ``measurementSystem`` ("°C" for "°F" in metric), else `units` as they are.
    public func displayedUnits(_ units: String?) -> String? {
        guard let units, let measurementSystem, let unit = OCKUnit(units) else { return units }
        return unit.counterpart(in: measurementSystem).symbol
    }

    /// A target range's bounds as shown: the lower without units, the upper with them
    /// ("35.0", "37.9 °C" for 95–100.3 °F in metric; "95", "100.3 °F" as taken).
    public func bounds(of range: OCKTargetRange) -> (low: String, high: String) {
        let shown = range.converted(to: displayedUnits(range.units))
        let low = OCKOutcomeValue(shown.lowerBound, units: shown.units, kind: nil, createdDate: Date(timeIntervalSinceReferenceDate: 0))
        let high = OCKOutcomeValue(shown.upperBound, units: shown.units, kind: nil, createdDate: Date(timeIntervalSinceReferenceDate: 0))
        let lowText = measurement(low)?.number ?? value(OCKOutcomeValue(shown.lowerBound, units: nil, kind: nil, createdDate: low.createdDate))
        return (lowText, value(high))
    }
}
