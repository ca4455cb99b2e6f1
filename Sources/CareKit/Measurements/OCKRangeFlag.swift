import CareKitStore
import CareKitUI
import Foundation

/// A recorded value outside its task's target range, and the words every place says it in: the
/// card, the task's history, the confirm step at entry, Insights and the care report all show
/// "▲ high" or "▼ low" and "target 90–140 mmHg" for the same value.
public struct OCKRangeFlag: Hashable, Sendable {
    /// Above or below the range (never ``CareKitStore/OCKTargetRange/Position/within``).
    public var position: OCKTargetRange.Position
    /// The range the value is outside of.
    public var range: OCKTargetRange

    /// The flag of `value` recorded at an event of `element`: nil when the element has no range
    /// for it (``CareKitStore/OCKScheduleElement/targetRange(for:)``) or the value lies within.
    public init?(value: OCKOutcomeValue, element: OCKScheduleElement) {
        guard let range = element.targetRange(for: value), let number = value.numericValue(in: range.units) else { return nil }
        let position = range.position(of: number)
        guard position != .within else { return nil }
        self.position = position
        self.range = range
    }

    /// The flag of a value at `position` against `range`; nil within it.
    public init?(position: OCKTargetRange.Position, range: OCKTargetRange) {
        guard position != .within else { return nil }
        self.position = position
        self.range = range
    }

    /// Whether the value is above the range.
    public var isHigh: Bool { position == .above }
}

extension OCKEventFormatter {
    /// "▲ high" or "▼ low".
    public func mark(_ flag: OCKRangeFlag) -> String {
        flag.isHigh ? loc("▲ high") : loc("▼ low")
    }

    /// "target 90–140 mmHg", the range in the units values are shown in.
    public func target(_ flag: OCKRangeFlag) -> String {
        let (low, high) = bounds(of: flag.range)
        return loc("target {low}–{high}", ["low": low, "high": high])
    }

    /// "▲ high · target 90–140 mmHg": the mark and the range, as cards and the history show them.
    public func flagText(_ flag: OCKRangeFlag) -> String {
        loc("{mark} · {target}", ["mark": mark(flag), "target": target(flag)])
    }

    /// "152 mmHg is above your target 90–140 mmHg.", the sentence of the confirm step.
    public func sentence(_ flag: OCKRangeFlag, value: String) -> String {
        let (low, high) = bounds(of: flag.range)
        return flag.isHigh
            ? loc("{value} is above your target {low}–{high}.", ["value": value, "low": low, "high": high])
            : loc("{value} is below your target {low}–{high}.", ["value": value, "low": low, "high": high])
    }
}

extension OCKEventFormatter {
    /// The flag a card or list shows after a value recorded at an event of `element`, or nil
    /// when it is within its target range (or has none).
    public func valueFlag(_ value: OCKOutcomeValue, element: OCKScheduleElement) -> OCKValueFlag? {
        OCKRangeFlag(value: value, element: element).map { OCKValueFlag(text: flagText($0), isHigh: $0.isHigh) }
    }
}

extension _TaskCard {
    /// The rows "question → answer (flag)" of an outcome's values: one row per reading, so a
    /// blood pressure reads "Blood pressure: 128/84 mmHg"; each flagged when a value of it is
    /// outside its target range.
    static func answerRows(
        values: [OCKOutcomeValue], survey: OCKSurvey?, measurement: OCKTaskMeasurement?, event: OCKAnyEvent?, formatter: OCKEventFormatter
    ) -> [(question: String, answer: String, flag: OCKValueFlag?)] {
        let element = event?.scheduleEvent.element
        let readings = measurement?.readings(of: values) ?? values.indices.map { OCKTaskMeasurement.Reading(indices: [$0]) }
        return readings.map { reading in
            let members = reading.indices.map { values[$0] }
            let question: String
            if let kind = measurement?.kind, measurement?.isPaired == true, members.count > 1 {
                question = OCKMeasurementNames.name(of: kind)
            } else {
                let value = members[0]
                question = survey?.questions.first { $0.id == value.kind }?.prompt ?? measurement?.part(for: value)?.prompt ?? value.kind ?? loc("Value")
            }
            guard let element else { return (question, formatter.reading(members), nil) }
            let flagged = members.compactMap { value in formatter.valueFlag(value, element: element).map { (value, $0) } }
            guard members.count > 1, !flagged.isEmpty else { return (question, formatter.reading(members), flagged.first?.1) }
            // A paired reading names the part that is out of range: "Systolic pressure ▲ high · target 90–140 mmHg".
            let text = flagged.map { value, flag in [measurement?.part(for: value)?.name, flag.text].compactMap { $0 }.joined(separator: " ") }.joined(separator: loc("; "))
            return (question, formatter.reading(members), OCKValueFlag(text: text, isHigh: flagged.contains { $0.1.isHigh }))
        }
    }
}
