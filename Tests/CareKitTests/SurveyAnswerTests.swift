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
            ("72,5", 72.5), ("72.5", 72.5), ("72", 72), (" 123 ", 123), ("0,375", 0.375)
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

/// A number typed with units: kept in the units it was taken in, checked in the question's.
@Suite("Survey answers with units")
struct SurveyUnitAnswerTests {
    static let survey = OCKSurvey(
        title: "Check-in",
        questions: [OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: 90, maximum: 110))])
    static let date = Date(timeIntervalSince1970: 0)

    static func value(_ text: String) throws(OCKSurveyError) -> OCKOutcomeValue? {
        try survey.outcomeValues(answers: ["temperature": [text]], createdDate: date).first
    }

    @Test func aValueInOtherUnitsKeepsThemAndTheQuestionsOwnIsSpeltItsWay() throws {
        let celsius = try #require(try Self.value("38,5 °C"))
        #expect(celsius.doubleValue == 38.5 && celsius.units == "°C")
        let typed = try #require(try Self.value("101.3 F"))
        #expect(typed.doubleValue == 101.3 && typed.units == "°F")
        let plain = try #require(try Self.value("99"))
        #expect(plain.numericValue == 99 && plain.units == "°F")
        #expect(Self.survey.answers(from: [celsius])["temperature"] == ["38.5 °C"], "the form shows it back in its own units")
    }

    @Test func boundsAreCheckedAfterConversion() {
        #expect {
            _ = try Self.value("45 °C")  // 113 °F
        } throws: { error in
            (error as? OCKSurveyError)?.message == "45 °C is above the highest accepted value (110 °F) for “Temperature”."
        }
        #expect(throws: Never.self) { _ = try Self.value("40 °C") }  // 104 °F
    }

    @Test func unitsOfAnotherKindAreRefusedWithTheOnesToUse() {
        #expect {
            _ = try Self.value("98.6 kg")
        } throws: { error in
            (error as? OCKSurveyError)?.message == "“kg” is not a unit “Temperature” can be given in: enter it in °F (or °C)."
        }
    }

    @Test func aCorrectionKeepsTheRecordedUnitsUnlessOthersAreTyped() throws {
        let recorded = OCKOutcomeValue(38.5, units: "°C", kind: "temperature", createdDate: Self.date)
        let corrected = try #require(try Self.survey.correctedValue(recorded, answer: "38.2"))
        #expect(corrected.doubleValue == 38.2 && corrected.units == "°C")
        let inFahrenheit = try #require(try Self.survey.correctedValue(recorded, answer: "100.8 °F"))
        #expect(inFahrenheit.doubleValue == 100.8 && inFahrenheit.units == "°F")
    }
}
