import CareKitStore
import Foundation
import Testing

/// What was deleted, read from an outcome's versions: a removal is listed, a correction is not,
/// and a value put back is no longer listed.
@Suite("Deleted values")
struct DeletedValueTests {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func store() -> OCKStore {
        OCKStore(name: UUID().uuidString, type: .inMemory, clock: { start.addingTimeInterval(3_600) })
    }

    @Test func removalsAreListedCorrectionsAreNotAndRestoredValuesLeaveTheList() async throws {
        let store = Self.store()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let task = try await store.addTask(
            OCKTask(
                id: "pulse", title: "Pulse", carePlanUUID: nil,
                schedule: .dailyAtTime(hour: 8, minutes: 0, start: calendar.startOfDay(for: Self.start), end: nil, text: nil, calendar: calendar)))
        let day = DateInterval(start: calendar.startOfDay(for: Self.start), duration: 86_400)
        var query = OCKEventQuery(dateInterval: day)
        query.taskIDs = [task.id]
        let event = try #require(try await store.fetchEvents(query: query).first).anyEvent
        let now = Self.start.addingTimeInterval(3_600)
        let slip = OCKOutcomeValue(210, units: "bpm", kind: "pulse", createdDate: Self.start)
        let other = OCKOutcomeValue(72, units: "bpm", kind: "pulse", createdDate: Self.start.addingTimeInterval(60))
        try await store.perform(.appendValues([slip, other]), on: event, now: now, calendar: calendar)
        try await store.perform(.replaceValue(at: 1, with: OCKOutcomeValue(74, units: "bpm", kind: "pulse", createdDate: other.createdDate)), on: event, now: now, calendar: calendar)
        try await store.perform(.deleteValue(at: 0), on: event, now: now, calendar: calendar)

        func removed() async throws -> [OCKDeletedValue] {
            var outcomes = OCKOutcomeQuery(dateInterval: day)
            outcomes.taskIDs = [task.id]
            return OCKDeletedValue.removed(in: try await store.fetchOutcomeHistory(taskIDs: [task.id], dateInterval: day), current: try await store.fetchOutcomes(query: outcomes))
        }
        let listed = try await removed()
        #expect(listed.map(\.value) == [slip], "the deleted 210 is listed; the 72 corrected to 74 is not")
        #expect(listed.first?.occurrence == event.scheduleEvent.occurrence)

        // The whole outcome deleted: its last value is listed too.
        try await store.perform(.markIncomplete, on: event, now: now, calendar: calendar)
        #expect(Set(try await removed().map(\.value.numericValue)) == [210, 74])

        // Put back: no longer deleted.
        try await store.perform(.appendValues([slip]), on: event, now: now, calendar: calendar)
        #expect(try await removed().map(\.value.numericValue) == [74])
    }
}
