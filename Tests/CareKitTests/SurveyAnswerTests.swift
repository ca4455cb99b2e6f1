import CareKit
import CareKitStore
import Foundation
import Testing

/// A number typed into a survey is read as every typed value is (`OCKOutcomeValue(parsing:)`).
@Suite("Survey number answers")
struct SurveyAnswerTests {
    static let survey = OCKSurvey(
        title: "Check-in",
        questions: [
            OCKSurveyQuestion(id: "weight", prompt: "Weight", kind: .number(unit: "kg", minimum: 0, maximum: 2_000))
        ])

    static func answer(_ text: String) throws(OCKSurveyError) -> Double? {
        try survey.outcomeValues(answers: ["weight": [text]], createdDate: Date(timeIntervalSince1970: 0)).first?.doubleValue
    }

    @Test(
        "A point or a comma is a decimal mark; whole numbers are numbers",
        arguments: [
            ("72,5", 72.5), ("72.5", 72.5), ("72", 72), (" 1234 ", 1234), ("0,125", 0.125)
        ])
    func reads(_ text: String, _ expected: Double) throws {
        #expect(try Self.answer(text) == expected)
    }

    @Test(
        "What is not a number, or could be two, is refused with the reason",
        arguments: [
            ("1,234", "'1,234' could be 1234 or 1.234"),
            ("yes", "“yes” is not a number; enter a number in kg for “Weight”."),
            ("1e3", "“1e3” is not a number"),
            ("seventy", "“seventy” is not a number")
        ])
    func refuses(_ text: String, _ message: String) {
        #expect {
            _ = try Self.answer(text)
        } throws: { error in
            (error as? OCKSurveyError).map { $0.questionID == "weight" && $0.message.contains(message) } ?? false
        }
    }
}
