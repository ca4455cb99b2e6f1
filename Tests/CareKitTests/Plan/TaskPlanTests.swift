import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The plan editor's value type: the schedules it makes are the days and times a patient
/// chose, in New York, across daylight-saving days, and read back unchanged.
@Suite struct TaskPlanTests {
    let calendar = TestDates.calendar

    func time(_ text: String) -> OCKTaskPlan.TimeOfDay {
        OCKTaskPlan.TimeOfDay(parsing: text) ?? OCKTaskPlan.TimeOfDay(hour: 0, minute: 0)!
    }

    /// The starts of the schedule's events from `from` through `through` (whole days), as "yyyy-MM-dd HH:mm" in New York.
    func starts(_ plan: OCKTaskPlan, from: String, through: String) -> [String] {
        let interval = DateInterval.ockDays(from: TestDates.date(from), through: TestDates.date(through), calendar: calendar)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TestDates.newYork
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return plan.schedule.events(from: interval.start, to: interval.end).map { formatter.string(from: $0.start) }
    }

    @Test func weekdaysAndTimesMakeTheEventsChosen() {
        let plan = OCKTaskPlan(
            title: "Metformin", times: [time("20:00"), time("08:00")], repetition: .weekdays([2, 5]),
            firstDay: TestDates.date("2026-12-01"), calendar: calendar)
        #expect(
            starts(plan, from: "2026-12-01", through: "2026-12-10") == [
                "2026-12-03 08:00", "2026-12-03 20:00", "2026-12-07 08:00", "2026-12-07 20:00", "2026-12-10 08:00", "2026-12-10 20:00"
            ])
    }

    @Test func timesStayOnTheClockAcrossDaylightSavingChanges() {
        let plan = OCKTaskPlan(title: "Pill", times: [time("08:00"), time("23:30")], firstDay: TestDates.date("2026-03-07"), calendar: calendar)
        #expect(
            starts(plan, from: "2026-03-07", through: "2026-03-09") == [
                "2026-03-07 08:00", "2026-03-07 23:30", "2026-03-08 08:00", "2026-03-08 23:30", "2026-03-09 08:00", "2026-03-09 23:30"
            ])
        let autumn = OCKTaskPlan(title: "Pill", times: [time("08:00")], firstDay: TestDates.date("2026-10-31"), calendar: calendar)
        #expect(starts(autumn, from: "2026-10-31", through: "2026-11-02") == ["2026-10-31 08:00", "2026-11-01 08:00", "2026-11-02 08:00"])
    }

    @Test func aTimeTheFirstDaySkipsStartsTheDayAfterAndKeepsItsClockTime() {
        // 02:30 does not exist in New York on 2026-03-08.
        let plan = OCKTaskPlan(title: "Night pill", times: [time("02:30")], firstDay: TestDates.date("2026-03-08"), calendar: calendar)
        #expect(starts(plan, from: "2026-03-08", through: "2026-03-10") == ["2026-03-09 02:30", "2026-03-10 02:30"])
        #expect(OCKTaskPlan(task: plan.task(id: "n"))?.times == plan.times)
    }

    @Test func everyNDaysCountsCalendarDaysAcrossDaylightSaving() {
        let plan = OCKTaskPlan(
            title: "Injection", times: [time("09:15")], repetition: .everyNDays(3),
            firstDay: TestDates.date("2026-03-05"), calendar: calendar)
        #expect(starts(plan, from: "2026-03-01", through: "2026-03-15") == ["2026-03-05 09:15", "2026-03-08 09:15", "2026-03-11 09:15", "2026-03-14 09:15"])
    }

    @Test func theLastDayIsWholeAndTheNextHasNothingEvenOnADaylightSavingDay() throws {
        let plan = OCKTaskPlan(
            title: "Walk", times: [time("23:45")], firstDay: TestDates.date("2026-10-30"),
            lastDay: TestDates.date("2026-11-01"), calendar: calendar)
        #expect(plan.endDate == TestDates.date("2026-11-02"))
        #expect(starts(plan, from: "2026-10-30", through: "2026-11-03") == ["2026-10-30 23:45", "2026-10-31 23:45", "2026-11-01 23:45"])
        // An all-day event of the 25-hour day lasts all of it (to the second before midnight, as CareKit's do).
        let allDay = OCKTaskPlan(
            title: "Rest", times: [], isAllDay: true, firstDay: TestDates.date("2026-11-01"),
            lastDay: TestDates.date("2026-11-01"), calendar: calendar)
        let events = allDay.schedule.events(from: TestDates.date("2026-10-31"), to: TestDates.date("2026-11-03"))
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(abs(event.end.timeIntervalSince(event.start) - (25 * 3600 - 1)) < 1)
    }

    @Test func everyKindOfPlanReadsBackFromItsTask() {
        let plans = [
            OCKTaskPlan(
                title: "Metformin", instructions: "500 mg with food", times: [time("08:00"), time("20:00")], repetition: .weekdays([2, 5]),
                firstDay: TestDates.date("2026-12-03"), lastDay: TestDates.date("2027-01-31"), reminderMinutesBefore: 15, calendar: calendar),
            OCKTaskPlan(title: "Injection", times: [time("09:15")], repetition: .everyNDays(14), firstDay: TestDates.date("2026-03-08"), calendar: calendar),
            OCKTaskPlan(title: "Rest", times: [], isAllDay: true, firstDay: TestDates.date("2026-11-01"), impactsAdherence: false, calendar: calendar),
            OCKTaskPlan(
                title: "Fever check", times: [time("07:00")], firstDay: TestDates.date("2026-12-01"),
                measurement: .init(name: "Temperature", unit: "°F", range: 97...99.5), reminderMinutesBefore: 0, calendar: calendar)
        ]
        for plan in plans {
            #expect(OCKTaskPlan(task: plan.task(id: "t")) == plan)
        }
    }

    @Test func aMeasurementIsASurveyWithItsRangeAsTargets() throws {
        let plan = OCKTaskPlan(
            title: "Fever check", times: [time("07:00")], firstDay: TestDates.date("2026-12-01"),
            measurement: .init(name: "Temperature", unit: "°F", range: 97...99.5), reminderMinutesBefore: 10, calendar: calendar)
        let task = plan.task(id: "fever")
        let question = try #require(task.survey?.questions.first)
        #expect(question.prompt == "Temperature" && question.unit == "°F")
        let range = try #require(task.schedule.elements.first?.targetRange(forKind: question.id))
        #expect(range.lowerBound == 97 && range.upperBound == 99.5 && range.units == "°F")
        #expect(range.position(of: OCKOutcomeValue(101.2, units: "°F", kind: question.id, createdDate: Date())) == .above)
        #expect(task.userInfo?["carekit.reminder.minutesBefore"] == "10")
    }

    @Test func thePlanIsSaidInOneSentence() {
        let plan = OCKTaskPlan(
            title: "Metformin", times: [time("20:00"), time("08:00")], repetition: .weekdays([5, 2]),
            firstDay: TestDates.date("2026-12-01"), lastDay: TestDates.date("2027-01-31"), calendar: calendar)
        #expect(
            plan.summary(OCKEventFormatter(calendar: calendar)) { $0.description }
                == "Every Monday and Thursday at 08:00 and 20:00, from Tue, Dec 1 until Sun, Jan 31, 2027")
        let fortnightly = OCKTaskPlan(
            title: "Injection", times: [], isAllDay: true, repetition: .everyNDays(14),
            firstDay: TestDates.date("2026-12-01"), calendar: calendar)
        #expect(fortnightly.summary(OCKEventFormatter(calendar: calendar)) == "Every 14 days all day, from Tue, Dec 1")
    }

    @Test func schedulesMadeElsewhereAreNotTakenForPlans() {
        let start = TestDates.date("2026-12-01 08:00")
        let monthly = OCKScheduleElement(start: start, end: nil, interval: DateComponents(month: 1), calendar: calendar)
        #expect(OCKTaskPlan(task: OCKTask(id: "m", title: "M", carePlanUUID: nil, schedule: OCKSchedule(composing: [monthly]))) == nil)
        let bed = OCKScheduleElement(start: start, end: nil, interval: DateComponents(day: 1), text: "Before bed", calendar: calendar)
        let noon = OCKScheduleElement(start: start.addingTimeInterval(4 * 3600), end: nil, interval: DateComponents(day: 1), text: "Lunch", calendar: calendar)
        #expect(OCKTaskPlan(task: OCKTask(id: "b", title: "B", carePlanUUID: nil, schedule: OCKSchedule(composing: [bed, noon]))) == nil)
        // One text for every event is kept through an edit.
        let labelled = OCKTaskPlan(task: OCKTask(id: "b", title: "B", carePlanUUID: nil, schedule: OCKSchedule(composing: [bed])))
        #expect(labelled?.label == "Before bed" && labelled?.schedule.elements.first?.text == "Before bed")
    }
}
