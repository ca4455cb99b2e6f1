import CareKitStore
import CareKitUI
import Foundation

extension OCKSurvey {
    /// The survey as the patient reads and answers it: each number question whose unit
    /// converts asks in the unit of the current system (``OCKMeasurementUnits/displayUnits(for:)``:
    /// "°C" for a question in °F, for a metric reader), its bounds converted and widened to the
    /// unit's shown decimals (95–110 °F becomes 35–43.4 °C). A bare number answered is then in
    /// that unit, and every answer is still kept in the units it was typed in.
    public func inDisplayUnits() -> OCKSurvey {
        var survey = self
        survey.questions = questions.map { $0.inDisplayUnits() }
        return survey
    }
}

extension OCKSurveyQuestion {
    /// The question in the current system's unit (see ``OCKSurvey/inDisplayUnits()``).
    public func inDisplayUnits() -> OCKSurveyQuestion {
        guard case .number(let unit?, let minimum, let maximum) = kind, let shown = OCKMeasurementUnits.displayUnits(for: unit), shown != unit,
            let from = OCKUnit(unit), let to = OCKUnit(shown)
        else { return self }
        let scale = pow(10, Double(to.displayedFractionDigits))
        let low = minimum.flatMap { from.convert($0, to: to) }.map { ($0 * scale).rounded(.down) / scale }
        let high = maximum.flatMap { from.convert($0, to: to) }.map { ($0 * scale).rounded(.up) / scale }
        var question = self
        question.kind = .number(unit: shown, minimum: low, maximum: high)
        return question
    }
}
