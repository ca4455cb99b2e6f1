import Foundation

/// A short questionnaire that records an assessment: CareKit used ResearchKit for this; here a
/// survey is plain data stored with its task, rendered as an HTML form, and its answers become
/// the outcome's values: one value per answered question, `kind` = the question's id, units
/// kept.
public struct OCKSurvey: Codable, Hashable, Sendable {
    /// A title shown above the questions (the task's title when nil).
    public var title: String?
    /// The questions, in order.
    public var questions: [OCKSurveyQuestion]

    /// Creates a survey.
    public init(title: String? = nil, questions: [OCKSurveyQuestion]) {
        self.title = title
        self.questions = questions
    }
}

extension OCKSurvey {
    /// The answers of a submitted survey form (fields named `q.<question id>`), by question id.
    public static func answers(fromFormFields fields: [(name: String, value: String)]) -> [String: [String]] {
        var answers: [String: [String]] = [:]
        for field in fields where field.name.hasPrefix("q.") {
            answers[String(field.name.dropFirst(2)), default: []].append(field.value)
        }
        return answers
    }
}
