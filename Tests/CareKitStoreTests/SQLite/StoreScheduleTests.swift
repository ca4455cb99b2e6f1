import Foundation
import Testing

@testable import CareKitStore

/// A schedule comes back from the store as it was written: each element's calendar (CareKit
/// does not persist it) and the order of elements that start together (CareKit's come back in
/// `Set` order). Occurrence numbers, stored on outcomes, depend on both.
@Suite("Schedules in the store")
struct StoreScheduleTests {
    typealias S = StoreTestSupport

    static func calendar(_ identifier: Calendar.Identifier, _ zone: String, firstWeekday: Int, minimumDays: Int, locale: String) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = minimumDays
        calendar.locale = Locale(identifier: locale)
        return calendar
    }

    @Test(arguments: S.Kind.allCases)
    func elementsComeBackWithTheirCalendarsInTheOrderWritten(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let start = S.date("2025-01-06 08:00")
        // Three elements that start together: their order decides which event is occurrence 0, 1 and 2.
        let elements = [
            OCKScheduleElement(
                start: start, end: nil, interval: DateComponents(day: 1), text: "Berlin",
                calendar: Self.calendar(.gregorian, "Europe/Berlin", firstWeekday: 2, minimumDays: 4, locale: "de_DE")),
            OCKScheduleElement(
                start: start, end: nil, interval: DateComponents(weekOfYear: 1), text: "Bangkok",
                calendar: Self.calendar(.buddhist, "Asia/Bangkok", firstWeekday: 1, minimumDays: 1, locale: "th_TH")),
            OCKScheduleElement(
                start: start, end: nil, interval: DateComponents(day: 2), text: "New York",
                calendar: Self.calendar(.iso8601, "America/New_York", firstWeekday: 2, minimumDays: 4, locale: "en_US"))
        ]
        var task = OCKTask(id: "pills", title: nil, carePlanUUID: nil, schedule: OCKSchedule(composing: elements))
        task.effectiveDate = start
        try await store.addTask(task)

        let tasks = try await store.fetchTasks(query: OCKTaskQuery())
        let stored = try #require(tasks.first).schedule.elements
        #expect(stored.map(\.text) == ["Berlin", "Bangkok", "New York"])
        for (read, written) in zip(stored, elements) {
            #expect(read.calendar.identifier == written.calendar.identifier)
            #expect(read.calendar.timeZone.identifier == written.calendar.timeZone.identifier)
            #expect(read.calendar.firstWeekday == written.calendar.firstWeekday)
            #expect(read.calendar.minimumDaysInFirstWeek == written.calendar.minimumDaysInFirstWeek)
            #expect(read.calendar.locale?.identifier == written.calendar.locale?.identifier)
        }
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.day("2025-01-06")))
        #expect(events.map { "\($0.scheduleEvent.occurrence) \($0.scheduleEvent.element.text ?? "")" } == ["0 Berlin", "1 Bangkok", "2 New York"])
    }
}
