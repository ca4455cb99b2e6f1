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
