import Foundation

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

    /// A number as people write it: "72", "98.6" (``OCKNumberFormat/plain(_:)``).
    public static func format(_ number: Double) -> String {
        OCKNumberFormat.plain(number)
    }
}
