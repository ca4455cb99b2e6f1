import CareKit
import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// The care team sees when each dose was marked and the same late and early marks as the
/// patient's app and report (``OCKScheduleEvent/recordingTiming(of:)``): on the patient's day and
/// on the read-only Care Card. Both storages.
@Suite("Care team: doses marked late or early")
struct TeamDoseMarksTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    /// Ada's vitamins at 9:00 and 21:00 (an hour each) from January 1; on Sunday 5 January both
    /// doses were ticked together at 18:30, on Monday 6 the morning one at 9:10.
    static func fixture() async throws -> F {
        let fixture = try await F.make()
        let phone = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await phone.synchronize()
        var vitamins = OCKTask(
            id: "vitamins", title: "Vitamins", carePlanUUID: nil,
            schedule: OCKSchedule(composing: [9, 21].map { .dailyAtTime(hour: $0, minutes: 0, start: T.date(1, 0), end: nil, text: nil, calendar: T.calendar) }))
        vitamins.timezone = T.calendar.timeZone
        vitamins = try await phone.addTask(vitamins)
        var query = OCKEventQuery(dateInterval: DateInterval(start: T.date(5, 0), end: T.date(7, 0)))
        query.taskIDs = ["vitamins"]
        let events = try await phone.fetchAnyEvents(query: query).sorted { $0.scheduleEvent.start < $1.scheduleEvent.start }
        let ticks = [T.date(5, 18).addingTimeInterval(1_800), T.date(5, 18).addingTimeInterval(1_800), T.date(6, 9).addingTimeInterval(600)]
        for (event, tick) in zip(events, ticks) {
            try await phone.perform(.complete, on: event, now: tick, calendar: T.calendar)
        }
        try await phone.synchronize()
        return fixture
    }

    @Test("The day says when each dose was marked, and marks the 9:00 dose 8 h 30 min late and the 21:00 one 1 h 30 min early")
    func dayPage() async throws {
        let fixture = try await Self.fixture()
        var grace = await fixture.grace()
        let day = try #require(await grace.get("/team/patients/\(fixture.ada.id)?date=2025-01-05").bodyText)
        #expect(day.contains(#"Done: Yes · marked 18:30 · <strong class="team-mark">◷ 8 h 30 min late</strong>"#))
        #expect(day.contains(#"Done: Yes · marked 18:30 · <strong class="team-mark">◷ 1 h 30 min early</strong>"#))
        let monday = try #require(await grace.get("/team/patients/\(fixture.ada.id)?date=2025-01-06").bodyText)
        #expect(monday.contains("Done: Yes · marked 09:10</div>"), "on time: when, without a mark")
        #expect(monday.contains("Not done"))
    }

    @Test("The read-only Care Card shows the marks the patient sees")
    func careCard() async throws {
        let fixture = try await Self.fixture()
        var grace = await fixture.grace()
        let card = try #require(await grace.get("/team/patients/\(fixture.ada.id)/care-card?date=2025-01-05").bodyText)
        #expect(card.contains("◷ 8 h 30 min late") && card.contains("◷ 1 h 30 min early"))
    }
}
