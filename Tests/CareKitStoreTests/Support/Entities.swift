import CareKitStore
import Foundation

/// Fixed UUIDs so that ids and orderings in assertions are readable and stable.
enum FixedUUID {
    static let taskA = UUID(uuidString: "0A000000-0000-4000-8000-000000000001")!
    static let taskB = UUID(uuidString: "0B000000-0000-4000-8000-000000000002")!
    static let outcome = UUID(uuidString: "0C000000-0000-4000-8000-000000000003")!
}

/// A task with every clock- or machine-dependent field set explicitly.
func makeTask(id: String = "task", uuid: UUID = FixedUUID.taskA, schedule: OCKSchedule, impactsAdherence: Bool = true) -> OCKTask {
    var task = OCKTask(id: id, title: id.capitalized, carePlanUUID: nil, schedule: schedule)
    task.uuid = uuid
    task.impactsAdherence = impactsAdherence
    task.timezone = TimeZone(identifier: newYork)!
    return task
}

/// An outcome with every clock- or machine-dependent field set explicitly.
func makeOutcome(taskUUID: UUID = FixedUUID.taskA, occurrence: Int, values: [OCKOutcomeValue], id: String = "outcome") -> OCKOutcome {
    var outcome = OCKOutcome(taskUUID: taskUUID, taskOccurrenceIndex: occurrence, values: values)
    outcome.id = id
    outcome.uuid = FixedUUID.outcome
    outcome.effectiveDate = referenceDate(762_530_709)
    outcome.timezone = TimeZone(identifier: newYork)!
    return outcome
}

/// A value recorded at a fixed time.
func value(_ value: any OCKOutcomeValueUnderlyingType, units: String? = nil, kind: String? = nil) -> OCKOutcomeValue {
    OCKOutcomeValue(value, units: units, kind: kind, createdDate: referenceDate(762_530_709))
}

/// The daily 08:00 New York schedule most event tests use.
let dailyAtEight = OCKSchedule(composing: [element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1))])

/// Occurrence `n` of a schedule, as an event of `task` with an optional outcome.
func anyEvent(_ task: OCKTask, occurrence: Int, outcome: OCKOutcome? = nil) -> OCKAnyEvent? {
    guard let scheduleEvent = task.schedule.event(forOccurrenceIndex: occurrence) else { return nil }
    return OCKAnyEvent(task: task, outcome: outcome, scheduleEvent: scheduleEvent)
}
