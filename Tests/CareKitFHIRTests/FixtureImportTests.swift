import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// Care plans written by someone else, after FHIR's own Timing examples (Tests/CareKitFHIRTests/
/// Fixtures): each imports with exactly the events a person reading the Timing expects.
@Suite("FHIR care plans from elsewhere")
struct FixtureImportTests {
    static let newYork = Fixture.calendar("America/New_York")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Fixture.root.appendingPathComponent("Tests/CareKitFHIRTests/Fixtures/\(name).json"))
    }

    /// The fixture imported (in `zone` where it names none), and its events in March 2025 and
    /// around it, as "task yyyy-MM-dd HH:mm–HH:mm" in New York.
    static func events(_ name: String, zone: String = "America/New_York") async throws -> (lines: [String], store: OCKStore, result: OCKFHIRImport) {
        let (store, result) = try await Fixture.imported(try fixture(name), timeZone: Fixture.zone(zone))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let interval = DateInterval(start: Fixture.date(newYork, 2025, 2, 1), end: Fixture.date(newYork, 2025, 5, 1))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let time = DateFormatter()
        time.locale = formatter.locale
        time.timeZone = formatter.timeZone
        time.dateFormat = "HH:mm"
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: interval))
            .sorted { ($0.task.id, $0.scheduleEvent.start) < ($1.task.id, $1.scheduleEvent.start) }
        let lines = events.map { event in
            "\(event.task.id) \(formatter.string(from: event.scheduleEvent.start))–\(time.string(from: event.scheduleEvent.end))" + (event.outcome.map { " \($0.values.map(\.description))" } ?? "")
        }
        return (lines, store, result)
    }

    /// The latest version of a task, whatever today is.
    static func task(_ id: String, in store: OCKStore) async throws -> OCKTask {
        try #require(try await store.fetchTasks(query: OCKTaskQuery(id: id)).first)
    }

    @Test("Twice a day for 10 days: 08:00 and 20:00 from the plan's first day, across the change to summer time")
    func twiceADayForTenDays() async throws {
        let (lines, store, _) = try await Self.events("twice-a-day-for-10-days")
        let expected = (3...12).flatMap { day in
            ["08:00–09:00", "20:00–21:00"].map { "antibiotic.activity-1 2025-03-\(String(format: "%02d", day)) \($0)" }
        }
        #expect(lines == expected)
        let task = try await Self.task("antibiotic.activity-1", in: store)
        #expect(task.title == "Amoxicillin 500 mg" && task.instructions == "One capsule with water.")
        #expect(try await store.fetchCarePlans(query: OCKCarePlanQuery(id: "antibiotic")).first?.title == "Amoxicillin course")
    }

    @Test("Every Monday and Thursday at 09:00 through March, 45 minutes each")
    func mondayAndThursday() async throws {
        let (lines, store, _) = try await Self.events("monday-and-thursday-at-9")
        #expect(lines == [3, 6, 10, 13, 17, 20, 24, 27, 31].map { "physiotherapy.activity-1 2025-03-\(String(format: "%02d", $0)) 09:00–09:45" })
        // What CareKit does not use is kept, and written again on export.
        let (data, _) = try await Fixture.bundle(of: store)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"Rehabilitation\"") && text.contains("\"At home\""), "the plan's category and the activity's location survive")
    }

    @Test("BID (the Timing's code alone) from 09:00: 09:00 and 21:00; the patient, an allergy and a dose arrive with it")
    func bid() async throws {
        // The Timing names New York: importing elsewhere changes nothing.
        let (lines, store, result) = try await Self.events("bid", zone: "Asia/Tokyo")
        #expect(result.notes.isEmpty, "\(result.notes)")
        #expect(
            lines == [
                "inhaler.activity-1 2025-03-01 09:00–10:00", "inhaler.activity-1 2025-03-01 21:00–22:00",
                "inhaler.activity-1 2025-03-02 09:00–10:00 [\"Yes\"]", "inhaler.activity-1 2025-03-02 21:00–22:00",
                "inhaler.activity-1 2025-03-03 09:00–10:00", "inhaler.activity-1 2025-03-03 21:00–22:00"
            ])
        let patient = try #require(try await store.fetchPatients(query: OCKPatientQuery(id: "p1")).first)
        #expect(patient.name.givenName == "Peter" && patient.name.middleName == "James" && patient.name.familyName == "Chalmers" && patient.name.nickname == "Jim")
        #expect(patient.sex == .male && patient.allergies == ["Allergy to penicillin"])
        #expect(try await store.fetchCarePlans(query: OCKCarePlanQuery(id: "inhaler")).first?.patientUUID == patient.uuid)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).map(\.id) == ["dose-2"])
    }

    @Test("Every 8 hours, 9 times: absolute hours, so 06:00 becomes 07:00 when clocks go forward")
    func everyEightHours() async throws {
        let (lines, _, _) = try await Self.events("every-8-hours")
        #expect(
            lines
                == [
                    "2025-03-08 06:00–07:00", "2025-03-08 14:00–15:00", "2025-03-08 22:00–23:00", "2025-03-09 07:00–08:00", "2025-03-09 15:00–16:00",
                    "2025-03-09 23:00–00:00", "2025-03-10 07:00–08:00", "2025-03-10 15:00–16:00", "2025-03-10 23:00–00:00"
                ].map { "pain.activity-1 \($0)" })
    }

    @Test("Once a week for 6 weeks, by boundsDuration and by count; a temperature in °C placed on its event; the nurse on the care team")
    func onceAWeekForSixWeeks() async throws {
        let (lines, store, _) = try await Self.events("once-a-week-for-6-weeks")
        let sessions = ["02-26", "03-05", "03-12", "03-19", "03-26", "04-02"].map { "weekly.activity-2 2025-\($0) 10:00–11:00" }
        let temperatures = ["02-24", "03-03", "03-10", "03-17", "03-24", "03-31"].map { "weekly.activity-1 2025-\($0) 18:30–19:00" }
        #expect(lines == temperatures.enumerated().map { $0.offset == 1 ? $0.element + " [\"37.2 °C\"]" : $0.element } + sessions)
        let outcome = try #require(try await store.fetchOutcomes(query: OCKOutcomeQuery()).first)
        #expect(outcome.values.first?.doubleValue == 37.2 && outcome.values.first?.units == "°C")
        #expect(outcome.values.first?.createdDate == Fixture.date(Self.newYork, 2025, 3, 3, 18, 41), "issued is when the value was recorded")
        #expect(try await Self.task("weekly.activity-1", in: store).loincCode == "8310-5")
        let nurse = try #require(try await store.fetchContacts(query: OCKContactQuery(id: "nurse")).first)
        #expect(nurse.category == .careProvider && nurse.title == "Nurse" && nurse.name.namePrefix == "Ms.")
        #expect(nurse.phoneNumbers == [OCKLabeledValue(label: "work", value: "+44 20 7946 0000")])
        #expect(nurse.address?.street == "St Thomas' Hospital\nWestminster Bridge Road" && nurse.address?.postalCode == "SE1 7EH")
        #expect(try await nurse.carePlanUUID == store.fetchCarePlans(query: OCKCarePlanQuery(id: "weekly")).first?.uuid)
    }
}
