import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// What CareKit tells a patient who typed something it cannot take (the plan editor's reasons,
/// a survey's refusals) is in the patient's language, with what they typed kept as typed.
@Suite("Messages in every language")
struct LocalizedMessagesTests {
    static func problems(_ language: OCKLanguage, _ change: (inout OCKTaskPlanForm) -> Void) -> [OCKTaskPlanForm.Field: String] {
        var form = OCKTaskPlanForm()
        form.title = "Metformin"
        form.times = "08:00"
        change(&form)
        let result = OCKLocalization.$language.withValue(language) {
            form.plan(calendar: TestDates.calendar, today: TestDates.date("2026-12-02 10:00"))
        }
        if case .failure(let problems) = result { return problems.reasons }
        return [:]
    }

    @Test("The plan editor's reasons are in the reader's language")
    func planReasons() {
        #expect(Self.problems(.english) { $0.times = "25:00" }[.times]?.hasPrefix("'25:00' is not a time: write times as HH:MM") == true)
        #expect(Self.problems(.german) { $0.times = "25:00" }[.times]?.hasPrefix("„25:00“ ist keine Uhrzeit") == true)
        #expect(Self.problems(.spanish) { $0.title = "" }[.title] == "Ponle un nombre a la tarea, por ejemplo Metformina o Caminar.")
        #expect(Self.problems(.arabic) { $0.every = "x" }[.every]?.hasPrefix("'\u{2068}x\u{2069}' ليس عددًا من الأيام") == true)
    }

    @Test("A survey's refusal is in the reader's language, with its numbers in the reader's digits")
    func surveyRefusals() {
        let survey = OCKSurvey(
            title: "Check-in", questions: [OCKSurveyQuestion(id: "pain", prompt: "Pain", kind: .scale(minimum: 0, maximum: 10, minimumLabel: nil, maximumLabel: nil))])
        func refusal(_ language: OCKLanguage) -> String? {
            OCKLocalization.$language.withValue(language) {
                do throws(OCKSurveyError) {
                    _ = try survey.outcomeValues(answers: ["pain": ["11"]], createdDate: Date(timeIntervalSince1970: 0))
                    return nil
                } catch {
                    return error.message
                }
            }
        }
        #expect(refusal(.english) == "Choose a whole number from 0 to 10 for “Pain”.")
        #expect(refusal(.german) == "Wählen Sie eine ganze Zahl von 0 bis 10 für „Pain“.")
        // A left-to-right value in an Arabic sentence is isolated (U+2068 … U+2069); Arabic-Indic digits need not be.
        #expect(refusal(.arabic) == "اختر عددًا صحيحًا من ٠ إلى ١٠ لـ«\u{2068}Pain\u{2069}».")
    }

    @Test("A card's progress counts its events in the language's plural forms")
    func progressPlurals() {
        let table = OCKStringTable.careKit
        let key = "{done} of {count} done"
        #expect(table.plural(key, count: 3, ["done": "1"], language: .english) == "1 of 3 done")
        #expect(table.plural(key, count: 1, ["done": "1"], language: .spanish) == "1 de 1 hecha")
        #expect(table.plural(key, count: 3, ["done": "١"], language: .arabic) == "١ من ٣ مكتملة")
    }
}
