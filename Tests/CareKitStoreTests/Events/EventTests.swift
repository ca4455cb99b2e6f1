import CareKitStore
import Foundation
import Testing

@Suite("Events")
struct EventTests {

    @Test("An event id is the task version UUID and the occurrence, the same on every run and machine")
    func idIsDeterministic() throws {
        let task = makeTask(uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, schedule: dailyAtEight)
        let event = try #require(anyEvent(task, occurrence: 5))
        #expect(event.id == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F#5")
        let typed = try #require(event.prettified(task: OCKTask.self, outcome: OCKOutcome.self))
        #expect(typed.id == event.id)
        #expect(OCKEventID.make(taskUUID: task.uuid, occurrence: 5) == event.id)
    }

    @Test("An event id parses back into its task version and occurrence")
    func idParses() throws {
        let parsed = try #require(OCKEventID.parse("E621E1F8-C36C-495A-93FC-0C247A3E6E5F#12"))
        #expect(parsed.taskUUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(parsed.occurrence == 12)
        let roundTrip = try #require(OCKEventID.parse(OCKEventID.make(taskUUID: FixedUUID.taskB, occurrence: 0)))
        #expect(roundTrip.taskUUID == FixedUUID.taskB)
        #expect(roundTrip.occurrence == 0)
    }

    @Test(
        "Malformed event ids give nil",
        arguments: [
            "", "#", "#3", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F#",
            "E621E1F8-C36C-495A-93FC-0C247A3E6E5F#-1", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F#x",
            "E621E1F8-C36C-495A-93FC-0C247A3E6E5F#1#2", "not-a-uuid#1", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F#99999999999999999999"
        ])
    func malformedIDs(_ id: String) {
        #expect(OCKEventID.parse(id) == nil)
    }

    @Test("Events order by start, then task version UUID, then occurrence")
    func ordering() throws {
        // Task B's schedule starts a day earlier, so its occurrence numbers are one higher
        // for the same day.
        let taskA = makeTask(id: "a", uuid: FixedUUID.taskA, schedule: dailyAtEight)
        let taskB = makeTask(
            id: "b", uuid: FixedUUID.taskB,
            schedule: OCKSchedule(composing: [
                element("2025-06-01 08:00", in: newYork, every: DateComponents(day: 1))
            ]))
        let noonB = makeTask(
            id: "b-noon", uuid: FixedUUID.taskB,
            schedule: OCKSchedule(composing: [
                element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1)),
                element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 2))
            ]))
        let events = [
            try #require(anyEvent(taskB, occurrence: 2)),  // 06-03 08:00, task B
            try #require(anyEvent(taskA, occurrence: 1)),  // 06-03 08:00, task A
            try #require(anyEvent(taskA, occurrence: 0)),  // 06-02 08:00
            try #require(anyEvent(noonB, occurrence: 1)),  // 06-02 08:00, task B, occurrence 1
            try #require(anyEvent(noonB, occurrence: 0))  // 06-02 08:00, task B, occurrence 0
        ]
        #expect(
            events.sorted().map(\.id) == [
                "\(FixedUUID.taskA.uuidString)#0",
                "\(FixedUUID.taskB.uuidString)#0",
                "\(FixedUUID.taskB.uuidString)#1",
                "\(FixedUUID.taskA.uuidString)#1",
                "\(FixedUUID.taskB.uuidString)#2"
            ])
        let typed = events.compactMap { $0.prettified(task: OCKTask.self, outcome: OCKOutcome.self) }
        #expect(typed.count == 5)
        #expect(typed.sorted().map(\.id) == events.sorted().map(\.id))
    }

    @Test("Type-erased events are equal when task, outcome and schedule event are equal")
    func anyEventEquality() throws {
        let task = makeTask(schedule: dailyAtEight)
        let outcome = makeOutcome(occurrence: 1, values: [value(true)])
        let a = try #require(anyEvent(task, occurrence: 1, outcome: outcome))
        let b = try #require(anyEvent(task, occurrence: 1, outcome: outcome))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)

        // No outcome on one side.
        #expect(a != (try #require(anyEvent(task, occurrence: 1))))
        // A different outcome value.
        var changed = outcome
        changed.values = [value(false)]
        #expect(a != (try #require(anyEvent(task, occurrence: 1, outcome: changed))))
        // Another occurrence.
        #expect(a != (try #require(anyEvent(task, occurrence: 2, outcome: outcome))))
        // Another version of the task with the same schedule.
        var newer = task
        newer.uuid = FixedUUID.taskB
        #expect(a != (try #require(anyEvent(newer, occurrence: 1, outcome: outcome))))
        // The same task id with a changed title is another value.
        var retitled = task
        retitled.title = "Renamed"
        #expect(a != (try #require(anyEvent(retitled, occurrence: 1, outcome: outcome))))
    }

    @Test("Typed events are equal and hash alike when their parts are equal")
    func typedEventEquality() throws {
        let task = makeTask(schedule: dailyAtEight)
        let scheduleEvent = try #require(task.schedule.event(forOccurrenceIndex: 3))
        let a = OCKEvent<OCKTask, OCKOutcome>(task: task, outcome: nil, scheduleEvent: scheduleEvent)
        var b = a
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        b.outcome = makeOutcome(occurrence: 3, values: [])
        #expect(a != b)
        #expect(a.id == b.id)
        // Events hold their task and outcome by reference; they are still values: a copy's
        // changes leave the original alone, and equal parts are equal however they are held.
        var c = b
        c.outcome?.values.append(value(2))
        #expect(b.outcome?.values.isEmpty == true)
        #expect(c.outcome?.values.count == 1)
        #expect(b == OCKEvent<OCKTask, OCKOutcome>(task: task, outcome: makeOutcome(occurrence: 3, values: []), scheduleEvent: scheduleEvent))
        #expect(b != c)
    }

    @Test("prettified gives the concrete types back, or nil for other types")
    func prettified() throws {
        let task = makeTask(schedule: dailyAtEight)
        let outcome = makeOutcome(occurrence: 0, values: [value(1)])
        let event = try #require(anyEvent(task, occurrence: 0, outcome: outcome))
        let typed = try #require(event.prettified(task: OCKTask.self, outcome: OCKOutcome.self))
        #expect(typed.task == task)
        #expect(typed.outcome == outcome)
        #expect(typed.anyEvent == event)
        #expect(event.prettified(task: OCKHealthKitTask.self, outcome: OCKOutcome.self) == nil)
    }

    @Test("An outcome belongs to one task version, whatever its concrete type")
    func outcomeBelongsToTaskVersion() {
        let task = makeTask(schedule: dailyAtEight)
        let outcome = makeOutcome(taskUUID: task.uuid, occurrence: 0, values: [])
        #expect(outcome.belongs(to: task))
        var newer = task
        newer.uuid = FixedUUID.taskB
        #expect(!outcome.belongs(to: newer))
        var healthKitTask = OCKHealthKitTask(
            id: "steps", title: nil, carePlanUUID: nil, schedule: dailyAtEight,
            healthKitLinkage: OCKHealthKitLinkage(quantityIdentifier: "HKQuantityTypeIdentifierStepCount", quantityType: .cumulative, unitString: "count"))
        healthKitTask.uuid = task.uuid
        #expect(outcome.belongs(to: healthKitTask))
    }
}
