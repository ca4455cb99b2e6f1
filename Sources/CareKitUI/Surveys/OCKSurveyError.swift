/// Why answers could not be recorded; says which question and what to change.
public struct OCKSurveyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The question at fault.
    public var questionID: String
    /// What is wrong, for the person answering.
    public var message: String

    /// A problem with the answer to one question.
    public init(questionID: String, message: String) {
        self.questionID = questionID
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
