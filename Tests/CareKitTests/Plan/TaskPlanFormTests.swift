import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The plan editor's fields as typed: strict times and days, a reason for each wrong field.
@Suite struct TaskPlanFormTests {
    let calendar = TestDates.calendar
    let today = TestDates.date("2026-12-02 10:00")

    func form(_ change: (inout OCKTaskPlanForm) -> Void) -> OCKTaskPlanForm {
        var form = OCKTaskPlanForm()
        form.title = "Metformin"
        form.times = "08:00, 20:00"
        change(&form)
        return form
    }

    func problems(_ form: OCKTaskPlanForm) -> [OCKTaskPlanForm.Field: String] {
        if case .failure(let problems) = form.plan(calendar: calendar, today: today) { return problems.reasons }
        return [:]
    }

    @Test func aTypedPlanReadsAsThePatientMeantIt() throws {
        let plan = try form {
            $0.days = "Mon, thursday"; $0.from = "2026-12-01"; $0.until = "2026-12-31"; $0.measure = "Temperature"
            $0.unit = "°F"; $0.range = "97-99.5"; $0.remind = "15"; $0.instructions = "  500 mg with food "
        }.plan(calendar: calendar, today: today).get()
        #expect(plan.times.map(\.description) == ["08:00", "20:00"])
        #expect(plan.repetition == .weekdays([2, 5]))
        #expect(plan.firstDay == TestDates.date("2026-12-01") && plan.lastDay == TestDates.date("2026-12-31"))
        #expect(plan.measurement == OCKTaskPlan.Measurement(name: "Temperature", unit: "°F", range: 97...99.5, knownID: "temperature"), "a measurement the app knows, by its name")
        #expect(plan.reminderMinutesBefore == 15 && plan.instructions == "500 mg with food")
        // And the form of the plan reads back to the same plan.
        #expect(try OCKTaskPlanForm(plan: plan).plan(calendar: calendar, today: today).get() == plan)
    }

    @Test func anEmptyStartIsToday() throws {
        #expect(try form { _ in }.plan(calendar: calendar, today: today).get().firstDay == TestDates.date("2026-12-02"))
    }

    @Test(arguments: ["25:00", "24:00", "8am", "8", "8.30", "08:60", "٠٨:٠٠", "8:5"])
    func timesAreStrict(text: String) {
        #expect(problems(form { $0.times = text })[.times]?.contains("HH:MM on a 24-hour clock") == true)
    }

    @Test func oneDigitHoursAreTimes() throws {
        #expect(try form { $0.times = "8:00 7:30" }.plan(calendar: calendar, today: today).get().times.map(\.description) == ["07:30", "08:00"])
    }

    @Test func eachWrongFieldSaysWhatToWrite() {
        let found = problems(
            form {
                $0.title = " "; $0.days = "mon"; $0.every = "2"; $0.from = "2026-12-10"; $0.until = "2026-12-01"
                $0.unit = "mg"; $0.remind = "soon"
            })
        #expect(found[.title]?.contains("name") == true)
        #expect(found[.every] == "Choose weekdays or every N days, not both.")
        #expect(found[.until]?.contains("before the first") == true)
        #expect(found[.unit]?.contains("name what is measured") == true)
        #expect(found[.remind]?.contains("minutes") == true)
        #expect(problems(form { $0.days = "mon,funday" })[.days]?.contains("'funday'") == true)
        #expect(problems(form { $0.from = "2026-02-30" })[.from]?.contains("not a day of the calendar") == true)
        #expect(
            problems(
                form {
                    $0.measure = "Pulse"; $0.range = "100-60"
                })[.range] != nil)
        #expect(
            problems(
                form {
                    $0.times = ""; $0.isAllDay = false
                })[.times]?.contains("all day") == true)
    }

    @Test func rangesMayBeNegativeOrWrittenWithTo() throws {
        let negative = try form {
            $0.measure = "Change"; $0.range = "-5--1"
        }.plan(calendar: calendar, today: today).get()
        #expect(negative.measurement?.range == -5...(-1))
        let words = try form {
            $0.measure = "Pulse"; $0.range = "60 to 100"
        }.plan(calendar: calendar, today: today).get()
        #expect(words.measurement?.range == 60...100)
    }
}
