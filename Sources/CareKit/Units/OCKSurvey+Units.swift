import CareKitStore
import CareKitUI
import Foundation

extension OCKSurvey {
    /// The survey as the patient reads and answers it: each number question whose unit
    /// converts asks in the unit of the current system (``OCKMeasurementUnits/displayUnits(for:)``:
    /// "°C" for a question in °F, for a metric reader), its bounds converted and widened to the
    /// unit's shown decimals (95–110 °F becomes 35–43.4 °C). A bare number answered is then in
    /// that unit, and every answer is still kept in the units it was typed in.
    ///
    /// Each number question's bounds are first narrowed to what a body can have when the app
    /// knows the measurement (``OCKTaskMeasurement``): a temperature question that accepts
    /// 80–115 °F accepts 80–113 °F, and its hint says so.
    public func inDisplayUnits() -> OCKSurvey {
        var survey = withPlausibleBounds()
        survey.questions = survey.questions.map { $0.inDisplayUnits() }
        return survey
    }

    /// The survey with each number question's bounds narrowed to its measurement's limits
    /// (``OCKTaskMeasurement/Part/limits``), in the question's unit.
    public func withPlausibleBounds() -> OCKSurvey {
        guard let measurement = OCKTaskMeasurement(survey: self, title: title) else { return self }
        var survey = self
        survey.questions = questions.map { question in
            guard case .number(let unit, _, _) = question.kind, let part = measurement.parts.first(where: { $0.valueKind == question.id }), let limits = part.limits,
                let low = OCKUnit.convert(limits.lowerBound, from: limits.units, to: unit), let high = OCKUnit.convert(limits.upperBound, from: limits.units, to: unit),
                low > -1e300, high < 1e300
            else { return question }
            var narrowed = question
            narrowed.kind = .number(unit: unit, minimum: low, maximum: high)
            return narrowed
        }
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
