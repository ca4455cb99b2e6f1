import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitWeb

/// The plan editor in the web app, without JavaScript: a first-run page on an empty store, a
/// form that keeps what was typed and says what is wrong next to each field, and Edit schedule
/// and Stop, each a new version that keeps what was recorded.
@Suite("Web app: the plan editor")
struct PlanEditorWebTests {
    typealias W = WebTestSupport

    static func emptyServer() async throws -> (OCKStore, CareKitWebServer) {
        try await W.makeServer(demo: false, application: .standard())
    }

    static let metformin: [(String, String)] = [
        ("title", "Metformin"), ("instructions", "500 mg with food"), ("times", "08:00, 20:00"), ("from", "2026-11-26"),
        ("adherence", "yes"), ("remind", "15")
    ]

    @Test func anEmptyStoreOpensOnAWelcomeThatLeadsToTheFirstTask() async throws {
        let (_, server) = try await Self.emptyServer()
        let home = await server.handle(W.get("/"))
        #expect(home.status == 303 && home.header("Location") == "/welcome")
        let welcome = try #require(await server.handle(W.get("/welcome")).bodyText)
        #expect(welcome.contains("Welcome to CareKit"))
        #expect(welcome.contains(#"href="/plan/new""#))
        #expect(!welcome.lowercased().contains("zombie"))
    }

    @Test func aTaskAddedThroughTheFormIsOnTodaysCareCard() async throws {
        let (store, server) = try await Self.emptyServer()
        let form = try #require(await server.handle(W.get("/plan/new")).bodyText)
        #expect(form.contains(#"name="csrf""#) && form.contains(#"value="2026-11-26""#))
        let added = await server.handle(W.post("/plan/new", Self.metformin + [("return", "/care-card")]))
        #expect(added.status == 303 && added.header("Location") == "/care-card")
        let task = try #require(try await store.fetchTasks(query: OCKTaskQuery(id: "metformin")).first)
        #expect(task.reminderMinutesBefore == 15 && task.instructions == "500 mg with food")
        let card = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(card.contains("Metformin") && card.contains("500 mg with food"))
        // Now that there is a task, / goes to the Care Card.
        #expect(await server.handle(W.get("/")).header("Location") == "/care-card")
    }

    @Test func aWrongFieldIsExplainedNextToItAndEveryValueIsKept() async throws {
        let (store, server) = try await Self.emptyServer()
        let fields = Self.metformin.map { $0.0 == "times" ? ("times", "8pm") : $0 } + [("days", "mon"), ("days", "thu"), ("measure", ""), ("range", "1-2")]
        let response = await server.handle(W.post("/plan/new", fields))
        #expect(response.status == 400)
        let html = try #require(response.bodyText)
        #expect(html.contains(#"id="plan-times-error""#) && html.contains("&#39;8pm&#39; is not a time") || html.contains("'8pm' is not a time"))
        #expect(html.contains(#"id="plan-range-error""#))
        #expect(html.contains(#"value="500 mg with food""#) && html.contains(#"value="8pm""#))
        #expect(html.contains(#"value="mon" checked"#) && html.contains(#"value="thu" checked"#))
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).isEmpty)
    }

    @Test func theFormEscapesWhatWasTyped() async throws {
        let (_, server) = try await Self.emptyServer()
        let response = await server.handle(W.post("/plan/new", [("title", "<script>alert(1)</script>"), ("times", "\"><b>")]))
        let html = try #require(response.bodyText)
        #expect(!html.contains("<script>alert(1)") && !html.contains("\"><b>"))
    }

    @Test func aFormWithoutTheCSRFTokenChangesNothing() async throws {
        let (store, server) = try await Self.emptyServer()
        let response = await server.handle(W.post("/plan/new", Self.metformin, csrfField: "forged"))
        #expect(response.status == 403)
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).isEmpty)
    }

    @Test func editingTheScheduleMakesANewVersionAndTheGuardIsExplained() async throws {
        let (store, server) = try await Self.emptyServer()
        _ = await server.handle(W.post("/plan/new", Self.metformin.map { $0.0 == "from" ? ("from", "2026-11-24") : $0 }))
        let page = try #require(await server.handle(W.get("/tasks/metformin")).bodyText)
        #expect(page.contains(#"href="/tasks/metformin/edit""#) && page.contains(#"href="/tasks/metformin/stop""#))
        let edit = try #require(await server.handle(W.get("/tasks/metformin/edit")).bodyText)
        #expect(edit.contains(#"value="08:00, 20:00""#) && edit.contains(#"value="2026-11-26""#))

        // Yesterday's morning dose was taken: a change from the day before would hide it.
        var query = OCKEventQuery(for: W.date("2026-11-25"), calendar: W.calendar)
        query.taskIDs = ["metformin"]
        let yesterday = try #require(try await store.fetchEvents(query: query).first)
        try await store.perform(.complete, on: yesterday.anyEvent, now: W.date("2026-11-25 08:05"), calendar: W.calendar)
        let refused = await server.handle(W.post("/tasks/metformin/edit", Self.metformin.map { $0.0 == "from" ? ("from", "2026-11-24") : $0.0 == "times" ? ("times", "09:00") : $0 }))
        #expect(refused.status == 409)
        let message = try #require(refused.bodyText)
        #expect(message.contains("You recorded Metformin for Wed, Nov 25") && message.contains("Let the change start on Thu, Nov 26 or later"))
        #expect(message.contains(#"id="plan-from-error""#) && message.contains(#"value="09:00""#))

        let saved = await server.handle(W.post("/tasks/metformin/edit", Self.metformin.map { $0.0 == "times" ? ("times", "09:00") : $0 }))
        #expect(saved.status == 303 && saved.header("Location") == "/tasks/metformin")
        query = OCKEventQuery(for: W.date("2026-11-27"), calendar: W.calendar)
        query.taskIDs = ["metformin"]
        #expect(try await store.fetchEvents(query: query).map(\.scheduleEvent.start) == [W.date("2026-11-27 09:00")])
        #expect(try await store.fetchTasks(query: OCKTaskQuery(id: "metformin")).count == 2, "two versions")
    }

    @Test func stoppingEndsTheTaskAfterTheLastDay() async throws {
        let (store, server) = try await Self.emptyServer()
        _ = await server.handle(W.post("/plan/new", Self.metformin))
        let ask = try #require(await server.handle(W.get("/tasks/metformin/stop")).bodyText)
        #expect(ask.contains(#"name="until""#) && ask.contains(#"value="2026-11-26""#))
        let bad = await server.handle(W.post("/tasks/metformin/stop", [("until", "soon")]))
        #expect(bad.status == 400 && bad.bodyText?.contains("is not a date") == true)
        let stopped = await server.handle(W.post("/tasks/metformin/stop", [("until", "2026-11-27")]))
        #expect(stopped.status == 303)
        #expect(try #require(await server.handle(W.get("/tasks/metformin")).bodyText).contains("Last day: Fri, Nov 27."))
        var query = OCKEventQuery(for: W.date("2026-11-28"), calendar: W.calendar)
        query.taskIDs = ["metformin"]
        #expect(try await store.fetchEvents(query: query).isEmpty)
        query = OCKEventQuery(for: W.date("2026-11-27"), calendar: W.calendar)
        query.taskIDs = ["metformin"]
        #expect(try await store.fetchEvents(query: query).count == 2)
    }

    @Test func onlySchedulesTheFormCanShowAreOfferedForEditing() async throws {
        let (store, server) = try await W.makeServer()
        // ZombieKit's Cardio (twice a day, "60 Minutes") can be edited, and so can its
        // Temperature: its survey's bounds are the measurement's possible values.
        let cardio = try #require(await server.handle(W.get("/tasks/cardio")).bodyText)
        #expect(cardio.contains(#"href="/tasks/cardio/edit""#))
        #expect(try #require(await server.handle(W.get("/tasks/cardio/edit")).bodyText).contains(#"value="08:00, 18:00""#))
        let temperature = try #require(await server.handle(W.get("/tasks/temperature/edit")).bodyText)
        #expect(temperature.contains(#"value="95-100.3""#) && temperature.contains(#"<option value="temperature" selected>"#))
        // A survey of two unrelated numbers cannot be shown by the form.
        var checkIn = OCKTask(
            id: "check-in", title: "Check-in", carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 9, minutes: 0, start: W.date("2026-11-20"), end: nil, text: nil, calendar: W.calendar))
        checkIn.survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "steps", prompt: "Steps", kind: .number(unit: "steps", minimum: nil, maximum: nil)),
            OCKSurveyQuestion(id: "sleep", prompt: "Hours slept", kind: .number(unit: "h", minimum: nil, maximum: nil))
        ])
        try await store.addTask(checkIn)
        let page = try #require(await server.handle(W.get("/tasks/check-in")).bodyText)
        #expect(!page.contains("/tasks/check-in/edit") && page.contains("/tasks/check-in/stop"))
        let refused = await server.handle(W.get("/tasks/check-in/edit"))
        #expect(refused.status == 409 && refused.bodyText?.contains("You can still stop it") == true)
        #expect(await server.handle(W.get("/tasks/missing/edit")).status == 404)
    }
}
