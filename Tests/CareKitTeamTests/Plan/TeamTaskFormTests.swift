import CareKit
import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import CareKitWeb
import Foundation
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// Adding a task, changing a schedule and writing a note from the dashboard: new task versions
/// that reach the patient's devices, the plan form's reasons, the store's guard in the care
/// team's words, and the same access rules. Both storages.
@Suite("Care team: add a task, change a schedule, notes")
struct TeamTaskFormTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    static func onAdasDevice(_ fixture: F, _ id: String) async throws -> OCKTask {
        try await TeamPlanTests.onAdasDevice(fixture, id)
    }

    @Test("Add a task: the web app's plan form; wrong fields are refused with their reasons and nothing is written; the task syncs down")
    func addTask() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace(address: "192.0.2.44")
        let base = "/team/patients/\(fixture.ada.id)"
        let form = try #require(await grace.get(base + "/tasks/new").bodyText)
        #expect(form.contains(#"action="\#(base)/tasks/new""#) && form.contains(#"name="times""#) && form.contains(#"name="every""#))
        #expect(form.contains(#"name="measure""#) && form.contains(#"name="range""#) && form.contains("Add to Ada’s plan") == false)
        #expect(form.contains("Add to Ada&#39;s plan") || form.contains("Add to Ada's plan"))
        #expect(form.contains("What the patient measures") && form.contains("Remind the patient") && !form.contains("Remind me"), "the form speaks of the patient")

        let wrong = await grace.post(base + "/tasks/new", [("title", ""), ("times", "25:00"), ("from", "2025-01-07")])
        #expect(wrong.status == 400)
        let reasons = try #require(wrong.bodyText)
        #expect(reasons.contains("nothing was saved") && reasons.contains("25:00"), "\(reasons)")
        let blank = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await blank.synchronize()
        #expect(try await blank.fetchTasks(query: OCKTaskQuery()).map(\.id).sorted() == ["pills", "temperature"], "nothing was written")

        let added = await grace.post(
            base + "/tasks/new",
            [
                ("title", "Blood sugar"), ("instructions", "Before breakfast"), ("times", "07:30"), ("days", "mon"), ("days", "thu"),
                ("from", "2025-01-09"), ("measure", "Glucose"), ("unit", "mg/dL"), ("range", "70-140")
            ])
        #expect(added.status == 303 && added.header("Location") == base + "?date=2025-01-09&changed=added")
        let task = try await Self.onAdasDevice(fixture, "blood-sugar")
        #expect(task.instructions == "Before breakfast" && task.survey?.questions.first?.unit == "mg/dL")
        #expect(task.schedule.elements.count == 2 && task.schedule.startDate() >= T.date(9, 0))
        let line = try #require(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first)
        #expect(line.action.hasPrefix("added the task Blood sugar: Every Monday and Thursday") && line.address == "192.0.2.44", "\(line.action)")
        let notice = try #require(await grace.get(base + "?date=2025-01-09&changed=added").bodyText)
        #expect(notice.contains("The task is added") && notice.contains("Blood sugar"))
    }

    @Test("Change a schedule: the task's plan in the form; a first day that would hide recorded entries is explained; a later one syncs down")
    func changeSchedule() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        let path = "/team/patients/\(fixture.ada.id)/tasks/pills/schedule"
        let day = try #require(await grace.get("/team/patients/\(fixture.ada.id)").bodyText)
        #expect(day.contains(#"href="\#(path)""#))
        let form = try #require(await grace.get(path).bodyText)
        #expect(form.contains(#"value="08:00""#) && form.contains(#"value="2025-01-07""#) && form.contains("Save the new schedule"))
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first?.action == "opened the schedule of pills")

        let refused = await grace.post(path, [("title", "pills"), ("times", "09:00"), ("from", "2025-01-03")])
        #expect(refused.status == 409)
        let words = try #require(refused.bodyText)
        #expect(words.contains("Ada recorded pills for") && words.contains("Nothing was changed") && words.contains("Only the patient can delete an entry"), "\(words)")
        #expect(words.contains(#"value="09:00""#), "what was typed stays in the form")
        #expect(try await Self.onAdasDevice(fixture, "pills").schedule.elements.first?.start == T.date(1, 8), "nothing was written")

        #expect(await grace.post(path, [("title", "pills"), ("times", "9 o'clock"), ("from", "2025-01-08")]).status == 400)
        let saved = await grace.post(path, [("title", "pills"), ("times", "09:00"), ("from", "2025-01-08")])
        #expect(saved.status == 303 && saved.header("Location") == "/team/patients/\(fixture.ada.id)?date=2025-01-08&changed=schedule")
        let pills = try await Self.onAdasDevice(fixture, "pills")
        #expect(pills.effectiveDate == T.date(8, 0) && pills.schedule.elements.first?.start == T.date(8, 9))
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first?.action.hasPrefix("changed the schedule of pills from 2025-01-08") == true)
    }

    @Test("The store's guard, in a nurse's words: who recorded what and when, the first day that works, that only the patient deletes entries; never the store's error")
    func guardInWords() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace(address: "192.0.2.44")
        let base = "/team/patients/\(fixture.ada.id)/tasks/pills"
        let answers = [
            await grace.post(base + "/schedule", [("title", "pills"), ("times", "09:00"), ("from", "2025-01-03")]),
            await grace.post(base + "/stop", [("last-day", "2025-01-02"), ("confirm", "yes")])
        ]
        for (answer, wayForward) in zip(answers, ["Let the change start on Mon, Jan 6 or later", "Choose Sun, Jan 5 or later as the last day"]) {
            #expect(answer.status == 409)
            let words = try #require(answer.bodyText)
            #expect(words.contains("Ada recorded pills for Sun, Jan 5 at 8:00"), "who recorded what, and for when: \(words)")
            #expect(words.contains(wayForward), "the way forward: \(words)")
            #expect(words.contains("Only the patient can delete an entry") && words.contains("Nothing was changed"))
            for dump in ["occurrence", "Task 'pills'", "outcome", "effective", "2025-01-05T", "updateFailed"] {
                #expect(!words.contains(dump), "no store error: \(dump)")
            }
        }
        let trail = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 2).map(\.action)
        #expect(trail.first == "was refused (it would hide an entry of the patient's): stopped pills after 2025-01-02", "\(trail)")
        #expect(trail.last?.hasPrefix("was refused (it would hide an entry of the patient's): changed the schedule of pills from 2025-01-03") == true)
        let pills = try await Self.onAdasDevice(fixture, "pills")
        #expect(pills.schedule.endDate() == nil && pills.schedule.elements.first?.start == T.date(1, 8), "nothing was written")
    }

    @Test("A schedule the plan form cannot show (monthly, made by another app) is not offered for editing, with the reason and the way forward")
    func scheduleTheFormCannotShow() async throws {
        let fixture = try await F.make()
        let phone = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await phone.synchronize()
        let monthly = OCKScheduleElement(
            start: T.date(1, 9), end: nil, interval: DateComponents(month: 1), text: nil, targetValues: [], duration: .hours(1), calendar: T.calendar)
        var checkup = OCKTask(id: "checkup", title: "Checkup", carePlanUUID: nil, schedule: OCKSchedule(composing: [monthly]))
        checkup.timezone = T.calendar.timeZone
        try await phone.addTask(checkup)
        try await phone.synchronize()
        var grace = await fixture.grace()
        let base = "/team/patients/\(fixture.ada.id)/tasks/checkup"
        for answer in [await grace.get(base + "/schedule"), await grace.post(base + "/instructions", [("instructions", "Fasting")])] {
            let words = try #require(answer.bodyText).replacingOccurrences(of: "&#39;", with: "'")
            #expect(answer.status == 409 && words.contains("Checkup's schedule was made by the patient's app"), "\(words)")
            #expect(words.contains("stop it on the patient") && words.contains("on their device"), "the way forward")
        }
        let trail = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 2).map(\.action)
        #expect(
            trail == [
                "was refused (the dashboard cannot change that schedule): changed the instructions of Checkup to “Fasting”",
                "opened the schedule of Checkup, which the dashboard cannot change"
            ])
        try await phone.synchronize()
        #expect(try await phone.latestTaskVersion(id: "checkup").instructions == nil, "nothing was written")
    }

    @Test("A note reaches the patient's own app after its next sync: \"From your care team\" on the Care Card and under Notes on the task's page, escaped")
    func noteOnThePatientsApp() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        _ = await grace.get("/team/patients/\(fixture.ada.id)")
        let sent = await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/notes", [("note", "Take them with water <b>please</b>")])
        #expect(sent.status == 303)

        let phone = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        let app = try CareKitWebServer(
            store: phone, application: .standard(), configuration: CareKitWebServer.Configuration(calendar: T.calendar, clock: { T.date(7, 12) }))
        let before = try #require(await app.handle(Self.appRequest("/care-card")).bodyText)
        #expect(!before.contains("From your care team"), "not before the phone syncs")
        try await phone.synchronize()
        let card = try #require(await app.handle(Self.appRequest("/care-card")).bodyText)
        #expect(card.contains("From your care team") && card.contains("Take them with water &lt;b&gt;please&lt;/b&gt;"))
        #expect(card.contains("grace@clinic.example, 2025-01-07 12:00, about pills"), "who wrote it, when, about which task")
        let task = try #require(await app.handle(Self.appRequest("/tasks/pills")).bodyText)
        #expect(task.contains(#"aria-label="Notes""#) && task.contains("Take them with water &lt;b&gt;please&lt;/b&gt;"))
    }

    /// A GET of the patient's own app (`carekit serve`).
    static func appRequest(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", path: path, headers: ["host": "127.0.0.1:8080"], cookies: [:])
    }

    @Test("A note is never refused by the guard: with an entry already recorded ahead, the note still reaches the patient and the entry stays")
    func noteWithEntryAhead() async throws {
        let fixture = try await F.make()
        let server = InProcessServer(service: fixture.service)
        let phone = T.device(server, token: fixture.adaToken, now: T.date(7, 12))
        try await phone.synchronize()
        let pills = try await phone.latestTaskVersion(id: "pills")
        try await phone.addOutcome(T.outcome(pills, 8))  // January 9's, recorded ahead
        try await phone.synchronize()
        var grace = await fixture.grace()
        _ = await grace.get("/team/patients/\(fixture.ada.id)")
        let sent = await grace.post("/team/patients/\(fixture.ada.id)/tasks/pills/notes", [("note", "Well done")])
        #expect(sent.status == 303)
        try await phone.synchronize()
        #expect(try await phone.latestTaskVersion(id: "pills").notes?.map(\.content) == ["Well done"])
        let ninth = try await phone.fetchAnyEvents(query: OCKEventQuery(dateInterval: DateInterval(start: T.date(9, 0), duration: 86_400)))
        #expect(ninth.first?.outcome != nil, "the entry recorded ahead is still shown")
    }

    @Test("A note to the patient: an OCKNote on the task signed by the clinician, synced down; empty or too long is refused in words")
    func note() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        let path = "/team/patients/\(fixture.ada.id)/tasks/pills/notes"
        #expect(await grace.get("/team/patients/\(fixture.ada.id)").bodyText?.contains(#"action="\#(path)""#) == true)
        let empty = await grace.post(path, [("note", "  ")])
        #expect(empty.status == 400 && empty.bodyText?.contains("The note is empty") == true)
        let long = await grace.post(path, [("note", String(repeating: "a", count: 2_001))])
        #expect(long.status == 400 && long.bodyText?.contains("at most 2,000 characters") == true)
        let sent = await grace.post(path, [("note", "Take them with water <b>please</b>")])
        #expect(sent.status == 303 && sent.header("Location") == "/team/patients/\(fixture.ada.id)?changed=note")
        let pills = try await Self.onAdasDevice(fixture, "pills")
        let note = try #require(pills.notes?.last)
        #expect(note.content == "Take them with water <b>please</b>" && note.author == "grace@clinic.example" && note.title == "2025-01-07 12:00")
        #expect(pills.effectiveDate == T.date(7, 12) && pills.schedule.elements.first?.start == T.date(1, 8), "the plan is unchanged")
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1).first?.action == "wrote a note about pills: “Take them with water <b>please</b>”")
        let day = try #require(await grace.get("/team/patients/\(fixture.ada.id)?changed=note").bodyText)
        #expect(day.contains("The note is sent") && day.contains("“Take them with water &lt;b&gt;please&lt;/b&gt;” — grace@clinic.example, 2025-01-07 12:00"), "the notes sent are listed")
    }

    @Test("Every new route needs the session, the CSRF token and an assigned patient and task; nothing leaks, nothing is written")
    func access() async throws {
        let fixture = try await F.make()
        var alan = fixture.client(), grace = fixture.client(), stranger = fixture.client()
        await alan.signIn("alan@clinic.example", F.alanPassword)
        await grace.signIn("grace@clinic.example", F.gracePassword)
        let ada = fixture.ada.id, missing = fixture.ada.id + 1_000
        let notFound = await alan.get("/team/patients/\(missing)")
        let fields = [("title", "Walk"), ("times", "08:00"), ("note", "x")]
        for suffix in ["tasks/new", "tasks/pills/schedule"] {
            for id in [ada, missing] {
                let shown = await alan.get("/team/patients/\(id)/\(suffix)")
                #expect(shown.status == 404 && shown.bodyText == notFound.bodyText, "\(suffix)")
                #expect(await alan.post("/team/patients/\(id)/\(suffix)", fields).bodyText == notFound.bodyText)
            }
            #expect(await stranger.get("/team/patients/\(ada)/\(suffix)").status == 303)
            #expect(await stranger.post("/team/patients/\(ada)/\(suffix)", fields).status == 403)
            #expect(await grace.post("/team/patients/\(ada)/\(suffix)", fields, csrf: false).status == 403)
        }
        #expect(await alan.post("/team/patients/\(ada)/tasks/pills/notes", fields).bodyText == notFound.bodyText)
        #expect(await grace.post("/team/patients/\(ada)/tasks/pills/notes", fields, csrf: false).status == 403)
        #expect(await stranger.post("/team/patients/\(ada)/tasks/pills/notes", fields).status == 403)
        for suffix in ["tasks/nothing/schedule"] {
            #expect(await grace.get("/team/patients/\(ada)/\(suffix)").bodyText == notFound.bodyText)
        }
        #expect(await grace.post("/team/patients/\(ada)/tasks/nothing/notes", fields).bodyText == notFound.bodyText)
        let pills = try await Self.onAdasDevice(fixture, "pills")
        #expect(pills.notes == nil && pills.effectiveDate == T.date(1, 8), "nothing was written")
        let device = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await device.synchronize()
        #expect(try await device.fetchTasks(query: OCKTaskQuery()).map(\.id).sorted() == ["pills", "temperature"], "no task was added")
        #expect(try fixture.service.storage.auditTrail(patient: ada, limit: 5).isEmpty)
    }

    @Test("Failed sign-ins are counted in storage: a second server on the same database makes the pair wait too")
    func sharedLimits() async throws {
        let fixture = try await F.make()
        var policy = SyncTeamDashboard.Policy()
        policy.passwordLimits = .minimum
        var other = HTTPRouter()
        SyncTeamDashboard(service: fixture.service, calendar: T.calendar, secure: false, policy: policy, clock: fixture.clock.function, log: { _ in })
            .addRoutes(to: &other)
        var here = fixture.client(address: "198.51.100.1")
        for _ in 0..<2 { #expect(await here.signIn("grace@clinic.example", "guess guess guess").status == 401) }
        var there = TeamClient(other, address: "198.51.100.1")
        #expect(await there.signIn("grace@clinic.example", "guess guess guess").status == 401)
        let waiting = await there.signIn("grace@clinic.example", F.gracePassword)
        #expect(waiting.status == 429 && waiting.bodyText?.contains("Wait 15 seconds") == true)
        #expect(await here.signIn("grace@clinic.example", F.gracePassword).status == 429)
        fixture.clock.advance(16)
        #expect(await there.signIn("grace@clinic.example", F.gracePassword).status == 303)
    }
}
