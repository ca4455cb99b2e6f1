import CareKitStore
import CareKitUI
import Foundation

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

    /// A recorded answer corrected to `answer` (the form's text; "; " between multiple
    /// choices), checked as the question checks a new one; it keeps the answer's question,
    /// unit and date. Nil when the value answers none of the survey's questions.
    public func correctedValue(_ recorded: OCKOutcomeValue, answer: String) throws(OCKSurveyError) -> OCKOutcomeValue? {
        guard let kind = recorded.kind, let question = questions.first(where: { $0.id == kind }) else { return nil }
        var raw = [answer.trimmingCharacters(in: .whitespacesAndNewlines)]
        if case .multipleChoice = question.kind { raw = raw[0].components(separatedBy: ";").map { $0.trimmingCharacters(in: .whitespaces) } }
        guard raw.contains(where: { !$0.isEmpty }) else {
            throw OCKSurveyError(questionID: question.id, message: "Enter the corrected answer to “\(question.prompt)”, or delete the entry.")
        }
        return OCKOutcomeValue(try question.value(from: raw.filter { !$0.isEmpty }), units: recorded.units, kind: kind, createdDate: recorded.createdDate)
    }

    /// The answers recorded in outcome values, as form strings, by question id.
    public func answers(from values: [OCKOutcomeValue]) -> [String: [String]] {
        var answers: [String: [String]] = [:]
        for value in values {
            guard let kind = value.kind, let question = questions.first(where: { $0.id == kind }) else { continue }
            if let v = value.integerValue {
                answers[kind] = [String(v)]
            } else if let v = value.doubleValue {
                answers[kind] = [OCKNumberFormat.plain(v)]
            } else if let v = value.booleanValue {
                answers[kind] = [v ? "yes" : "no"]
            } else if let v = value.stringValue {
                if case .multipleChoice = question.kind {
                    answers[kind] = v.components(separatedBy: "; ")
                } else {
                    answers[kind] = [v]
                }
            }
        }
        return answers
    }
}

extension OCKSurveyQuestion {
    fileprivate func value(from raw: [String]) throws(OCKSurveyError) -> any OCKOutcomeValueUnderlyingType {
        let first = raw[0]
        switch kind {
        case .number(let unit, let minimum, let maximum):
            // Read as every typed value is (OCKOutcomeValue(parsing:)): a decimal comma too
            // ("37,5"), as people type it in many countries, but never a guess at "1,234".
            let typed: any OCKOutcomeValueUnderlyingType
            do throws(OCKStoreError) {
                typed = try OCKOutcomeValue.parsedValue(first)
            } catch {
                throw OCKSurveyError(questionID: id, message: error.reason)
            }
            guard let number = (typed as? Int).map(Double.init) ?? (typed as? Double) else {
                throw OCKSurveyError(questionID: id, message: "“\(first)” is not a number; enter a number\(unit.map { " in \($0)" } ?? "") for “\(prompt)”.")
            }
            if let minimum, number < minimum {
                throw OCKSurveyError(questionID: id, message: "\(OCKNumberFormat.plain(number)) is below the lowest accepted value (\(OCKNumberFormat.plain(minimum))) for “\(prompt)”.")
            }
            if let maximum, number > maximum {
                throw OCKSurveyError(questionID: id, message: "\(OCKNumberFormat.plain(number)) is above the highest accepted value (\(OCKNumberFormat.plain(maximum))) for “\(prompt)”.")
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
}
