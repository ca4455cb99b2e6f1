import CareKitStore
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

/// One question of a survey.
public struct OCKSurveyQuestion: Codable, Hashable, Sendable, Identifiable {

    /// What kind of answer the question takes.
    public enum Kind: Codable, Hashable, Sendable {
        /// A number, optionally with a unit and bounds (inclusive).
        case number(unit: String?, minimum: Double?, maximum: Double?)
        /// A whole number on a scale, for example 0 (no pain) to 10 (worst pain).
        case scale(minimum: Int, maximum: Int, minimumLabel: String?, maximumLabel: String?)
        /// Yes or no.
        case yesNo
        /// Free text, at most `maximumLength` characters.
        case text(maximumLength: Int?)
        /// Exactly one of the choices.
        case singleChoice([OCKSurveyChoice])
        /// Any number of the choices.
        case multipleChoice([OCKSurveyChoice])
    }

    /// Identifies the question; it becomes the `kind` of the outcome value that answers it.
    public var id: String
    /// The question as asked.
    public var prompt: String
    /// The kind of answer.
    public var kind: Kind
    /// Whether the question may be left unanswered.
    public var isOptional: Bool

    /// Creates a question.
    public init(id: String, prompt: String, kind: Kind, isOptional: Bool = false) {
        self.id = id
        self.prompt = prompt
        self.kind = kind
        self.isOptional = isOptional
    }

    /// The units of the answer (number questions only).
    public var unit: String? {
        if case .number(let unit, _, _) = kind { return unit }
        return nil
    }
}

/// A choice of a single- or multiple-choice question.
public struct OCKSurveyChoice: Codable, Hashable, Sendable {
    /// The value recorded when the choice is picked.
    public var value: String
    /// The text shown.
    public var text: String

    /// Creates a choice.
    public init(value: String, text: String) {
        self.value = value
        self.text = text
    }
}

/// Why answers could not be recorded; says which question and what to change.
public struct OCKSurveyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The question at fault.
    public var questionID: String
    /// What is wrong, for the person answering.
    public var message: String

    public var description: String { message }
}

extension OCKSurvey {

    /// The outcome values for a set of answers (the form's raw strings, by question id).
    /// Unanswered optional questions are skipped. Multiple choices are recorded as one text
    /// value listing the picked choices' values, separated by "; ".
    public func outcomeValues(answers: [String: [String]], createdDate: Date) throws(OCKSurveyError) -> [OCKOutcomeValue] {
        var values: [OCKOutcomeValue] = []
        for question in questions {
            let raw = (answers[question.id] ?? []).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            guard !raw.isEmpty else {
                if question.isOptional { continue }
                throw OCKSurveyError(questionID: question.id, message: "Please answer “\(question.prompt)”.")
            }
            let value = try question.value(from: raw)
            values.append(OCKOutcomeValue(value, units: question.unit, kind: question.id, createdDate: createdDate))
        }
        return values
    }
}

extension OCKSurveyQuestion {
    fileprivate func value(from raw: [String]) throws(OCKSurveyError) -> any OCKOutcomeValueUnderlyingType {
        let first = raw[0]
        switch kind {
        case .number(let unit, let minimum, let maximum):
            // Accept a decimal comma too ("37,5"), as people type it in many countries.
            guard let number = Double(first.replacingOccurrences(of: ",", with: ".")), number.isFinite else {
                throw OCKSurveyError(questionID: id, message: "“\(first)” is not a number; enter a number\(unit.map { " in \($0)" } ?? "") for “\(prompt)”.")
            }
            if let minimum, number < minimum {
                throw OCKSurveyError(questionID: id, message: "\(OCKSurveyQuestion.format(number)) is below the lowest accepted value (\(OCKSurveyQuestion.format(minimum))) for “\(prompt)”.")
            }
            if let maximum, number > maximum {
                throw OCKSurveyError(questionID: id, message: "\(OCKSurveyQuestion.format(number)) is above the highest accepted value (\(OCKSurveyQuestion.format(maximum))) for “\(prompt)”.")
            }
            return number
        case .scale(let minimum, let maximum, _, _):
            guard let number = Int(first), number >= minimum, number <= maximum else {
                throw OCKSurveyError(questionID: id, message: "Choose a whole number from \(minimum) to \(maximum) for “\(prompt)”.")
            }
            return number
        case .yesNo:
            switch first.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: throw OCKSurveyError(questionID: id, message: "Answer yes or no to “\(prompt)”.")
            }
        case .text(let maximumLength):
            if let maximumLength, first.count > maximumLength {
                throw OCKSurveyError(questionID: id, message: "The answer to “\(prompt)” is \(first.count) characters long; the most is \(maximumLength).")
            }
            return first
        case .singleChoice(let choices):
            guard raw.count == 1, choices.contains(where: { $0.value == first }) else {
                throw OCKSurveyError(questionID: id, message: "Pick one of the choices for “\(prompt)”.")
            }
            return first
        case .multipleChoice(let choices):
            let known = Set(choices.map(\.value))
            guard raw.allSatisfy(known.contains) else {
                throw OCKSurveyError(questionID: id, message: "Pick only from the listed choices for “\(prompt)”.")
            }
            // Keep the survey's order whatever order the form sent.
            return choices.map(\.value).filter(raw.contains).joined(separator: "; ")
        }
    }

    /// A number as people write it: "72", "98.6".
    public static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension OCKTask {
    /// The key of `userInfo` under which a task's survey is stored (as JSON).
    public static let surveyUserInfoKey = "ock.survey"

    /// The survey that records this task's outcomes, if it is an assessment. Stored in
    /// `userInfo` so it travels with the task through the store, sync and export.
    public var survey: OCKSurvey? {
        get {
            guard let json = userInfo?[Self.surveyUserInfoKey] else { return nil }
            return try? JSONDecoder().decode(OCKSurvey.self, from: Data(json.utf8))
        }
        set {
            var info = userInfo ?? [:]
            if let newValue, let data = try? JSONEncoder().encode(newValue) {
                info[Self.surveyUserInfoKey] = String(decoding: data, as: UTF8.self)
            } else {
                info[Self.surveyUserInfoKey] = nil
            }
            userInfo = info.isEmpty ? nil : info
        }
    }
}
