import Foundation
import Testing

@testable import CareKitStore

@Suite("Store basics")
struct StoreSmokeTests {
    typealias S = StoreTestSupport

    @Test(arguments: S.Kind.allCases)
    func addFetchRoundTrip(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var task = S.dailyTask("doxylamine")
        task.tags = ["meds", "night"]
        task.instructions = "Take 1 tablet"
        task.userInfo = ["rx": "42"]
        task.notes = [OCKNote(author: "Dr", title: "T", content: "C")]
        let added = try await store.addTask(task)
        #expect(added.uuid == task.uuid)
        let fetched = try await store.fetchTasks(query: OCKTaskQuery())
        #expect(fetched.count == 1)
        let first = try #require(fetched.first)
        #expect(first.id == "doxylamine")
        #expect(first.tags == ["meds", "night"])
        #expect(first.instructions == "Take 1 tablet")
        #expect(first.userInfo == ["rx": "42"])
        #expect(first.notes == task.notes)
        #expect(first.schedule.elements.first?.start == task.schedule.elements.first?.start)
        #expect(first.schedule.elements.first?.calendar.timeZone.identifier == "America/New_York")
        #expect(first.createdDate == S.date("2025-06-01 12:00"))

        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-10")))
        #expect(events.count == 1)
        #expect(events.first?.scheduleEvent.occurrence == 9)
        #expect(events.first?.scheduleEvent.start == S.date("2025-01-10 08:00"))

        let outcome = S.outcome(first, 9)
        try await store.addOutcome(outcome)
        let withOutcome = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-10")))
        #expect(withOutcome.first?.outcome?.values.first?.booleanValue == true)
    }
}
