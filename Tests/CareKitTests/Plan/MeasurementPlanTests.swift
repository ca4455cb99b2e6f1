import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// Measurements in the plan editor: one the app knows takes its possible values from the app's
/// table (blood pressure as one reading of two numbers with two target ranges); one it does not
/// know carries its own; a target no body can reach is refused as the slip it is.
@Suite struct MeasurementPlanTests {
    let calendar = TestDates.calendar
    let today = TestDates.date("2026-12-02 10:00")

    func form(_ change: (inout OCKTaskPlanForm) -> Void) -> OCKTaskPlanForm {
        var form = OCKTaskPlanForm()
        form.title = "Blood pressure"
        form.times = "08:00"
        change(&form)
        return form
    }

    func problems(_ form: OCKTaskPlanForm) -> [OCKTaskPlanForm.Field: String] {
        if case .failure(let problems) = form.plan(calendar: calendar, today: today) { return problems.reasons }
        return [:]
    }

    @Test func bloodPressureIsOneReadingOfTwoNumbersWithTwoRanges() throws {
        let plan = try form {
            $0.measureKind = "blood-pressure"; $0.range = "90-140/60-90"
        }.plan(calendar: calendar, today: today).get()
        let measurement = try #require(plan.measurement)
        #expect(measurement.isPaired && measurement.unit == "mmHg", "the usual unit when none is typed")
        #expect(measurement.range == 90...140 && measurement.secondRange == 60...90)
        let task = plan.task(id: "blood-pressure")
        let survey = try #require(task.survey)
        #expect(survey.questions.map(\.id) == ["systolic", "diastolic"])
        guard case .number("mmHg", 40?, 300?) = survey.questions[0].kind, case .number("mmHg", 20?, 200?) = survey.questions[1].kind else {
            Issue.record("each number bounded by what a body can have: \(survey.questions)")
            return
        }
        let element = try #require(task.schedule.elements.first)
        #expect(element.targetRange(forKind: "systolic")?.upperBound == 140 && element.targetRange(forKind: "diastolic")?.upperBound == 90)
        // What the task measures, as every page reads it.
        #expect(OCKTaskMeasurement(task: task)?.isPaired == true)
        // And the task reads back into the same plan, and its form into the same plan again.
        let read = try #require(OCKTaskPlan(task: task))
        #expect(read.measurement == plan.measurement)
        #expect(OCKTaskPlanForm(plan: read).range == "90-140/60-90")
        #expect(try OCKTaskPlanForm(plan: read).plan(calendar: calendar, today: today).get().measurement == plan.measurement)
    }

    @Test func targetsNoBodyCanReachAndUnitsOfAnotherMeasurementAreRefused() {
        #expect(
            problems(
                form {
                    $0.measureKind = "blood-pressure"; $0.range = "90-1400/60-90"
                })[.range]?.contains("Systolic pressure") == true)
        #expect(
            problems(
                form {
                    $0.measureKind = "blood-pressure"; $0.range = "90-140/60-900"
                })[.range]?.contains("Diastolic pressure") == true)
        #expect(
            problems(
                form {
                    $0.measureKind = "blood-pressure"; $0.unit = "kg"
                })[.unit]?.contains("mmHg") == true)
        #expect(
            problems(
                form {
                    $0.measure = "Temperature"; $0.unit = "°F"; $0.range = "95-1003"
                })[.range] != nil, "a known measurement recognised by its name")
        #expect(
            problems(
                form {
                    $0.measureKind = "temperature"; $0.range = "95-100.3"
                }
            ).isEmpty)
        #expect(problems(form { $0.measureKind = "no-such" })[.measureKind] != nil)
        #expect(problems(form { $0.measureKind = "other" })[.measure] != nil, "something else needs a name")
    }

    @Test func aMeasurementTheAppDoesNotKnowCarriesItsOwnLimits() throws {
        let plan = try form {
            $0.title = "Peak flow"; $0.measureKind = "other"; $0.measure = "Peak flow"; $0.unit = "L/min"; $0.limits = "50-900"; $0.range = "400-600"
        }
        .plan(calendar: calendar, today: today).get()
        let survey = try #require(plan.task(id: "peak-flow").survey)
        guard case .number("L/min", 50?, 900?) = survey.questions[0].kind else {
            Issue.record("its limits bound the question: \(survey.questions)")
            return
        }
        #expect(throws: OCKSurveyError.self) { _ = try survey.outcomeValues(answers: ["peak-flow": ["9000"]], createdDate: today) }
        #expect(try survey.outcomeValues(answers: ["peak-flow": ["450"]], createdDate: today).first?.numericValue == 450)
        #expect(OCKTaskPlan(task: plan.task(id: "peak-flow"))?.measurement?.limits == 50...900)
        #expect(
            problems(
                form {
                    $0.measureKind = "other"; $0.measure = "Peak flow"; $0.limits = "50-900"; $0.range = "400-1000"
                })[.range] != nil, "a target past its limits")
        #expect(
            problems(
                form {
                    $0.measureKind = "temperature"; $0.limits = "0-200"
                })[.limits] != nil, "limits wider than what a body can have")
    }

    @Test func theUsualUnitFollowsThePatientsSystem() throws {
        let us = try form { $0.measureKind = "temperature" }.plan(calendar: calendar, today: today).get()
        #expect(us.measurement?.unit == "°F")
        let metric = try OCKMeasurementUnits.$chosenSystem.withValue(.metric) {
            try form { $0.measureKind = "weight" }.plan(calendar: calendar, today: today).get()
        }
        #expect(metric.measurement?.unit == "kg")
    }

    @Test func theDemosMeasurementsCanBeEditedWithoutLosingTheirBounds() throws {
        var task = OCKTask(
            id: "temperature", title: "Temperature", carePlanUUID: nil,
            schedule: OCKSchedule(composing: [
                OCKScheduleElement(
                    start: TestDates.date("2026-11-22 09:00"), end: nil, interval: DateComponents(day: 1), text: "Oral",
                    targetValues: [95, 100.3].map { OCKOutcomeValue($0, units: "°F", kind: "temperature", createdDate: today) }, duration: .hours(12), calendar: calendar)
            ]))
        task.survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "temperature", prompt: "What is your temperature?", kind: .number(unit: "°F", minimum: 80, maximum: 115))
        ])
        let plan = try #require(OCKTaskPlan(task: task))
        #expect(plan.measurement?.range == 95...100.3 && plan.measurement?.limits == 80...115)
        let again = plan.applied(to: task)
        #expect(again.survey?.questions.first?.id == "temperature", "the question keeps its id: values recorded before still answer it")
        #expect(again.survey?.questions.first?.prompt == "What is your temperature?")
    }
}
