import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Synchronization
import Testing
import ZombieKit

@testable import CareKitWeb

/// "Due now" and "overdue" on the cards, from the events' start and end and the app's clock
/// and calendar (never the machine's), and the reminders the page gives its script.
@Suite("Web app: due now and overdue")
struct DueNowWebTests {
    typealias W = WebTestSupport

    /// A clock the test moves.
    final class MovableClock: Sendable {
        private let moment: Mutex<Date>
        init(_ date: Date) { moment = Mutex(date) }
        var now: Date { moment.withLock { $0 } }
        func set(_ date: Date) { moment.withLock { $0 = date } }
    }

    static func count(_ text: String, in html: String) -> Int {
        html.components(separatedBy: text).count - 1
    }

    @Test("At 10:00 the 10:00 training is due now and the earlier ones not done are overdue; done ones are neither")
    func marksAtTen() async throws {
        let (store, server) = try await W.makeServer()
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        // Limber Up 7:00 and 9:00, Cardio 8:00 ended undone; Target Practice 10:00–10:30 is on.
        #expect(Self.count("ock-overdue", in: html) == 3)
        #expect(Self.count("ock-due-now", in: html) == 1)
        #expect(html.contains("\(HistoryWebTests.time("2026-11-26 09:00")), Limber Up, overdue"), "a grid's checkmark says it")
        #expect(html.contains("· Due now"), "a checklist's row says it")

        let limber = try await W.todaysEvent(store, task: "Limber Up", index: 1)
        try await store.perform(.complete, on: limber.anyEvent, now: W.now, calendar: W.calendar)
        let after = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(Self.count("ock-overdue", in: after) == 2, "a done event is not overdue")

        let symptoms = try #require(await server.handle(W.get("/symptoms")).bodyText)
        #expect(Self.count("ock-due-now", in: symptoms) == 2, "temperature and pulse, 9:00 to 21:00")
        #expect(Self.count("<div class=\"ock-header-status\"><p class=\"ock-label ock-text-subheadline\">Due now</p>", in: symptoms) == 2, "the cards say it in words")
    }

    @Test("Grid and checklist checkmarks are named alike: what they show, the task, and where it stands, said once")
    func checkmarkNames() async throws {
        let (store, server) = try await W.makeServer()
        let time = { (moment: String) in HistoryWebTests.time("2026-11-26 " + moment) }
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(html.contains("aria-pressed=\"false\" aria-label=\"\(time("09:00")), Limber Up, overdue\""))
        #expect(html.contains("aria-pressed=\"false\" aria-label=\"\(time("11:00")), Limber Up\""), "not done is the pressed state")
        #expect(html.contains("aria-label=\"\(time("10:00")) to \(time("10:30")) · Due now, Target Practice\""), "the row says due now; the name does not repeat it")
        #expect(!html.contains("not done\""))

        // Done on time (the 9:00 stretch lasts 15 minutes): the pressed state says it, not words.
        let limber = try await W.todaysEvent(store, task: "Limber Up", index: 1)
        try await store.perform(.complete, on: limber.anyEvent, now: W.date("2026-11-26 09:10"), calendar: W.calendar)
        let after = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(after.contains("aria-pressed=\"true\" aria-label=\"\(time("09:00")), Limber Up\""), "done is the pressed state, not words")
    }

    @Test("Past days show no marks; early in the morning only what has started is due")
    func otherDaysAndTimes() async throws {
        let (_, server) = try await W.makeServer()
        let yesterday = try #require(await server.handle(W.get("/care-card?date=2026-11-25")).bodyText)
        #expect(Self.count("ock-overdue", in: yesterday) == 0 && Self.count("ock-due-now", in: yesterday) == 0)
        let (_, early) = try await W.makeServer { $0.clock = { W.date("2026-11-26 07:05") } }
        let morning = try #require(await early.handle(W.get("/care-card")).bodyText)
        #expect(Self.count("ock-due-now", in: morning) == 1, "Limber Up at 7:00")
        #expect(Self.count("ock-overdue", in: morning) == 0)
    }

    @Test("The days follow the app's time zone, not the machine's")
    func timeZoneOfTheApp() async throws {
        // 2026-11-26 10:00 in New York is 16:00 in Paris: there the 15:00 stretch is overdue and
        // the 16:00 target practice due now.
        var paris = Calendar(identifier: .gregorian)
        paris.timeZone = try #require(TimeZone(identifier: "Europe/Paris"))
        paris.locale = Locale(identifier: "en_US_POSIX")
        let store = OCKStore(name: "paris", type: .inMemory, clock: { W.now })
        try await CarePlanData(startingInWeekOf: W.now, calendar: paris).seed(into: store)
        let server = try CareKitWebServer(
            store: store, application: ZombieKitApp.application,
            configuration: .init(calendar: paris, clock: { W.now }))
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        let time = { (hour: Int) in OCKEventFormatter(calendar: paris).time(paris.date(bySettingHour: hour, minute: 0, second: 0, of: W.now) ?? W.now) }
        #expect(html.contains("\(time(15)), Limber Up, overdue"))
        #expect(!html.contains("\(time(17)), Limber Up, overdue"))
        #expect(Self.count("ock-due-now", in: html) == 1, "Target Practice at 16:00")
    }

    @Test("A page is not kept past the minute it was made in, so marks follow the clock")
    func marksFollowTheClock() async throws {
        let clock = MovableClock(W.date("2026-11-26 09:59"))
        let (_, server) = try await W.makeServer { $0.clock = { clock.now } }
        let before = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(Self.count("ock-due-now", in: before) == 0)
        clock.set(W.date("2026-11-26 10:00"))
        let after = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(Self.count("ock-due-now", in: after) == 1, "Target Practice at 10:00")
    }

    @Test("Today's page lists what is still to come with when to remind, counted from the app's clock")
    func reminderList() async throws {
        let (store, server) = try await W.makeServer()
        var cardio = try #require(try await store.fetchTasks(query: OCKTaskQuery(id: "cardio")).first)
        cardio.reminderMinutesBefore = 15
        try await store.updateTask(cardio)
        let html = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(html.contains("data-ck-now=\"\(_Reminders.milliseconds(W.now))\""))
        #expect(html.contains("ck-notify-button"), "the button the script shows where notifications can be asked for")
        let start = W.date("2026-11-26 18:00")
        #expect(html.contains("data-ck-remind=\"\(_Reminders.milliseconds(start.addingTimeInterval(-15 * 60)))\" data-ck-start=\"\(_Reminders.milliseconds(start))\""))
        #expect(!html.contains("data-ck-start=\"\(_Reminders.milliseconds(W.date("2026-11-26 07:00")))\""), "an overdue event is not reminded of")
        let yesterday = try #require(await server.handle(W.get("/care-card?date=2026-11-25")).bodyText)
        #expect(!yesterday.contains("ck-reminder-list"))
    }
}
