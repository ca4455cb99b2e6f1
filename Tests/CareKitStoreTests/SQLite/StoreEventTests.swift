import Foundation
import Testing

@testable import CareKitStore

/// Events: which task version owns which time, occurrence numbers, and the outcome join.
@Suite("Events across versions")
struct StoreEventTests {
    typealias S = StoreTestSupport

    /// CareKit shows an event twice when a version boundary falls inside it (its bug #17).
    /// Here the event belongs to the version that owns its start.
    @Test(arguments: S.Kind.allCases)
    func anEventStraddlingAVersionBoundaryIsShownOnce(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("pills", title: "One pill"))
        var change = v1
        change.title = "Two pills"
        change.effectiveDate = S.date("2025-01-10 08:30")  // inside the 08:00-09:00 event
        let v2 = try await store.updateTask(change)

        let jan10 = try await S.events(store, on: "2025-01-10")
        #expect(jan10.count == 1)
        #expect(jan10.first?.task.uuid == v1.uuid)
        #expect(jan10.first?.scheduleEvent.occurrence == 9)
        #expect(jan10.first?.id == "\(v1.uuid.uuidString)#9")
        let jan11 = try await S.events(store, on: "2025-01-11")
        #expect(jan11.map(\.task.uuid) == [v2.uuid])
        #expect(jan11.map(\.scheduleEvent.occurrence) == [10])
    }

    /// CareKit's own test expects 11 all-day events for a day with 11 versions; a patient
    /// has one thing to do that day.
    @Test(arguments: S.Kind.allCases)
    func manyVersionsInOneDayStillGiveOneAllDayEvent(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let element = OCKScheduleElement(start: S.date("2025-01-01"), end: nil, interval: DateComponents(day: 1), duration: .allDay, calendar: S.calendar)
        let v1 = try await store.addTask(OCKTask(id: "journal", title: "v1", carePlanUUID: nil, schedule: OCKSchedule(composing: [element])))
        var last = v1
        for hour in 1...10 {
            var change = last
            change.title = "v\(hour + 1)"
            change.effectiveDate = S.date(String(format: "2025-01-10 %02d:00", hour))
            last = try await store.updateTask(change)
        }
        let jan10 = try await S.events(store, on: "2025-01-10")
        #expect(jan10.count == 1)
        #expect(jan10.first?.task.title == "v1", "the all-day event starts at midnight, which v1 owns")
        let jan11 = try await S.events(store, on: "2025-01-11")
        #expect(jan11.map(\.task.title) == ["v11"])
        #expect(jan11.map(\.task.uuid) == [last.uuid])
    }

    /// Each version's events come from its own schedule and its own occurrence numbers, and
    /// an outcome shows only on the event of the version it was recorded against.
    @Test(arguments: S.Kind.allCases)
    func occurrencesAndOutcomesBelongToTheOwningVersion(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("pills", hour: 8))
        var v2Task = S.dailyTask("pills", hour: 9, start: "2025-01-10")
        v2Task.effectiveDate = S.date("2025-01-10")
        let v2 = try await store.updateTask(v2Task)

        try await store.addOutcome(S.outcome(v1, 8, id: "jan9"))
        try await store.addOutcome(S.outcome(v2, 1, id: "jan11"))

        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-09", "2025-01-12")))
        #expect(events.map(\.scheduleEvent.start) == [S.date("2025-01-09 08:00"), S.date("2025-01-10 09:00"), S.date("2025-01-11 09:00")])
        #expect(events.map(\.task.uuid) == [v1.uuid, v2.uuid, v2.uuid])
        #expect(events.map(\.scheduleEvent.occurrence) == [8, 0, 1])
        #expect(events.map { $0.outcome?.id } == ["jan9", nil, "jan11"])

        // v1's occurrence 9 (Jan 10 08:00) lies in v2's time: it cannot take an outcome.
        await S.expectError(.invalidValue, mentioning: ["pills", "another version", v2.uuid.uuidString]) {
            try await store.addOutcome(S.outcome(v1, 9, id: "jan10-on-v1"))
        }
        // v2's occurrence 0 is fine.
        try await store.addOutcome(S.outcome(v2, 0, id: "jan10"))
        let jan10 = try await S.events(store, on: "2025-01-10")
        #expect(jan10.map { $0.outcome?.id } == ["jan10"])
    }

    /// A version made later but effective earlier takes over from its effective date; the
    /// version it followed then owns no time at all.
    @Test(arguments: S.Kind.allCases)
    func aLaterVersionEffectiveEarlierTakesOverFromItsDate(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("pills", title: "v1"))
        var change = v1
        change.title = "v2"
        change.effectiveDate = S.date("2025-01-20")
        let v2 = try await store.updateTask(change)
        change.title = "v3"
        change.effectiveDate = S.date("2025-01-10")
        let v3 = try await store.updateTask(change)

        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-08", "2025-01-23")))
        #expect(events.count == 15, "one event a day, none doubled")
        #expect(events.prefix(2).allSatisfy { $0.task.uuid == v1.uuid })
        #expect(events.dropFirst(2).allSatisfy { $0.task.uuid == v3.uuid })
        #expect(events.map(\.scheduleEvent.occurrence) == Array(7..<22))
        await S.expectError(.invalidValue, mentioning: ["pills", v3.uuid.uuidString]) {
            try await store.addOutcome(S.outcome(v2, 20, id: "jan21-on-v2"))
        }
    }

    @Test(arguments: S.Kind.allCases)
    func eventsAreOrderedAndFilteredByTask(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var evening = S.dailyTask("evening", hour: 20)
        evening.tags = ["night"]
        evening.groupIdentifier = "routine"
        let morning = S.dailyTask("morning", hour: 7)
        try await store.addTasks([evening, morning])

        let both = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-02", "2025-01-04")))
        #expect(both.map(\.task.id) == ["morning", "evening", "morning", "evening"])
        #expect(both.map(\.scheduleEvent.start) == ["2025-01-02 07:00", "2025-01-02 20:00", "2025-01-03 07:00", "2025-01-03 20:00"].map { S.date($0) })

        var query = OCKEventQuery(dateInterval: S.interval("2025-01-02", "2025-01-04"))
        query.taskIDs = ["morning"]
        #expect(try await store.fetchEvents(query: query).map(\.task.id) == ["morning", "morning"])
        query = OCKEventQuery(dateInterval: S.interval("2025-01-02", "2025-01-04"))
        query.taskTags = ["night"]
        #expect(try await store.fetchEvents(query: query).map(\.task.id) == ["evening", "evening"])
        query = OCKEventQuery(dateInterval: S.interval("2025-01-02", "2025-01-04"))
        query.taskGroupIdentifiers = [nil]
        #expect(try await store.fetchEvents(query: query).map(\.task.id) == ["morning", "morning"])
        // An empty interval has no events.
        #expect(try await store.fetchEvents(query: OCKEventQuery(dateInterval: DateInterval(start: S.date("2025-01-02"), duration: 0))).isEmpty)
    }

    /// An event that starts before the interval and runs into it is part of it, with its outcome.
    @Test(arguments: S.Kind.allCases)
    func anEventRunningIntoTheIntervalKeepsItsOutcome(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let schedule = OCKSchedule.dailyAtTime(hour: 23, minutes: 30, start: S.date("2025-01-01"), end: nil, text: nil, duration: .hours(2), calendar: S.calendar)
        let task = try await store.addTask(OCKTask(id: "night", title: "Night dose", carePlanUUID: nil, schedule: schedule))
        try await store.addOutcome(S.outcome(task, 8, id: "jan9-night"))

        let jan10 = try await S.events(store, on: "2025-01-10")
        #expect(jan10.map(\.scheduleEvent.start) == [S.date("2025-01-09 23:30"), S.date("2025-01-10 23:30")])
        #expect(jan10.map { $0.outcome?.id } == ["jan9-night", nil])
    }

    @Test(arguments: S.Kind.allCases)
    func fetchingOneEvent(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills", end: "2025-01-31"))
        try await store.addOutcome(S.outcome(task, 4, id: "jan5"))

        let event = try await store.fetchEvent(forTask: task, occurrence: 4)
        #expect(event.outcome?.id == "jan5")
        #expect(event.scheduleEvent.start == S.date("2025-01-05 08:00"))
        let empty = try await store.fetchEvent(forTask: task, occurrence: 5)
        #expect(empty.outcome == nil)
        await S.expectError(.fetchFailed, mentioning: ["pills", "30"]) {
            _ = try await store.fetchEvent(forTask: task, occurrence: 30)
        }
        let any = try await store.fetchAnyEvent(forTask: task, occurrence: 4)
        #expect(any.outcome?.id == "jan5")
        #expect(any.id == event.id)
    }

    /// Events read their outcomes together with the outcomes' values (one read); each outcome
    /// must come back exactly as `fetchOutcomes` reads it: every kind of value, in order, and
    /// the version fields, also for outcomes without values and after an edit.
    @Test(arguments: S.Kind.allCases)
    func eventsCarryTheOutcomesAsStored(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills"))
        let created = S.date("2025-01-02 09:00")
        var many = S.outcome(
            task, 1,
            [
                OCKOutcomeValue(120, units: "mmHg", kind: "systolic", createdDate: created), OCKOutcomeValue(80.5, units: "mmHg", kind: "diastolic", createdDate: created),
                OCKOutcomeValue(true, units: nil, kind: nil, createdDate: created), OCKOutcomeValue("felt fine", units: nil, kind: "note", createdDate: created),
                OCKOutcomeValue(Data([1, 2, 3]), units: nil, kind: nil, createdDate: created), OCKOutcomeValue(created, units: nil, kind: "taken", createdDate: created)
            ])
        many.tags = ["morning"]
        many.notes = [OCKNote(author: "Ada", title: "Note", content: "Dizzy")]
        many.groupIdentifier = "group"
        let empty = S.outcome(task, 2, [])
        let stored = try await store.addOutcomes([many, empty, S.outcome(task, 3)])
        var edited = stored[2]
        edited.values = [OCKOutcomeValue(2), OCKOutcomeValue(1)]
        try await store.updateOutcome(edited)

        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-01", "2025-01-06")))
        let outcomes = try await store.fetchOutcomes(query: OCKOutcomeQuery(dateInterval: S.interval("2025-01-01", "2025-01-06")))
        #expect(events.compactMap(\.outcome).count == 3)
        for event in events {
            let expected = outcomes.first { $0.taskOccurrenceIndex == event.scheduleEvent.occurrence }
            #expect(event.outcome == expected, "occurrence \(event.scheduleEvent.occurrence)")
        }
        #expect(events.first { $0.scheduleEvent.occurrence == 1 }?.outcome?.values.map(\.kind) == ["systolic", "diastolic", nil, "note", nil, "taken"])
        #expect(events.first { $0.scheduleEvent.occurrence == 3 }?.outcome?.values.map(\.integerValue) == [2, 1])
    }

    /// Event ids do not change between launches: same store file, new process, same ids.
    @Test func eventIDsAreStableAcrossReopening() async throws {
        let directory = S.temporaryDirectory()
        let clock = S.date("2025-06-01 12:00")
        let first = OCKStore(name: "ids", type: .onDisk, directory: directory, clock: { clock })
        let task = try await first.addTask(S.dailyTask("pills"))
        let before = try await S.events(first, on: "2025-01-03").map(\.id)
        let second = OCKStore(name: "ids", type: .onDisk, directory: directory, clock: { clock })
        let after = try await S.events(second, on: "2025-01-03").map(\.id)
        #expect(before == ["\(task.uuid.uuidString)#2"])
        #expect(after == before)
    }
}
