import Foundation

/// The range a measurement should stay within, read from a schedule element's target values:
/// two or more numbers of the same kind mark its lowest and highest acceptable value, both
/// included. `[95 °F, 100.3 °F]` of kind "temperature" makes 101.2 °F above the range.
///
/// This is the one definition of "out of range": the care report flags what it says is out of
/// range, and alerts (ZombieKit's fever) fire on the same answer. A single target value is a
/// goal to reach (see ``CareTaskProgressStrategy/summingOutcomeValues``), not a range.
public struct OCKTargetRange: Hashable, Sendable {
    /// Where a recorded value lies.
    public enum Position: Hashable, Sendable {
        case below, within, above
    }

    /// The kind of the values the range applies to (a survey question's id), or nil.
    public var kind: String?
    /// The units of the bounds, if the targets have any.
    public var units: String?
    /// The lowest acceptable value.
    public var lowerBound: Double
    /// The highest acceptable value.
    public var upperBound: Double

    /// Creates a range; the bounds are put in order.
    public init(kind: String?, units: String?, lowerBound: Double, upperBound: Double) {
        self.kind = kind
        self.units = units
        self.lowerBound = min(lowerBound, upperBound)
        self.upperBound = max(lowerBound, upperBound)
    }

    /// The range the numeric target values of `kind` describe; nil for fewer than two, or for
    /// targets in different units.
    public init?(targetValues: [OCKOutcomeValue], kind: String?) {
        let targets = targetValues.filter { $0.kind == kind && $0.numericValue?.isFinite == true }
        let numbers = targets.compactMap(\.numericValue)
        guard numbers.count >= 2, let low = numbers.min(), let high = numbers.max(),
            Set(targets.map(\.units)).count == 1
        else { return nil }
        self.init(kind: kind, units: targets.first?.units, lowerBound: low, upperBound: high)
    }

    /// Where a number lies (NaN counts as within: it says nothing).
    public func position(of number: Double) -> Position {
        if number < lowerBound { return .below }
        if number > upperBound { return .above }
        return .within
    }

    /// Where a recorded value lies; nil when the range does not apply to it: not a number, of
    /// another kind, or in units that do not convert to the range's (values without units are
    /// read in the range's; 38.5 °C is compared with a range in °F as 101.3 °F).
    public func position(of value: OCKOutcomeValue) -> Position? {
        guard value.kind == kind, let number = value.numericValue(in: units) else { return nil }
        return position(of: number)
    }
}

extension OCKScheduleElement {
    /// The target range of the values of `kind`, if the element's target values describe one.
    public func targetRange(forKind kind: String?) -> OCKTargetRange? {
        OCKTargetRange(targetValues: targetValues, kind: kind)
    }

    /// Where a recorded value lies against its target range (``targetRange(for:)``); nil when
    /// the element has no range for it or the value cannot be compared with it.
    public func targetRangePosition(of value: OCKOutcomeValue) -> OCKTargetRange.Position? {
        guard let range = targetRange(for: value), let number = value.numericValue(in: range.units) else { return nil }
        return range.position(of: number)
    }

    /// The target range a recorded value is judged by, from what the element defines rather
    /// than from the tag on the value: the range of the value's kind; else the range of the
    /// known measurement part the kind names in another app's words
    /// (`HKQuantityTypeIdentifierBodyTemperature`, `8480-6`: see ``OCKMeasurementKind``); else,
    /// for a value that names no kind (as Apple's CareKit, HealthKit imports and the command
    /// line write them), the element's one range when it has exactly one. Nil otherwise: a
    /// value of a kind the element has no range for is not judged by another kind's range.
    public func targetRange(for value: OCKOutcomeValue) -> OCKTargetRange? {
        let kinds = Set(targetValues.filter { $0.numericValue?.isFinite == true }.map(\.kind))
        guard !kinds.isEmpty else { return nil }
        if kinds.contains(value.kind) { return targetRange(forKind: value.kind) }
        if let kind = value.kind {
            for candidate in kinds {
                guard let candidate, let part = OCKMeasurementKind.component(matching: candidate), part.matches(valueKind: kind) else { continue }
                return targetRange(forKind: candidate)
            }
            return nil
        }
        return kinds.count == 1 ? kinds.first.flatMap { targetRange(forKind: $0) } : nil
    }
}
