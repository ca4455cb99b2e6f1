import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// Store → FHIR → a new store: the same patient, plan, contacts and tasks (every version), and
/// over two years exactly the same events with the same outcomes and values — in three time
/// zones (New York and Lord Howe Island change their clocks, by an hour and by half an hour on
/// different days; Kolkata does not).
@Suite("FHIR round trip")
struct RoundTripTests {
    static let zones = ["America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]

    /// A store with every kind of schedule element the store supports and outcomes of every type.
    static func plan(in zoneName: String) async throws -> OCKStore {
        let calendar = Fixture.calendar(zoneName)
        let zone = calendar.timeZone
        func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
            Fixture.date(calendar, year, month, day, hour, minute)
        }
        func element(_ start: Date, _ interval: DateComponents, minutes: Double = 60, allDay: Bool = false, end: Date? = nil, text: String? = nil, targets: [OCKOutcomeValue] = [])
            -> OCKScheduleElement
        {
            OCKScheduleElement(start: start, end: end, interval: interval, text: text, targetValues: targets, duration: allDay ? .allDay : .minutes(minutes), calendar: calendar)
        }
        let store = Fixture.store("round-trip-\(zoneName)-\(UUID().uuidString)")
        var patient = OCKPatient(id: "ada", givenName: "Ada", familyName: "Lovelace")
        patient.name.middleName = "Augusta"
        patient.name.nickname = "Ada"
        patient.sex = .other("intersex")
        patient.birthday = at(1815, 12, 10)
        patient.allergies = ["Penicillin", "Peanuts"]
        patient.timezone = zone
        patient.effectiveDate = at(2025, 12, 1)
        patient = try await store.addPatient(patient)

        var plan = OCKCarePlan(id: "recovery plan #1", title: "Recovery", patientUUID: patient.uuid)
        plan.timezone = zone
        plan.effectiveDate = at(2025, 12, 1)
        plan.notes = [OCKNote(author: "Dr. Who", title: "Start", content: "Begin gently.")]
        plan = try await store.addCarePlan(plan)

        var doctor = OCKContact(id: "dr-who", givenName: "John", familyName: "Smith", carePlanUUID: plan.uuid)
        doctor.category = .careProvider
        doctor.title = "Cardiologist"
        doctor.role = "Looks after the heart"
        doctor.organization = "Gallifrey Clinic"
        doctor.phoneNumbers = [OCKLabeledValue(label: "work", value: "+1 555 0100")]
        doctor.emailAddresses = [OCKLabeledValue(label: "email", value: "who@example.com")]
        doctor.address = OCKPostalAddress(
            street: "1 Police Box Lane\nFloor 2", city: "London", state: "", postalCode: "NW1", country: "United Kingdom", isoCountryCode: "GB", subLocality: "Marylebone")
        doctor.timezone = zone
        doctor.effectiveDate = at(2025, 12, 1)
        var friend = OCKContact(id: "amy", givenName: "Amy", familyName: "Pond", carePlanUUID: plan.uuid)
        friend.category = .friendsAndFamily
        friend.role = "Friend"
        friend.messagingNumbers = [OCKLabeledValue(label: "mobile", value: "+44 7700 900000")]
        friend.timezone = zone
        friend.effectiveDate = at(2025, 12, 1)
        try await store.addContacts([doctor, friend])

        let daily = DateComponents(day: 1), weekly = DateComponents(weekOfYear: 1)
        func task(_ id: String, _ elements: [OCKScheduleElement], effective: Date? = nil, onPlan: Bool = true) -> OCKTask {
            var task = OCKTask(id: id, title: id.capitalized, carePlanUUID: onPlan ? plan.uuid : nil, schedule: OCKSchedule(composing: elements))
            task.timezone = zone
            task.effectiveDate = effective ?? task.schedule.startDate()
            return task
        }
        var temperature = task(
            "temperature",
            [
                element(
                    at(2026, 1, 1, 8), daily, minutes: 30, text: "Oral",
                    targets: [
                        OCKOutcomeValue(95.0, units: "°F", kind: "temperature", createdDate: at(2026, 1, 1)), OCKOutcomeValue(100.3, units: "°F", kind: "temperature", createdDate: at(2026, 1, 1))
                    ])
            ])
        temperature.loincCode = "8310-5"
        temperature.instructions = "By mouth."
        temperature.impactsAdherence = false
        temperature.tags = ["assessment", "vitals"]
        temperature.groupIdentifier = "vitals"
        temperature.userInfo = ["carekit.reminder.minutesBefore": "15", "empty": ""]
        temperature.asset = "thermometer"
        temperature.notes = [OCKNote(author: nil, title: nil, content: "Before breakfast")]
        temperature.source = "clinic"
        var tasks = [
            temperature,
            task("twice-a-day", [element(at(2026, 1, 1, 8), daily), element(at(2026, 1, 1, 20), daily)]),
            // 02:30 does not exist where clocks go forward; 01:30 happens twice where they go back.
            task("skipped-time", [element(at(2026, 1, 1, 2, 30), daily, minutes: 30)]),
            task("repeated-time", [element(at(2026, 1, 1, 1, 30), daily, minutes: 30)]),
            task("every-3-days", [element(at(2026, 1, 2, 7, 15), DateComponents(day: 3), minutes: 15)]),
            task("mon-and-thu", [element(at(2026, 1, 5, 9), weekly), element(at(2026, 1, 8, 9), weekly)]),
            task("mon-9-thu-18", [element(at(2026, 1, 5, 9), weekly), element(at(2026, 1, 8, 18), weekly, minutes: 45)]),
            task("every-2-weeks", [element(at(2026, 1, 7, 18), DateComponents(weekOfYear: 2), minutes: 45)]),
            task("the-31st", [element(at(2026, 1, 31, 10), DateComponents(month: 1))]),
            task("the-30th-every-2-months", [element(at(2026, 1, 30, 10), DateComponents(month: 2))]),
            task("leap-day", [element(at(2024, 2, 29, 12), DateComponents(year: 1))]),
            task("all-day", [element(at(2026, 1, 1), daily, allDay: true, text: "Any time")]),
            task("every-2-days-all-day", [element(at(2026, 1, 1), DateComponents(day: 2), allDay: true)]),
            task("weekly-all-day", [element(at(2026, 1, 6), weekly, allDay: true)]),
            task("every-8-hours", [element(at(2026, 1, 1, 6), DateComponents(hour: 8), minutes: 5)]),
            task("every-90-minutes", [element(at(2026, 1, 1, 6), DateComponents(minute: 90), minutes: 5, end: at(2026, 1, 20))]),
            task("day-and-an-hour", [element(at(2026, 1, 1, 6), DateComponents(day: 1, hour: 1), minutes: 10)]),
            task("ends-in-march", [element(at(2026, 1, 1, 12), daily, end: at(2026, 3, 15, 12))]),
            task("odd-start", [element(at(2026, 1, 1, 9).addingTimeInterval(0.123_456), daily, minutes: 1)]),
            task("unassigned", [element(at(2026, 1, 3, 21), daily)], onPlan: false),
            task("medication", [element(at(2026, 1, 1, 8), daily)])
        ]
        var mondays = task("sunday-weeks", [element(at(2026, 1, 5, 9), weekly)])
        mondays.schedule = OCKSchedule(
            composing: mondays.schedule.elements.map { element in
                var changed = element
                changed.calendar.firstWeekday = 2
                changed.calendar.minimumDaysInFirstWeek = 4
                return changed
            })
        tasks.append(mondays)
        let added = try await store.addTasks(tasks)

        // The medication moves to 09:00 and 21:00 from June 1st, and stops on March 1st 2027.
        guard var medication = added.first(where: { $0.id == "medication" }) else { throw OCKStoreError.fetchFailed(reason: "no medication") }
        medication.schedule = OCKSchedule(composing: [element(at(2026, 1, 1, 9), daily), element(at(2026, 1, 1, 21), daily)])
        medication.effectiveDate = at(2026, 6, 1)
        medication = try await store.updateTask(medication)
        medication.effectiveDate = at(2027, 3, 1)
        try await store.deleteTask(medication)

        // Outcomes: a value of every type, several values, none, on both medication versions.
        var events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: DateInterval(start: at(2026, 1, 1), end: at(2026, 7, 1))))
        events.sort { ($0.task.id, $0.scheduleEvent.start) < ($1.task.id, $1.scheduleEvent.start) }
        func values(for event: OCKEvent<OCKTask, OCKOutcome>, _ index: Int) -> [OCKOutcomeValue] {
            let when = event.scheduleEvent.start.addingTimeInterval(60.25)
            switch index % 9 {
            case 0: return [OCKOutcomeValue(98.6 + Double(index % 7) / 10, units: "°F", kind: "temperature", createdDate: when)]
            case 1: return [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: when)]
            case 2: return [OCKOutcomeValue(3, units: "tablets", kind: "dose", createdDate: when)]
            case 3: return [OCKOutcomeValue(7, units: nil, kind: "pain", createdDate: when)]
            case 4: return [OCKOutcomeValue("felt dizzy", units: nil, kind: "note", createdDate: when)]
            case 5:
                return [
                    OCKOutcomeValue(when.addingTimeInterval(-600), units: nil, kind: "taken at", createdDate: when),
                    OCKOutcomeValue(120.0, units: "mmHg", kind: "8480-6", createdDate: when), OCKOutcomeValue(80, units: "mmHg", kind: "8462-4", createdDate: when)
                ]
            case 6: return [OCKOutcomeValue(Data([0, 1, 2, 254]), units: nil, kind: "photo", createdDate: when)]
            case 7: return [OCKOutcomeValue("", units: nil, kind: nil, createdDate: when), OCKOutcomeValue(false, units: "flag", kind: nil, createdDate: when)]
            default: return []
            }
        }
        var outcomes: [OCKOutcome] = []
        for (index, event) in events.enumerated() where index % 5 == 0 {
            var outcome = OCKOutcome(taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence, values: values(for: event, index / 5))
            outcome.id = "outcome \(index)"
            outcome.timezone = zone
            outcome.effectiveDate = event.scheduleEvent.start.addingTimeInterval(120)
            outcome.tags = index % 2 == 0 ? ["from-phone"] : nil
            outcomes.append(outcome)
        }
        try await store.addOutcomes(outcomes)
        return store
    }

    static func everything(_ store: OCKStore, from start: Date, to end: Date) async throws -> (events: [EventSnapshot], versions: [TaskSnapshot]) {
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: DateInterval(start: start, end: end))).map(EventSnapshot.init)
        let versions = try await store.exportVersions().compactMap { entity -> OCKTask? in
            if case .task(let task) = entity { return task } else { return nil }
        }.map(TaskSnapshot.init).sorted { ($0.id, $0.effectiveDate) < ($1.id, $1.effectiveDate) }
        return (events, versions)
    }

    @Test("Two years of events, outcomes and values come back exactly", arguments: zones)
    func roundTrip(zoneName: String) async throws {
        let calendar = Fixture.calendar(zoneName)
        let original = try await Self.plan(in: zoneName)
        let (data, export) = try await Fixture.bundle(of: original)
        #expect(export.notes.isEmpty, "\(export.notes)")
        let (copy, result) = try await Fixture.imported(data, timeZone: .gmt)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.notes.isEmpty, "\(result.notes)")

        let (start, end) = (Fixture.date(calendar, 2026, 1, 1), Fixture.date(calendar, 2028, 1, 1))
        let before = try await Self.everything(original, from: start, to: end)
        let after = try await Self.everything(copy, from: start, to: end)
        #expect(before.events.count > 10_000, "two years of 22 tasks")
        #expect(before.events.filter { $0.values != nil }.count > 500)
        // Events that start together are ordered by their task's uuid, which a copy does not keep.
        let order = { (events: [EventSnapshot]) in events.sorted { ($0.task, $0.start, $0.occurrence) < ($1.task, $1.start, $1.occurrence) } }
        let (lhs, rhs) = (order(before.events), order(after.events))
        #expect(rhs.count == lhs.count)
        let perTask = { (events: [EventSnapshot]) in Dictionary(grouping: events, by: \.task).mapValues(\.count) }
        #expect(perTask(rhs) == perTask(lhs))
        if let index = lhs.indices.first(where: { $0 < rhs.count && lhs[$0] != rhs[$0] }) {
            Issue.record("event \(index): \(lhs[index]) became \(rhs[index])")
        }
        #expect(after.versions.count == before.versions.count)
        for (lhs, rhs) in zip(before.versions, after.versions) where lhs != rhs {
            Issue.record("task \(lhs.id) version of \(lhs.effectiveDate): \(lhs) became \(rhs)")
        }

        let patients = try await (original.fetchPatients(query: OCKPatientQuery()), copy.fetchPatients(query: OCKPatientQuery()))
        #expect(patients.1.map(\.name) == patients.0.map(\.name))
        #expect(patients.1.map(\.sex) == patients.0.map(\.sex))
        #expect(patients.1.map(\.birthday) == patients.0.map(\.birthday))
        #expect(patients.1.map(\.allergies) == patients.0.map(\.allergies))
        let contacts = try await (original.fetchContacts(query: OCKContactQuery()), copy.fetchContacts(query: OCKContactQuery()))
        for (lhs, rhs) in zip(contacts.0.sorted { $0.id < $1.id }, contacts.1.sorted { $0.id < $1.id }) {
            #expect(
                [lhs.name, lhs.category as Any, lhs.title as Any, lhs.role as Any, lhs.organization as Any].map { "\($0)" }
                    == [rhs.name, rhs.category as Any, rhs.title as Any, rhs.role as Any, rhs.organization as Any].map { "\($0)" })
            #expect(lhs.address == rhs.address && lhs.phoneNumbers == rhs.phoneNumbers && lhs.messagingNumbers == rhs.messagingNumbers && lhs.emailAddresses == rhs.emailAddresses)
        }
        #expect(contacts.1.count == 2)
        let plans = try await copy.fetchCarePlans(query: OCKCarePlanQuery())
        #expect(plans.map(\.id) == ["recovery plan #1"] && plans.first?.notes == [OCKNote(author: "Dr. Who", title: "Start", content: "Begin gently.")])
        #expect(contacts.1.allSatisfy { $0.carePlanUUID == plans.first?.uuid })

        // Exported again, the copy gives the same FHIR, byte for byte.
        let again = try await Fixture.bundle(of: copy).data
        if let difference = firstDifference(String(decoding: data, as: UTF8.self), String(decoding: again, as: UTF8.self)) {
            Issue.record("the second export differs at \(difference)")
        }
    }
}
