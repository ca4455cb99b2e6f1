import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// What a hospital's system files without a human: every measurement the app knows coded with
/// LOINC and UCUM under vital-signs, whoever made the task; when it was measured and when it was
/// recorded; its reference range and whether it is high or low; every reading of an event; and
/// timestamps any R4 validator accepts.
@Suite("FHIR coding of measurements")
struct CodingTests {
    static let calendar = Fixture.calendar("America/New_York")
    static let day = Fixture.date(calendar, 2025, 1, 20)

    /// A task as `carekit plan add` or the plan editor makes it: a title, units in its targets,
    /// no LOINC code; values without a kind, as `carekit log` writes them.
    static func export(
        title: String, targets: [OCKOutcomeValue], values: [OCKOutcomeValue], extra: (OCKOutcome) -> [OCKOutcome] = { _ in [] },
        identity: OCKFHIRPatientIdentity? = nil
    ) async throws -> [FHIRObservation] {
        let store = Fixture.store()
        let task = OCKTask(
            id: "task", title: title, carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 8, minutes: 0, start: day, end: nil, text: nil, targetValues: targets, calendar: calendar))
        let added = try await store.addTask(task)
        var outcome = try await store.addOutcome(OCKOutcome(taskUUID: added.uuid, taskOccurrenceIndex: 0, values: values))
        outcome.createdDate = Fixture.date(calendar, 2025, 1, 20, 10, 30)
        var entities = try await store.exportVersions().map { entity -> OCKEntity in
            if case .outcome = entity { return .outcome(outcome) }
            return entity
        }
        entities += extra(outcome).map { .outcome($0) }
        return OCKFHIRExporter(now: Fixture.now, patient: identity).export(entities).resources.compactMap { resource in
            guard case .observation(let observation) = resource.content else { return nil }
            return observation
        }
    }

    static func value(_ number: Double, _ units: String?, kind: String? = nil, minute: Int = 5) -> OCKOutcomeValue {
        OCKOutcomeValue(number, units: units, kind: kind, createdDate: Fixture.date(calendar, 2025, 1, 20, 9, minute))
    }

    static func codes(_ concept: FHIRCodeableConcept?) -> [String] {
        (concept?.coding ?? []).compactMap { $0.system == "http://loinc.org" ? $0.code : nil }
    }

    @Test("A temperature logged without a kind: 8310-5, vital-signs, [degF], measured at 09:05, recorded at 10:30, 95–100.4 °F, high")
    func temperature() async throws {
        let observations = try await Self.export(
            title: "Temperature", targets: [Self.value(95, "°F"), Self.value(100.4, "°F")], values: [Self.value(103.1, "°F")])
        let observation = try #require(observations.first)
        #expect(Self.codes(observation.code) == ["8310-5"])
        #expect(observation.category?.first?.coding?.first?.code == "vital-signs")
        guard case .quantity(let quantity)? = observation.value else {
            Issue.record("no valueQuantity")
            return
        }
        #expect(quantity.value == 103.1 && quantity.system == "http://unitsofmeasure.org" && quantity.code == "[degF]")
        #expect(observation.effectiveDateTime == "2025-01-20T09:05:00-05:00", "when it was measured, not the 08:00 event")
        #expect(observation.issued == "2025-01-20T10:30:00-05:00", "when it was recorded")
        let range = try #require(observation.referenceRange?.first)
        #expect(range.low?.value == 95 && range.high?.value == 100.4 && range.high?.code == "[degF]")
        #expect(observation.interpretation?.first?.coding?.first?.code == "H")
        #expect(observation.interpretation?.first?.coding?.first?.system == "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation")
    }

    @Test("Pulse, weight in lb, glucose in mmol/L, oxygen: each its own LOINC code and UCUM unit; low and normal")
    func otherKinds() async throws {
        let cases: [(String, String, Double, String, String, String)] = [
            ("Pulse", "bpm", 48, "8867-4", "/min", "L"), ("Weight", "lb", 180, "29463-7", "[lb_av]", "N"),
            ("Blood sugar", "mmol/L", 5.2, "15074-8", "mmol/L", "N"), ("SpO2", "%", 97, "59408-5", "%", "N")
        ]
        for (title, units, number, loinc, ucum, flag) in cases {
            let targets = [Self.value(flag == "L" ? 50 : number - 1, units), Self.value(number + 10, units)]
            let observation = try #require(try await Self.export(title: title, targets: targets, values: [Self.value(number, units)]).first)
            #expect(Self.codes(observation.code) == [loinc], "\(title)")
            if case .quantity(let quantity)? = observation.value { #expect(quantity.code == ucum, "\(title)") } else { Issue.record("\(title): no quantity") }
            #expect(observation.interpretation?.first?.coding?.first?.code == flag, "\(title)")
        }
    }

    @Test("Blood pressure: the panel 85354-9 with systolic 8480-6 and diastolic 8462-4 in mm[Hg]; a systolic alone is 8480-6")
    func bloodPressure() async throws {
        let targets = [Self.value(90, "mmHg", kind: "systolic"), Self.value(140, "mmHg", kind: "systolic"), Self.value(60, "mmHg", kind: "diastolic"), Self.value(90, "mmHg", kind: "diastolic")]
        let panel = try #require(
            try await Self.export(title: "Blood pressure", targets: targets, values: [Self.value(152, "mmHg", kind: "systolic"), Self.value(85, "mmHg", kind: "diastolic")]).first)
        #expect(Self.codes(panel.code) == ["85354-9"] && panel.value == nil)
        #expect(panel.category?.first?.coding?.first?.code == "vital-signs")
        let components = try #require(panel.component)
        #expect(components.map { Self.codes($0.code) } == [["8480-6"], ["8462-4"]])
        #expect(components.map { $0.interpretation?.first?.coding?.first?.code } == ["H", "N"])
        #expect(
            components.allSatisfy { component in
                if case .quantity(let quantity)? = component.value { return quantity.code == "mm[Hg]" }
                return false
            })
        let systolic = try #require(try await Self.export(title: "Blood pressure", targets: targets, values: [Self.value(120, "mmHg", kind: "systolic")]).first)
        #expect(Self.codes(systolic.code) == ["8480-6"], "a systolic pressure alone is not the panel")
        #expect(systolic.interpretation?.first?.coding?.first?.code == "N")
    }

    @Test("Something the app does not know is coded by its title only, in no category")
    func unknown() async throws {
        let observation = try #require(try await Self.export(title: "Push-ups", targets: [], values: [OCKOutcomeValue(20, units: nil)]).first)
        #expect(Self.codes(observation.code).isEmpty && observation.code?.text == "Push-ups" && observation.category == nil)
        #expect(observation.referenceRange == nil && observation.interpretation == nil)
    }

    @Test("Two readings of one event recorded on two devices while apart: two Observations")
    func concurrentReadings() async throws {
        let observations = try await Self.export(title: "Temperature", targets: [], values: [Self.value(99.1, "°F")]) { outcome in
            var second = outcome
            second.id = "second-device"
            second.uuid = UUID()
            second.values = [Self.value(101.9, "°F", minute: 7)]
            return [second]
        }
        let numbers = observations.compactMap { observation -> Double? in
            if case .quantity(let quantity)? = observation.value { return quantity.value }
            return nil
        }
        #expect(numbers.sorted() == [99.1, 101.9])
    }

    @Test("Both readings of one event come back from FHIR as two outcomes of that event; the store shows the first")
    func concurrentReadingsRoundTrip() async throws {
        let store = Fixture.store()
        let task = try await store.addTask(
            OCKTask(id: "temp", title: "Temperature", carePlanUUID: nil, schedule: .dailyAtTime(hour: 8, minutes: 0, start: Self.day, end: nil, text: nil, calendar: Self.calendar)))
        let first = try await store.addOutcome(OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 0, values: [Self.value(99.1, "°F")]))
        var second = first
        second.id = "second-device"
        second.uuid = UUID()
        second.createdDate = Fixture.now.addingTimeInterval(60)
        second.values = [Self.value(101.9, "°F", minute: 7)]
        let entities = try await store.exportVersions() + [.outcome(second)]
        let data = try OCKFHIRExporter(now: Fixture.now).export(entities).collection(timestamp: Fixture.now).jsonData()
        let (copy, result) = try await Fixture.imported(data)
        #expect(result.problems.isEmpty && result.notes.isEmpty, "\(result.problems) \(result.notes)")
        let interval = DateInterval(start: Self.day, end: Self.day.addingTimeInterval(86_400))
        let readings = try await copy.fetchConcurrentOutcomes(taskIDs: ["temp"], dateInterval: interval).flatMap(\.values).compactMap(\.doubleValue)
        let stored = try await copy.fetchOutcomes(query: OCKOutcomeQuery()).flatMap(\.values).compactMap(\.doubleValue)
        #expect(stored.sorted() == [99.1, 101.9], "two outcomes, one reading each: \(stored)")
        #expect(readings == [101.9], "the event shows the one recorded first; the other is the concurrent reading")
    }

    @Test("Every timestamp has at most three fractional digits, and exact dates still come back exactly")
    func timestamps() async throws {
        let odd = Fixture.date(Self.calendar, 2025, 1, 20, 9, 5).addingTimeInterval(0.385_233_759_880_065_9)
        let store = Fixture.store(now: Fixture.now.addingTimeInterval(0.123_456_789))
        let task = try await store.addTask(
            OCKTask(id: "temp", title: "Temperature", carePlanUUID: nil, schedule: .dailyAtTime(hour: 8, minutes: 0, start: odd, end: nil, text: nil, calendar: Self.calendar)))
        try await store.addOutcome(OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 0, values: [OCKOutcomeValue(99.5, units: "°F", kind: nil, createdDate: odd)]))
        let (data, _) = try await Fixture.bundle(of: store, now: Fixture.now.addingTimeInterval(0.987_654_321))
        let text = String(decoding: data, as: UTF8.self)
        let long = text.range(of: #"T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{4,}"#, options: .regularExpression)
        #expect(long == nil, "a timestamp with more than three fractional digits: \(long.map { String(text[$0]) } ?? "")")
        #expect(text.contains("09:05:00.385-05:00"))
        let (copy, result) = try await Fixture.imported(data)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let outcome = try #require(try await copy.fetchOutcomes(query: OCKOutcomeQuery()).first)
        #expect(outcome.values.first?.createdDate == odd, "the exact date travels in the extension")
    }

    @Test("A store without OCKPatient exported for an account: its Patient with the MRN, and every subject names it")
    func accountPatient() async throws {
        let mrn = FHIRIdentifier(system: "urn:oid:1.2.36.146.595.217.0.1", value: "MRN-4711")
        let identity = OCKFHIRPatientIdentity(id: "account-3", name: "Ada Lovelace", identifiers: [mrn])
        let store = Fixture.store()
        let plan = try await store.addCarePlan(OCKCarePlan(id: "plan", title: "Plan", patientUUID: nil))
        let task = try await store.addTask(
            OCKTask(id: "temp", title: "Temperature", carePlanUUID: plan.uuid, schedule: .dailyAtTime(hour: 8, minutes: 0, start: Self.day, end: nil, text: nil, calendar: Self.calendar)))
        try await store.addOutcome(OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 0, values: [Self.value(99, "°F")]))
        let resources = OCKFHIRExporter(now: Fixture.now, patient: identity).export(try await store.exportVersions()).resources
        let patients = resources.compactMap { resource -> FHIRPatient? in
            if case .patient(let patient) = resource.content { return patient }
            return nil
        }
        #expect(patients.count == 1 && patients.first?.id == "account-3" && patients.first?.identifier == [mrn])
        #expect(patients.first?.name?.first?.text == "Ada Lovelace")
        let subjects = resources.compactMap { resource -> FHIRReference? in
            switch resource.content {
            case .carePlan(let plan): return plan.subject
            case .observation(let observation): return observation.subject
            default: return nil
            }
        }
        #expect(subjects.count == 2 && subjects.allSatisfy { $0.reference == "Patient/account-3" })
        let found = try OCKFHIRSearch(resourceType: "Patient", query: [(name: "identifier", value: "urn:oid:1.2.36.146.595.217.0.1|MRN-4711")]).matches(in: resources)
        #expect(found.count == 1)
    }

    @Test("Import keeps every identifier (Patient, CarePlan, Observation) and the Timing's code; export gives them back")
    func identifiersAndTimingCode() async throws {
        var bundle = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: Fixture.root.appendingPathComponent("Tests/CareKitFHIRTests/Fixtures/bid.json"))) as? [String: Any])
        var entries = try #require(bundle["entry"] as? [[String: Any]])
        for index in entries.indices {
            guard var resource = entries[index]["resource"] as? [String: Any], let type = resource["resourceType"] as? String else { continue }
            if type == "CarePlan" || type == "Observation" {
                resource["identifier"] = [
                    ["system": "https://hospital.example/\(type)", "value": "\(type)-77", "use": "official", "assigner": ["display": "St. Mary's"]]
                ]
            }
            entries[index]["resource"] = resource
        }
        bundle["entry"] = entries
        let (store, result) = try await Fixture.imported(try JSONSerialization.data(withJSONObject: bundle), timeZone: Fixture.zone("America/New_York"))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let (data, _) = try await Fixture.bundle(of: store)
        let text = String(decoding: data, as: UTF8.self)
        for expected in ["123-45-6789", "CarePlan-77", "Observation-77"] { #expect(text.contains(expected), "\(expected) was lost") }
        #expect(text.components(separatedBy: "St. Mary's").count == 3, "each identifier keeps its assigner")
        #expect(text.contains(#""code" : "BID""#), "the Timing's code was lost")
        let exported = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let urls = ((exported["entry"] as? [[String: Any]]) ?? []).map { entry -> Bool in
            let resource = entry["resource"] as? [String: Any]
            return entry["fullUrl"] as? String == "http://carekit.invalid/fhir/R4/\(resource?["resourceType"] as? String ?? "")/\(resource?["id"] as? String ?? "")"
        }
        #expect(!urls.isEmpty && urls.allSatisfy { $0 }, "every collection entry has its fullUrl")
    }
}
