import CareKit
import CareKitStore
import CareKitUI
import Foundation
import Testing

/// What a task measures, the values it refuses as impossible, one reading of two numbers, and
/// the flag of a value outside the target range, as a patient meets them at entry.
@Suite("Task measurements")
struct TaskMeasurementTests {
    static let recorded = Date(timeIntervalSince1970: 1_790_000_000)
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York") ?? .gmt
        return calendar
    }

    static func value(_ number: Double, _ units: String?, kind: String?) -> OCKOutcomeValue {
        OCKOutcomeValue(number, units: units, kind: kind, createdDate: recorded)
    }

    static let bloodPressure = OCKSurvey(questions: [
        OCKSurveyQuestion(id: "systolic", prompt: "Systolic (upper number)", kind: .number(unit: "mmHg", minimum: nil, maximum: nil)),
        OCKSurveyQuestion(id: "diastolic", prompt: "Diastolic (lower number)", kind: .number(unit: "mmHg", minimum: nil, maximum: nil))
    ])

    static func task(title: String, survey: OCKSurvey?, targets: [OCKOutcomeValue] = []) -> OCKTask {
        var task = OCKTask(
            id: OCKTaskPlan.suggestedID(for: title), title: title, carePlanUUID: nil,
            schedule: OCKSchedule(composing: [
                OCKScheduleElement(
                    start: recorded, end: nil, interval: DateComponents(day: 1), text: nil, targetValues: targets, duration: .hours(1), calendar: calendar)
            ]))
        task.survey = survey
        return task
    }

    @Test("A blood-pressure survey is one paired measurement; a plan-made temperature is known by its question")
    func recognition() throws {
        let pressure = try #require(OCKTaskMeasurement(survey: Self.bloodPressure, title: "Blood pressure"))
        #expect(pressure.kind?.id == "blood-pressure" && pressure.isPaired)
        #expect(pressure.parts.map { $0.component?.id } == ["systolic", "diastolic"])
        let temperature = try #require(
            OCKTaskMeasurement(
                task: Self.task(
                    title: "Fever check",
                    survey: OCKSurvey(questions: [OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: 80, maximum: 115))]))))
        #expect(temperature.kind?.id == "temperature")
        let limits = try #require(temperature.parts.first?.limits)
        #expect(limits.lowerBound == 80 && limits.upperBound == 113, "the question's own bounds, narrowed by what a body can have")
        let unknown = try #require(
            OCKTaskMeasurement(
                survey: OCKSurvey(questions: [OCKSurveyQuestion(id: "steps", prompt: "Steps", kind: .number(unit: "steps", minimum: 0, maximum: 100_000))]), title: "Walk"))
        #expect(unknown.kind == nil && unknown.parts.first?.limits?.upperBound == 100_000, "a measurement the app does not know keeps its own limits")
        // A task without a survey measures what its name and targets say.
        let logged = try #require(OCKTaskMeasurement(task: Self.task(title: "Temperature", survey: nil, targets: [Self.value(95, "°F", kind: nil), Self.value(100.3, "°F", kind: nil)])))
        #expect(logged.kind?.id == "temperature" && logged.part(for: Self.value(103.1, "°F", kind: nil)) != nil)
        #expect(OCKTaskMeasurement(task: Self.task(title: "Metformin", survey: nil)) == nil)
    }

    @Test("Impossible answers are refused with what to enter; plausible ones are kept as typed")
    func refusals() throws {
        func refusal(_ answers: [String: [String]]) -> String? {
            do {
                _ = try Self.bloodPressure.outcomeValues(answers: answers, createdDate: Self.recorded)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal(["systolic": ["310"], "diastolic": ["84"]]) == "Systolic pressure: 310 mmHg is not a possible reading. Enter a value from 40 to 300 mmHg.")
        #expect(refusal(["systolic": ["-20"], "diastolic": ["84"]])?.hasPrefix("Systolic pressure: -20 mmHg") == true)
        #expect(refusal(["systolic": ["128"], "diastolic": ["9999"]])?.hasPrefix("Diastolic pressure: 9999 mmHg") == true)
        #expect(refusal(["systolic": ["84"], "diastolic": ["128"]])?.contains("must be below the systolic") == true)
        #expect(refusal(["systolic": ["152"], "diastolic": ["95"]]) == nil, "high is not impossible: it is flagged, not refused")
        let whole = try Self.bloodPressure.outcomeValues(answers: ["systolic": ["128/84"]], createdDate: Self.recorded)
        #expect(whole.map(\.numericValue) == [128, 84] && whole.map(\.kind) == ["systolic", "diastolic"], "one reading typed in its first field")
        OCKLocalization.$language.withValue(.german) {
            #expect(refusal(["systolic": ["310"], "diastolic": ["84"]])?.hasPrefix("Systolischer Druck: 310 mmHg ist kein möglicher Messwert.") == true)
        }
        let correction = OCKSurvey(questions: [OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: nil, maximum: nil))])
        #expect(throws: OCKSurveyError.self) {
            _ = try correction.correctedValue(Self.value(98.6, "°F", kind: "temperature"), answer: "986")
        }
    }

    @Test("One reading of two numbers is written and grouped as one")
    func pairedReadings() throws {
        let pressure = try #require(OCKTaskMeasurement(survey: Self.bloodPressure, title: nil))
        let typed = try pressure.values(typed: "128/84 mmHg", units: nil, kind: nil, createdDate: Self.recorded)
        #expect(typed.map(\.numericValue) == [128, 84] && typed.allSatisfy { $0.units == "mmHg" })
        let formatter = OCKEventFormatter(calendar: Self.calendar, locale: Locale(identifier: "en_US"))
        #expect(formatter.reading(typed) == "128/84 mmHg")
        let values = typed + [Self.value(131, "mmHg", kind: "systolic"), Self.value(86, "mmHg", kind: "diastolic"), Self.value(140, "mmHg", kind: "systolic")]
        #expect(pressure.readings(of: values).map(\.indices) == [[0, 1], [2, 3], [4]])
        #expect(throws: OCKImplausibleValue.self) { _ = try pressure.values(typed: "1300/84", units: nil, kind: nil, createdDate: Self.recorded) }
    }

    @Test("A value outside its target range is flagged in the words every page uses")
    func flags() throws {
        let element = OCKScheduleElement(
            start: Self.recorded, end: nil, interval: DateComponents(day: 1), text: nil,
            targetValues: [Self.value(90, "mmHg", kind: "systolic"), Self.value(140, "mmHg", kind: "systolic")], duration: .hours(1), calendar: Self.calendar)
        let formatter = OCKEventFormatter(calendar: Self.calendar, locale: Locale(identifier: "en_US"))
        let flag = try #require(OCKRangeFlag(value: Self.value(152, "mmHg", kind: "systolic"), element: element))
        #expect(formatter.flagText(flag) == "▲ high · target 90–140 mmHg")
        #expect(formatter.sentence(flag, value: "152 mmHg") == "152 mmHg is above your target 90–140 mmHg.")
        #expect(OCKRangeFlag(value: Self.value(128, "mmHg", kind: "systolic"), element: element) == nil)
        let low = try #require(OCKRangeFlag(value: Self.value(85, "mmHg", kind: nil), element: element))
        #expect(formatter.mark(low) == "▼ low", "a value naming no kind is judged by the task's one range")
    }
}
