import CareKit
import CareKitFHIR
import CareKitStore
import Foundation

/// ZombieKit's care plan: three trainings for the Care Card, two assessments for the Symptom
/// Tracker, and three contacts for Connect. Written against CareKit's public API only.
///
/// As in the tutorial, the rings measure the training: the assessments do not impact
/// adherence, so every page, Insights and the report count the same ten events a day. The
/// assessments' target ranges (a pulse of 40–100 bpm; 95–100.3 °F, a fever being 100.4 °F or
/// more) decide both the alerts and the report's flags. Every task reminds, in the calendar feed
/// and on the open page: the trainings ten minutes before, the vitals at nine.
public struct CarePlanData: Sendable {
    public static let carePlanID = "zombie-survival"

    /// The week the plan starts (the tutorial's `firstDateOfCurrentWeek`), and its calendar.
    public let startDate: Date
    public let calendar: Calendar

    /// A plan starting on the first day of the week containing `date`.
    public init(startingInWeekOf date: Date, calendar: Calendar) {
        self.calendar = calendar
        self.startDate = calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? calendar.startOfDay(for: date)
    }

    public var carePlan: OCKCarePlan {
        var plan = OCKCarePlan(id: Self.carePlanID, title: "Zombie Apocalypse Survival", patientUUID: nil)
        plan.effectiveDate = startDate
        plan.timezone = calendar.timeZone
        return plan
    }

    /// `times` events a day at the given hours, each `minutes` long.
    func dailySchedule(hours: [Int], minutes: Double, text: String? = nil, targetValues: [OCKOutcomeValue] = []) -> OCKSchedule {
        OCKSchedule(
            composing: hours.map { hour in
                OCKSchedule.dailyAtTime(
                    hour: hour, minutes: 0, start: startDate, end: nil, text: text, duration: .minutes(minutes),
                    targetValues: targetValues, calendar: calendar)
            })
    }

    /// The healthy range of a measurement, as two target values (an ``OCKTargetRange``): the
    /// Insights alerts and the report's flags both follow it.
    func targetRange(_ kind: ActivityIdentifier, _ low: Double, _ high: Double, units: String) -> [OCKOutcomeValue] {
        [low, high].map { OCKOutcomeValue($0, units: units, kind: kind.rawValue, createdDate: startDate) }
    }

    /// The interventions (Care Card) and assessments (Symptom Tracker).
    public func tasks(carePlanUUID: UUID?) -> [OCKTask] {
        var cardio = OCKTask(
            id: ActivityIdentifier.cardio.rawValue, title: "Cardio", carePlanUUID: carePlanUUID,
            schedule: dailySchedule(hours: [8, 18], minutes: 60, text: "60 Minutes"))
        cardio.instructions = "Jog at a moderate pace for an hour. If there isn't an actual one, imagine a horde of zombies behind you."
        cardio.asset = "figure.run"

        var limberUp = OCKTask(
            id: ActivityIdentifier.limberUp.rawValue, title: "Limber Up", carePlanUUID: carePlanUUID,
            schedule: dailySchedule(hours: [7, 9, 11, 13, 15, 17], minutes: 15, text: "Stretch Regularly"))
        limberUp.instructions =
            "Stretch and warm up muscles in your arms, legs and back before any expected burst of activity. This is especially important if, for example, you're heading down a hill to inspect a Hostess truck."
        limberUp.asset = "figure.flexibility"

        var targetPractice = OCKTask(
            id: ActivityIdentifier.targetPractice.rawValue, title: "Target Practice", carePlanUUID: carePlanUUID,
            schedule: dailySchedule(hours: [10, 16], minutes: 30))
        targetPractice.instructions =
            "Gather some objects that frustrated you before the apocalypse, like printers and construction barriers. Keep your eyes sharp and your arm steady, and blow as many holes as you can in them for at least five minutes."
        targetPractice.asset = "scope"

        var pulse = OCKTask(
            id: ActivityIdentifier.pulse.rawValue, title: "Pulse", carePlanUUID: carePlanUUID,
            schedule: dailySchedule(
                hours: [9], minutes: 12 * 60, text: "Do you have one?",
                targetValues: targetRange(.pulse, 40, 100, units: "bpm")))
        pulse.instructions = "Count the beats at your wrist for a full minute."
        pulse.survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "pulse", prompt: "What is your pulse?", kind: .number(unit: "bpm", minimum: 0, maximum: 250))
        ])
        pulse.loincCode = "8867-4"  // heart rate (CareKitFHIR: Observations carry it)
        pulse.tags = ["assessment"]
        pulse.impactsAdherence = false
        pulse.groupIdentifier = "vitals"

        var temperature = OCKTask(
            id: ActivityIdentifier.temperature.rawValue, title: "Temperature", carePlanUUID: carePlanUUID,
            schedule: dailySchedule(
                hours: [9], minutes: 12 * 60, text: "Oral",
                targetValues: targetRange(.temperature, 95, 100.3, units: "°F")))
        temperature.instructions = "Take your temperature by mouth."
        temperature.survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "temperature", prompt: "What is your temperature?", kind: .number(unit: "°F", minimum: 80, maximum: 115))
        ])
        temperature.loincCode = "8310-5"  // body temperature
        temperature.tags = ["assessment"]
        temperature.impactsAdherence = false
        temperature.groupIdentifier = "vitals"

        // Reminders, as the calendar page promises: ten minutes to get ready for a training, and
        // the vitals when their twelve hours open.
        cardio.reminderMinutesBefore = 10
        limberUp.reminderMinutesBefore = 10
        targetPractice.reminderMinutesBefore = 10
        pulse.reminderMinutesBefore = 0
        temperature.reminderMinutesBefore = 0

        // Every entity lives in the plan's time zone, not in the machine's.
        return [cardio, limberUp, targetPractice, pulse, temperature].map { task in
            var task = task
            task.timezone = calendar.timeZone
            return task
        }
    }

    /// The tutorial's three contacts.
    public func contacts(carePlanUUID: UUID?) -> [OCKContact] {
        func contact(_ id: String, _ given: String, _ family: String, category: OCKContactCategory, role: String, phone: String, email: String, asset: String) -> OCKContact {
            var contact = OCKContact(id: id, givenName: given, familyName: family, carePlanUUID: carePlanUUID)
            contact.category = category
            contact.role = role
            contact.title = role
            contact.phoneNumbers = [OCKLabeledValue(label: "phone", value: phone)]
            contact.messagingNumbers = [OCKLabeledValue(label: "mobile", value: phone)]
            contact.emailAddresses = [OCKLabeledValue(label: "email", value: email)]
            contact.asset = asset
            contact.effectiveDate = startDate
            contact.timezone = calendar.timeZone
            return contact
        }
        return [
            contact(
                "shaun-riley", "Shaun", "Riley", category: .friendsAndFamily, role: "Friend",
                phone: "888-555-5512", email: "shaunofthedead@example.com", asset: "shaun-avatar"),
            contact(
                "columbus-ohio", "Columbus", "Ohio", category: .careProvider, role: "Therapist",
                phone: "888-555-5235", email: "columbus@example.com", asset: "columbus-avatar"),
            contact(
                "hershel-greene", "Hershel", "Greene", category: .careProvider, role: "Veterinarian",
                phone: "888-555-2351", email: "dr.hershel@example.com", asset: "hershel-avatar")
        ]
    }

    /// Adds the plan to an empty store (a store that already has tasks is left alone, as the
    /// tutorial's `add(activity:)` does). Returns whether anything was added.
    @discardableResult
    public func seed(into store: OCKStore, sampleHistoryUntil now: Date? = nil) async throws -> Bool {
        guard try await store.fetchTasks(query: OCKTaskQuery()).isEmpty else { return false }
        let plan = try await store.addCarePlan(carePlan)
        let tasks = try await store.addTasks(tasks(carePlanUUID: plan.uuid))
        try await store.addContacts(contacts(carePlanUUID: plan.uuid))
        if let now { try await addSampleHistory(to: store, tasks: tasks, until: now) }
        return true
    }

    /// Some completed trainings and recorded vitals on the days before `now`, so a new demo
    /// has something to chart. Deterministic: the same days get the same values.
    func addSampleHistory(to store: OCKStore, tasks: [OCKTask], until now: Date) async throws {
        let today = calendar.startOfDay(for: now)
        guard today > startDate else { return }
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: DateInterval(start: startDate, end: today)))
        var outcomes: [OCKOutcome] = []
        for event in events {
            let day = calendar.dateComponents([.day], from: startDate, to: event.scheduleEvent.start).day ?? 0
            let seed = (day * 3 + event.scheduleEvent.occurrence + event.task.id.count) % 10
            var values: [OCKOutcomeValue]
            switch event.task.id {
            case ActivityIdentifier.pulse.rawValue:
                values = [OCKOutcomeValue(Double(64 + seed * 2), units: "bpm", kind: "pulse", createdDate: event.scheduleEvent.start)]
            case ActivityIdentifier.temperature.rawValue:
                guard seed != 4 else { continue }  // one missing day shows as "N/A"
                values = [OCKOutcomeValue(97.8 + Double(seed) / 10, units: "°F", kind: "temperature", createdDate: event.scheduleEvent.start)]
            default:
                guard seed < 7 else { continue }  // about 70% adherence
                values = [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: event.scheduleEvent.start)]
            }
            var outcome = OCKOutcome(taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence, values: values)
            // Ids from the event, not random ones: the demo's exports are the same every time
            // (and valid FHIR ids: "limber-up-3").
            outcome.id = event.task.id.lowercased().replacingOccurrences(of: " ", with: "-") + "-\(event.scheduleEvent.occurrence)"
            outcome.effectiveDate = event.scheduleEvent.start
            outcome.timezone = calendar.timeZone
            outcomes.append(outcome)
        }
        try await store.addOutcomes(outcomes)
    }
}
