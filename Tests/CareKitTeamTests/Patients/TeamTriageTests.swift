import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitSyncServer
@testable import CareKitTeam

/// Triage on the patient list: alerts judged by the task's definition on every reading,
/// ranked by severity, missed doses by the on-time window in the patient's time zone,
/// acknowledgments, and last contact beside last new data; on both storages.
@Suite("Care team triage")
struct TeamTriageTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    /// A zone's calendar.
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        return calendar
    }

    /// A service with Grace and the named patients assigned to her, and a dashboard whose
    /// clinic calendar is `clinic`.
    struct Clinic {
        let service: SyncService
        let clock: SyncTestClock
        let server: InProcessServer
        let router: HTTPRouter
        var tokens: [String: String] = [:]
        var ids: [String: Int64] = [:]

        init(patients: [String], clinic: Calendar = T.calendar, now: Date) async throws {
            clock = SyncTestClock(now)
            service = SyncService(storage: try T.makeStorage(), clock: clock.function)
            _ = try await service.addClinician(email: "grace@clinic.example", password: F.gracePassword, limits: .minimum)
            for name in patients {
                let (patient, token) = try service.addPatient(name: name)
                try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: name)
                tokens[name] = token
                ids[name] = patient.id
            }
            server = InProcessServer(service: service)
            var router = HTTPRouter()
            var policy = SyncTeamDashboard.Policy()
            policy.passwordLimits = .minimum
            SyncTeamDashboard(service: service, calendar: clinic, secure: false, policy: policy, clock: clock.function, log: { _ in }).addRoutes(to: &router)
            self.router = router
        }

        func device(_ name: String) -> OCKStore {
            OCKStore(name: "device", type: .inMemory, remote: server.remote(token: tokens[name] ?? "", pageSize: 2_000), clock: clock.function)
        }

        func grace() async -> TeamClient {
            var browser = TeamClient(router)
            await browser.signIn("grace@clinic.example", F.gracePassword)
            return browser
        }
    }

    /// A temperature task as the app and `carekit add-task` make it: targets of kind
    /// "temperature" (95–100.3 °F), daily at 9:00 for twelve hours.
    static func temperatureTask(calendar: Calendar = T.calendar) -> OCKTask {
        let targets = [95.0, 100.3].map { OCKOutcomeValue($0, units: "°F", kind: "temperature", createdDate: T.date(1, 0)) }
        let element = OCKScheduleElement(
            start: calendar.date(from: DateComponents(year: 2025, month: 1, day: 1, hour: 9)) ?? T.date(1, 9), end: nil, interval: DateComponents(day: 1),
            targetValues: targets, duration: .hours(12), calendar: calendar)
        var task = OCKTask(id: "temperature", title: "Temperature", carePlanUUID: nil, schedule: OCKSchedule(composing: [element]))
        task.timezone = calendar.timeZone
        task.impactsAdherence = false
        return task
    }

    /// A reading as `carekit log temperature 103.1 --unit °F` writes it: no kind.
    static func reading(_ task: OCKTask, day: Int, _ value: Double, recorded: Date) -> OCKOutcome {
        OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: day - 1, values: [OCKOutcomeValue(value, units: "°F", kind: nil, createdDate: recorded)])
    }

    @Test("A value without a kind (as carekit log, Apple's CareKit and FHIR import write it) is judged by its task's targets and alerts")
    func kindlessValueAlerts() async throws {
        let clinic = try await Clinic(patients: ["Ada"], now: T.date(7, 12))
        let phone = clinic.device("Ada")
        let task = try await phone.addTask(Self.temperatureTask())
        try await phone.addOutcome(Self.reading(task, day: 7, 103.1, recorded: T.date(7, 10)))
        try await phone.synchronize()

        var grace = await clinic.grace()
        let list = try #require(await grace.get("/team").bodyText)
        #expect(list.contains("Temperature on 2025-01-07: 103.1 °F is above the target range 95–100.3 °F."), "\(list)")
        #expect(list.contains(#"<span class="team-severity team-severity-high">Out of range</span>"#), "severity in colour and in words")
        let day = try #require(await grace.get("/team/patients/\(clinic.ids["Ada"] ?? 0)").bodyText)
        #expect(day.contains("Done: 103.1 °F (above target)"))
    }

    @Test("Two devices record one Temperature event while apart (99.1 °F, 101.9 °F): the alert fires on 101.9 and the day lists both readings")
    func everyReadingOfAnEvent() async throws {
        let clinic = try await Clinic(patients: ["Ada"], now: T.date(7, 12))
        let phone = clinic.device("Ada"), watch = clinic.device("Ada")
        let task = try await phone.addTask(Self.temperatureTask())
        try await phone.synchronize()
        try await watch.synchronize()
        // Apart: each records the same event, then both sync.
        try await phone.addOutcome(Self.reading(task, day: 7, 99.1, recorded: T.date(7, 9)))
        try await watch.addOutcome(Self.reading(task, day: 7, 101.9, recorded: T.date(7, 10)))
        try await phone.synchronize()
        try await watch.synchronize()
        try await phone.synchronize()

        var grace = await clinic.grace()
        let list = try #require(await grace.get("/team").bodyText)
        #expect(list.contains("Temperature on 2025-01-07: 101.9 °F is above the target range 95–100.3 °F."), "\(list)")
        let day = try #require(await grace.get("/team/patients/\(clinic.ids["Ada"] ?? 0)").bodyText)
        #expect(day.contains("99.1 °F") && day.contains("101.9 °F (above target)"), "both readings are listed: \(day)")
        #expect(day.contains("Also recorded on another device"))
    }

    @Test("A dose is missed only after its on-time window closes on the patient's today, in the patient's time zone, not the server's")
    func missedInThePatientsZone() async throws {
        let pacific = Self.calendar("America/Los_Angeles")
        func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            pacific.date(from: DateComponents(year: 2025, month: 1, day: day, hour: hour, minute: minute)) ?? .distantPast
        }
        // The server keeps UTC; 10:30 in Los Angeles is 18:30 there.
        let clinic = try await Clinic(patients: ["Ada"], clinic: Self.calendar("UTC"), now: at(7, 10, 30))
        let phone = clinic.device("Ada")
        func dose(_ id: String, hour: Int, duration: OCKScheduleElement.Duration = .seconds(0)) -> OCKTask {
            let element = OCKScheduleElement(start: at(1, hour), end: nil, interval: DateComponents(day: 1), duration: duration, calendar: pacific)
            var task = OCKTask(id: id, title: id, carePlanUUID: nil, schedule: OCKSchedule(composing: [element]))
            task.timezone = pacific.timeZone
            return task
        }
        for task in [dose("Aspirin", hour: 8), dose("Metformin", hour: 8, duration: .hours(3)), dose("Vitamins", hour: 10), dose("Evening pill", hour: 21)] {
            _ = try await phone.addTask(task)
        }
        try await phone.synchronize()

        var grace = await clinic.grace()
        let list = try #require(await grace.get("/team").bodyText)
        #expect(list.contains("Missed today: Aspirin, due 08:00."), "its window (7:00–9:00) is over: \(list)")
        #expect(!list.contains("Missed today: Metformin"), "due 8:00 for three hours: its window is open until 11:00")
        #expect(!list.contains("Missed today: Vitamins"), "due 10:00: on time until 11:00")
        #expect(!list.contains("Missed today: Evening pill"), "yesterday's 21:00 is the server's today (05:00 UTC) but not the patient's")

        clinic.clock.set(at(7, 11, 1))
        var again = await clinic.grace()
        let later = try #require(await again.get("/team").bodyText)
        #expect(later.contains("Missed today: Metformin, due 08:00.") && later.contains("Missed today: Vitamins, due 10:00."), "\(later)")
    }

    @Test("Patients are ranked by severity (out of range > missed medication > no data), then recency, never by the number of alerts")
    func severityRanking() async throws {
        let clinic = try await Clinic(patients: ["Ann", "Ben", "Cy", "Dee"], now: T.date(7, 12))
        // Ann never synchronized (no data). Ben missed two medications today.
        let ben = clinic.device("Ben")
        _ = try await ben.addTask(T.dailyTask("pills"))
        _ = try await ben.addTask(T.dailyTask("drops"))
        try await ben.synchronize()
        // Cy had a fever two days ago, Dee yesterday.
        for (name, day) in [("Cy", 5), ("Dee", 6)] {
            let device = clinic.device(name)
            let task = try await device.addTask(Self.temperatureTask())
            try await device.addOutcome(Self.reading(task, day: day, 101.5, recorded: T.date(day, 10)))
            try await device.synchronize()
        }

        var grace = await clinic.grace()
        let list = try #require(await grace.get("/team").bodyText)
        let order = ["Dee", "Cy", "Ben", "Ann"].map { list.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "Dee, Cy, Ben, Ann: \(order)")
        #expect(list.contains("Out of range") && list.contains(">Missed<") && list.contains(">No data<"))
        #expect(try #require(await grace.get("/team?sort=name").bodyText).range(of: ">Ann</a>")?.lowerBound ?? list.endIndex < list.endIndex)
    }

    @Test("Acknowledging an alert with a note: CSRF, who, when and the note in the audit; it stays quiet until a new reading fires")
    func acknowledge() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace(address: "192.0.2.44")
        let list = try #require(await grace.get("/team").bodyText)
        let fever = "Temperature on 2025-01-03: 101.2 °F is above the target range 95–100.3 °F."
        #expect(list.contains(fever) && list.contains(#"action="/team/patients/\#(fixture.ada.id)/alerts/acknowledge""#))
        let start = try #require(list.range(of: #"data-alert="range:"#))
        let key = String(list[list.index(start.lowerBound, offsetBy: 12)...].prefix { $0 != "\"" })
        let path = "/team/patients/\(fixture.ada.id)/alerts/acknowledge"
        let fields = [("alert", key), ("note", "Called Ada; recheck tomorrow"), ("back", "/team?sort=alerts&page=1")]

        #expect(await grace.post(path, fields, csrf: false).status == 403, "no acknowledgment without the form's token")
        #expect(await grace.post(path, [("alert", "range:nothing:0")]).status == 409, "an alert that is not raised")
        #expect(try #require(await grace.get("/team/patients/\(fixture.ada.id)").bodyText).contains(#"data-alert="\#(key)""#), "the patient's page shows the alert")
        let done = await grace.post(path, fields)
        #expect(done.status == 303 && done.header("Location") == "/team?sort=alerts&page=1")
        let trail = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1)
        #expect(trail.first?.action == "acknowledged the alert “\(fever)” with the note “Called Ada; recheck tomorrow”")
        #expect(trail.first?.clinicianEmail == "grace@clinic.example" && trail.first?.date == T.date(7, 12) && trail.first?.address == "192.0.2.44")

        let day = try #require(await grace.get("/team/patients/\(fixture.ada.id)").bodyText)
        #expect(!day.contains(#"data-alert="\#(key)""#) && day.contains("Missed today: pills, due 08:00."), "the patient's page shows the alerts not acknowledged")
        let quiet = try #require(await grace.get("/team").bodyText)
        #expect(!quiet.contains(fever) && quiet.contains("1 alert acknowledged"))
        var alan = fixture.client()
        await alan.signIn("alan@clinic.example", F.alanPassword)
        #expect(await alan.post(path, [("alert", key)]).status == 404, "another clinician's patient")
        // Bob has not synchronized for 5 days: with ?stale=6 that is no alert, so there is nothing to acknowledge.
        let bobPath = "/team/patients/\(fixture.bob.id)/alerts/acknowledge"
        let bobList = try #require(await alan.get("/team").bodyText)
        let silent = try #require(bobList.firstMatch(of: /data-alert="(silent:[0-9]+)"/)).1
        #expect(await alan.post(bobPath, [("alert", String(silent)), ("stale", "6")]).status == 409)
        #expect(await alan.post(bobPath, [("alert", String(silent)), ("stale", "5")]).status == 303)

        // Something new: another fever reading.
        let phone = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await phone.synchronize()
        let temperature = try await phone.fetchTask(withID: "temperature")
        try await phone.addOutcome(OCKOutcome(taskUUID: temperature.uuid, taskOccurrenceIndex: 5, values: [OCKOutcomeValue(102.4, units: "°F", kind: nil, createdDate: T.date(7, 11))]))
        try await phone.synchronize()
        let again = try #require(await grace.get("/team").bodyText)
        #expect(again.contains("Temperature on 2025-01-06: 102.4 °F is above") && !again.contains(fever), "the new reading alerts; the acknowledged one stays quiet")
    }

    @Test("Last contact (a sync with nothing new) and last new data are shown apart; contact is written when it moved by an hour, not anew by a server that starts again")
    func lastContact() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        let before = try #require(await grace.get("/team").bodyText)
        #expect(before.contains("Last contact") && before.contains("Last new data") && before.contains("2025-01-06 20:00"))

        let server = InProcessServer(service: fixture.service)
        let phone = T.device(server, token: fixture.adaToken, now: T.date(7, 12))
        let first = T.date(7, 12).addingTimeInterval(-30)
        fixture.clock.set(first)
        try await phone.synchronize()  // 11:59:30
        let clinician = try #require(try fixture.service.storage.clinician(email: "grace@clinic.example"))
        func stored() throws -> Date? { try fixture.service.storage.assignedPatientStates(of: clinician.id).first { $0.patient.id == fixture.ada.id }?.lastContact }
        #expect(try stored() == first)

        fixture.clock.set(T.date(7, 12).addingTimeInterval(40 * 60))
        try await phone.synchronize()  // 12:40, nothing new
        #expect(try stored() == first, "an idle sync 40 minutes later is not written…")
        grace = await fixture.grace()  // the session idled out meanwhile
        let row = try #require(await grace.get("/team").bodyText)
        #expect(row.contains(#"<td data-label="Last contact">2025-01-07 12:40</td>"#), "…but shown: \(row)")
        #expect(row.contains(#"<td data-label="Last new data">2025-01-06 20:00</td>"#))

        // Another server on the same storage (or this one started again) knows what storage
        // holds from the token: it does not write a contact that moved by less than an hour.
        let restarted = SyncService(storage: fixture.service.storage, clock: fixture.clock.function)
        let other = T.device(InProcessServer(service: restarted), token: fixture.adaToken, now: T.date(7, 12))
        fixture.clock.set(T.date(7, 12).addingTimeInterval(50 * 60))
        try await other.synchronize()
        #expect(try stored() == first)
        #expect(restarted.lastContact(patient: fixture.ada.id) == T.date(7, 12).addingTimeInterval(50 * 60))

        fixture.clock.set(first.addingTimeInterval(60 * 60))
        try await phone.synchronize()
        #expect(try stored() == first.addingTimeInterval(60 * 60), "an hour after the last write it is written")
    }
}

/// The demo's own measurement tasks from the dashboard.
@Suite("Care team: measurement tasks")
struct TeamMeasurementTaskTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    @Test("The demo's Pulse and Temperature: instructions and schedule can be changed from the dashboard; a refusal says why and which day works")
    func demoMeasurements() async throws {
        let clinic = try await TeamTriageTests.Clinic(patients: ["Ada"], now: T.date(7, 12))
        let phone = clinic.device("Ada")
        let plan = CarePlanData(startingInWeekOf: T.date(1), calendar: T.calendar)
        for task in plan.tasks(carePlanUUID: nil) where ["pulse", "temperature"].contains(task.id) { _ = try await phone.addTask(task) }
        let pulse = try await phone.fetchTask(withID: "pulse")
        var reading = OCKOutcome(taskUUID: pulse.uuid, taskOccurrenceIndex: 7, values: [OCKOutcomeValue(72.0, units: "bpm", kind: "pulse", createdDate: T.date(7, 10))])
        reading.effectiveDate = T.date(7, 10)
        try await phone.addOutcome(reading)
        try await phone.synchronize()

        var grace = await clinic.grace()
        let base = "/team/patients/\(clinic.ids["Ada"] ?? 0)/tasks"
        for id in ["pulse", "temperature"] {
            let form = await grace.get("\(base)/\(id)/schedule")
            #expect(form.status == 200, "\(id): \(form.bodyText ?? "")")
            let saved = await grace.post("\(base)/\(id)/instructions", [("instructions", "Sit down for five minutes first.")])
            #expect(saved.status == 303, "\(id): \(saved.bodyText ?? "")")
        }
        try await phone.synchronize()
        #expect(try await phone.fetchTask(withID: "temperature").instructions == "Sit down for five minutes first.")
        let temperature = try await phone.fetchTask(withID: "temperature")
        #expect(temperature.schedule.elements.first?.targetValues.compactMap(\.numericValue) == [95, 100.3], "the targets are kept")

        // A new time from tomorrow, with every other field as the form shows it.
        let form = try #require(await grace.get("\(base)/pulse/schedule").bodyText)
        var fields = Self.fields(of: form).filter { $0.0 != "csrf" && $0.0 != "times" && $0.0 != "from" }
        fields += [("times", "10:00"), ("from", "2025-01-08")]
        let moved = await grace.post("\(base)/pulse/schedule", fields)
        #expect(moved.status == 303, "\(moved.bodyText ?? "")")
        try await phone.synchronize()
        let newPulse = try await phone.fetchTask(withID: "pulse")
        #expect(newPulse.schedule.elements.first.map { T.calendar.component(.hour, from: $0.start) } == 10)
        #expect(newPulse.schedule.elements.first?.targetValues.compactMap(\.numericValue) == [40, 100], "the range is kept")
    }

    /// The fields a browser sends for a form's inputs (text and hidden, checked boxes, selected options, text areas).
    static func fields(of html: String) -> [(String, String)] {
        var result: [(String, String)] = []
        for match in html.matches(of: /<input([^>]*)>/) {
            let tag = String(match.1)
            guard let name = tag.firstMatch(of: /name="([^"]*)"/)?.1 else { continue }
            let value = tag.firstMatch(of: /value="([^"]*)"/).map { String($0.1) } ?? ""
            if tag.contains(#"type="checkbox""#) || tag.contains(#"type="radio""#) {
                guard tag.contains(" checked") else { continue }
            }
            result.append((String(name), value.replacingOccurrences(of: "&amp;", with: "&")))
        }
        for match in html.matches(of: /<select[^>]*name="([^"]*)"[^>]*>(.*?)<\/select>/.dotMatchesNewlines()) {
            if let option = match.2.firstMatch(of: /<option value="([^"]*)"[^>]*selected/) { result.append((String(match.1), String(option.1))) }
        }
        return result
    }
}
