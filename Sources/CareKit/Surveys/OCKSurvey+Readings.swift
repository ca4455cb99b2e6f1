import CareKitStore
import Foundation

extension OCKSurvey {
    /// The recorded values that answer `question`: the values of its kind and, for the first
    /// question, values without a kind (a number logged from the command line or by code that
    /// names none). Each is returned with its kind set to the question's id, so it can be
    /// compared with the question's target range (``OCKScheduleElement/targetRangePosition(of:)``).
    public func values(answering question: OCKSurveyQuestion, in values: [OCKOutcomeValue]) -> [OCKOutcomeValue] {
        let isFirst = questions.first?.id == question.id
        return values.compactMap { value in
            guard value.kind == question.id || (value.kind == nil && isFirst) else { return nil }
            var answer = value
            answer.kind = question.id
            return answer
        }
    }
}
