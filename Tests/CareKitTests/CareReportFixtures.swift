import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation

/// A small care plan with two weeks of history, in New York, for care report tests.
enum CareReportFixtures {
    static let firstDay = "2025-01-06"
    static let lastDay = "2025-01-19"

    /// 6 January 2025 (a Monday) to the end of 19 January, New York.
    static var interval: DateInterval {
        DateInterval(start: TestDates.date(firstDay), end: TestDates.date("2025-01-20"))
    }

    static var formatter: OCKEventFormatter {
        OCKEventFormatter(calendar: TestDates.calendar, locale: Locale(identifier: "en_US"))
    }

    /// An in-memory store (or one in `url`) with a patient, three daily tasks, a blood
    /// pressure assessment and deterministic outcomes.
    static func makeStore(at url: URL? = nil) async throws -> OCKStore {
        let now = TestDates.date("2025-01-20 09:00")
        let store = url.map { OCKStore(url: $0, clock: { now }) } ?? OCKStore(name: "report", type: .inMemory, clock: { now })
        try await seed(store)
        return store
    }

    static func seed(_ store: OCKStore) async throws {
        let calendar = TestDates.calendar
        let start = TestDates.date("2025-01-01")
        _ = try await store.addPatient(OCKPatient(id: "jane", givenName: "Jane", familyName: "Appleseed"))

        func daily(_ id: String, _ title: String, hours: [Int]) -> OCKTask {
            let schedule = OCKSchedule(
                composing: hours.map {
                    OCKSchedule.dailyAtTime(hour: $0, minutes: 0, start: start, end: nil, text: nil, calendar: calendar)
                })
            var task = OCKTask(id: id, title: title, carePlanUUID: nil, schedule: schedule)
            task.timezone = TestDates.newYork
            return task
        }
        let medication = daily("medication", "Lisinopril 10 mg", hours: [8, 20])
        let walk = daily("walk", "Walk 30 minutes", hours: [17])
        var water = daily("water", "Glasses of water", hours: [12])
        water.impactsAdherence = false
        var pressure = daily("pressure", "Blood pressure", hours: [9])
        pressure.survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "systolic", prompt: "Systolic", kind: .number(unit: "mmHg", minimum: 50, maximum: 250)),
            OCKSurveyQuestion(id: "diastolic", prompt: "Diastolic", kind: .number(unit: "mmHg", minimum: 30, maximum: 150))
        ])
        let tasks = try await store.addTasks([medication, walk, water, pressure])

        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: interval))
        var outcomes: [OCKOutcome] = []
        for event in events {
            let day = calendar.dateComponents([.day], from: TestDates.date(firstDay), to: event.scheduleEvent.start).day ?? 0
            let seed = (day * 5 + event.scheduleEvent.occurrence * 3 + event.task.id.count) % 10
            var values: [OCKOutcomeValue]
            let created = event.scheduleEvent.start.addingTimeInterval(15 * 60)
            switch event.task.id {
            case "pressure":
                guard seed != 3 else { continue }
                values = [
                    OCKOutcomeValue(118 + seed * 2, units: "mmHg", kind: "systolic", createdDate: created),
                    OCKOutcomeValue(76 + seed, units: "mmHg", kind: "diastolic", createdDate: created)
                ]
            case "water":
                values = [OCKOutcomeValue(4 + seed % 4, units: "glasses", kind: nil, createdDate: created)]
            default:
                guard seed < 7 else { continue }
                values = [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: created)]
            }
            var outcome = OCKOutcome(taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence, values: values)
            outcome.effectiveDate = event.scheduleEvent.start
            outcomes.append(outcome)
        }
        _ = tasks
        try await store.addOutcomes(outcomes)
    }
}
