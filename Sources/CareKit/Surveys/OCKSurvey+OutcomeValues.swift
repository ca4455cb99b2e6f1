import CareKitStore
import CareKitUI
import Foundation

extension OCKSurvey {
    /// The outcome values for a set of answers (the form's raw strings, by question id).
    /// Unanswered optional questions are skipped. Multiple choices are recorded as one text
    /// value listing the picked choices' values, separated by "; ".
    ///
    /// Numbers are checked against what the survey measures (``OCKTaskMeasurement``): a value
    /// no body can have (310 mmHg systolic, 986 °F) is refused with what to enter instead, and
    /// so is a blood pressure whose diastolic number is not below its systolic. A paired
    /// measurement may be typed whole in its first field ("128/84").
    public func outcomeValues(answers: [String: [String]], createdDate: Date) throws(OCKSurveyError) -> [OCKOutcomeValue] {
        let measurement = OCKTaskMeasurement(survey: self, title: title)
        let answers = measurement.map { Self.splittingPairs(answers, measurement: $0) } ?? answers
        var values: [OCKOutcomeValue] = []
        for question in questions {
            let raw = (answers[question.id] ?? []).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            guard !raw.isEmpty else {
                if question.isOptional { continue }
                throw OCKSurveyError(questionID: question.id, message: loc("Please answer “{question}”.", ["question": question.prompt]))
            }
            let (value, units) = try question.value(from: raw)
            values.append(OCKOutcomeValue(value, units: units, kind: question.id, createdDate: createdDate))
        }
        try Self.check(values, measurement: measurement)
        return values
    }

    /// Refuses values no body can have, naming the question of the first one.
    static func check(_ values: [OCKOutcomeValue], measurement: OCKTaskMeasurement?) throws(OCKSurveyError) {
        guard let measurement else { return }
        for value in values {
            if let problem = measurement.problem(with: [value]) {
                throw OCKSurveyError(questionID: value.kind ?? "", message: OCKMeasurementNames.refusal(problem))
            }
        }
        if let problem = measurement.problem(with: values) {
            let second = measurement.parts.count > 1 ? measurement.parts[1].valueKind : nil
            throw OCKSurveyError(questionID: second ?? values.first?.kind ?? "", message: OCKMeasurementNames.refusal(problem))
        }
    }

    /// The answers with a paired measurement typed whole in its first field ("128/84", "128 / 84
    /// mmHg") split into its two fields, when the second is empty.
    static func splittingPairs(_ answers: [String: [String]], measurement: OCKTaskMeasurement) -> [String: [String]] {
        guard measurement.isPaired, let first = measurement.parts.first?.valueKind, let second = measurement.parts.last?.valueKind,
            let typed = answers[first]?.first, (answers[second] ?? []).allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty })
        else { return answers }
        let halves = typed.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else { return answers }
        var split = answers
        split[first] = [halves[0]]
        split[second] = [halves[1]]
        return split
    }

    /// A recorded answer corrected to `answer` (the form's text; "; " between multiple
    /// choices), checked as the question checks a new one; it keeps the answer's question,
    /// unit and date. Nil when the value answers none of the survey's questions.
    public func correctedValue(_ recorded: OCKOutcomeValue, answer: String) throws(OCKSurveyError) -> OCKOutcomeValue? {
        guard let kind = recorded.kind, let question = questions.first(where: { $0.id == kind }) else { return nil }
        var raw = [answer.trimmingCharacters(in: .whitespacesAndNewlines)]
        if case .multipleChoice = question.kind { raw = raw[0].components(separatedBy: ";").map { $0.trimmingCharacters(in: .whitespaces) } }
        guard raw.contains(where: { !$0.isEmpty }) else {
            throw OCKSurveyError(questionID: question.id, message: loc("Enter the corrected answer to “{question}”, or delete the entry.", ["question": question.prompt]))
        }
        let (value, units) = try question.value(from: raw.filter { !$0.isEmpty }, recordedIn: recorded.units)
        let corrected = OCKOutcomeValue(value, units: units, kind: kind, createdDate: recorded.createdDate)
        try Self.check([corrected], measurement: OCKTaskMeasurement(survey: self, title: title))
        return corrected
    }

    /// The answers recorded in outcome values, as form strings, by question id.
    public func answers(from values: [OCKOutcomeValue]) -> [String: [String]] {
        var answers: [String: [String]] = [:]
        for value in values {
            guard let kind = value.kind, let question = questions.first(where: { $0.id == kind }) else { continue }
            // A number taken in other units than the question's is shown in them, so the form gives them back.
            let otherUnits = value.units.flatMap { $0 == question.unit ? nil : " " + $0 } ?? ""
            if let v = value.integerValue {
                answers[kind] = [String(v) + otherUnits]
            } else if let v = value.doubleValue {
                answers[kind] = [OCKNumberFormat.plain(v) + otherUnits]
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
    /// The value of an answer and the units it was given in: a number question's unit, or the
    /// units typed after the number when they convert to it ("98.6 F" or "37 °C" for a °F
    /// question is kept as typed, in its own units; the bounds are checked after conversion).
    fileprivate func value(from raw: [String], recordedIn recordedUnits: String? = nil) throws(OCKSurveyError) -> (any OCKOutcomeValueUnderlyingType, String?) {
        let first = raw[0]
        switch kind {
        case .number(let unit, let minimum, let maximum):
            // Read as every typed value is (OCKOutcomeValue(parsing:)): a decimal comma too
            // ("37,5"), as people type it in many countries, but never a guess at "1,234".
            let measured: (number: Double, units: String?)?
            do throws(OCKStoreError) {
                measured = try OCKOutcomeValue.parsedMeasurement(first)
            } catch {
                throw OCKSurveyError(questionID: id, message: error.reason)
            }
            // "seventy", and "1e3" or "72 stone" (a number in units that do not convert) alike.
            guard let measured, measured.units.map({ $0 == unit || OCKUnit($0) != nil }) ?? true else {
                let message =
                    unit.map { loc("“{text}” is not a number; enter a number in {unit} for “{question}”.", ["text": first, "unit": $0, "question": prompt]) }
                    ?? loc("“{text}” is not a number; enter a number for “{question}”.", ["text": first, "question": prompt])
                throw OCKSurveyError(questionID: id, message: message)
            }
            let (units, inQuestionUnits) = try takenUnits(measured, unit: unit, default: recordedUnits ?? unit)
            if let minimum, inQuestionUnits < minimum {
                throw OCKSurveyError(
                    questionID: id,
                    message: loc(
                        "{value} is below the lowest accepted value ({limit}) for “{question}”.",
                        ["value": Self.written(measured), "limit": OCKLocalization.plainNumber(minimum) + (unit.map { " " + $0 } ?? ""), "question": prompt]))
            }
            if let maximum, inQuestionUnits > maximum {
                throw OCKSurveyError(
                    questionID: id,
                    message: loc(
                        "{value} is above the highest accepted value ({limit}) for “{question}”.",
                        ["value": Self.written(measured), "limit": OCKLocalization.plainNumber(maximum) + (unit.map { " " + $0 } ?? ""), "question": prompt]))
            }
            return (measured.number, units)
        case .scale(let minimum, let maximum, _, _):
            guard let number = Int(first), number >= minimum, number <= maximum else {
                throw OCKSurveyError(
                    questionID: id,
                    message: loc(
                        "Choose a whole number from {minimum} to {maximum} for “{question}”.",
                        ["minimum": OCKLocalization.number(minimum), "maximum": OCKLocalization.number(maximum), "question": prompt]))
            }
            return (number, nil)
        case .yesNo:
            switch first.lowercased() {
            case "yes", "true", "1": return (true, nil)
            case "no", "false", "0": return (false, nil)
            default: throw OCKSurveyError(questionID: id, message: loc("Answer yes or no to “{question}”.", ["question": prompt]))
            }
        case .text(let maximumLength):
            if let maximumLength, first.count > maximumLength {
                throw OCKSurveyError(
                    questionID: id,
                    message: loc(
                        "The answer to “{question}” is {count} characters long; the most is {maximum}.", count: first.count,
                        ["question": prompt, "maximum": OCKLocalization.number(maximumLength)]))
            }
            return (first, nil)
        case .singleChoice(let choices):
            guard raw.count == 1, choices.contains(where: { $0.value == first }) else {
                throw OCKSurveyError(questionID: id, message: loc("Pick one of the choices for “{question}”.", ["question": prompt]))
            }
            return (first, nil)
        case .multipleChoice(let choices):
            let known = Set(choices.map(\.value))
            guard raw.allSatisfy(known.contains) else {
                throw OCKSurveyError(questionID: id, message: loc("Pick only from the listed choices for “{question}”.", ["question": prompt]))
            }
            // Keep the survey's order whatever order the form sent.
            return (choices.map(\.value).filter(raw.contains).joined(separator: "; "), nil)
        }
    }

    /// The units a typed measurement is kept in, and its number in the question's `unit`.
    /// Without typed units the number is in `defaultUnits` (the question's, or a corrected
    /// value's own); typed units are kept in their usual symbol ("F" → "°F") when they are the
    /// question's or convert to them, and refused otherwise with the units to use.
    private func takenUnits(_ measured: (number: Double, units: String?), unit: String?, default defaultUnits: String?) throws(OCKSurveyError) -> (String?, Double) {
        let typed = measured.units ?? defaultUnits
        guard let typed, let unit, typed != unit else { return (typed ?? unit, measured.number) }
        let known = OCKUnit(typed)
        if let known, let wanted = OCKUnit(unit), let converted = known.convert(measured.number, to: wanted) {
            return (known == wanted ? unit : known.symbol, converted)
        }
        let others = OCKUnit(unit).map { wanted in OCKUnit.all.filter { $0.dimension == wanted.dimension && $0 != wanted }.map(\.symbol) } ?? []
        let message =
            others.isEmpty
            ? loc("“{typed}” is not a unit “{question}” can be given in: enter it in {unit}.", ["typed": typed, "question": prompt, "unit": unit])
            : loc(
                "“{typed}” is not a unit “{question}” can be given in: enter it in {unit} (or {others}).",
                ["typed": typed, "question": prompt, "unit": unit, "others": others.joined(separator: loc(", "))])
        throw OCKSurveyError(questionID: id, message: message)
    }

    /// A measurement as it was typed, in its units: "101.5 °F".
    private static func written(_ measured: (number: Double, units: String?)) -> String {
        OCKNumberFormat.plain(measured.number) + (measured.units.map { " " + (OCKUnit($0)?.symbol ?? $0) } ?? "")
    }
}
