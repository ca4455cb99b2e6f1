import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// The searches a FHIR read API answers, as pure functions over exported resources: the
/// matches, and pages of a searchset Bundle with their links.
@Suite("FHIR searches")
struct SearchTests {
    static let calendar = Fixture.calendar("America/New_York")

    /// Ada's plan: a daily pulse (LOINC 8867-4) measured on five days, and a walk done on two.
    static func resources() async throws -> [FHIRResource] {
        let store = Fixture.store()
        var patient = OCKPatient(id: "ada", givenName: "Ada", familyName: "Lovelace")
        patient.effectiveDate = Fixture.date(calendar, 2025, 1, 1)
        patient = try await store.addPatient(patient)
        var plan = OCKCarePlan(id: "heart", title: "Heart", patientUUID: patient.uuid)
        plan.effectiveDate = Fixture.date(calendar, 2025, 1, 1)
        plan = try await store.addCarePlan(plan)
        var pulse = OCKTask(
            id: "pulse", title: "Pulse", carePlanUUID: plan.uuid,
            schedule: .dailyAtTime(hour: 9, minutes: 0, start: Fixture.date(calendar, 2025, 1, 1), end: nil, text: nil, calendar: calendar))
        pulse.loincCode = "8867-4"
        let walk = OCKTask(
            id: "walk", title: "Walk", carePlanUUID: plan.uuid,
            schedule: .dailyAtTime(hour: 18, minutes: 0, start: Fixture.date(calendar, 2025, 1, 1), end: nil, text: nil, calendar: calendar))
        let tasks = try await store.addTasks([pulse, walk])
        let outcomes =
            (0..<5).map { day in
                OCKOutcome(
                    taskUUID: tasks[0].uuid, taskOccurrenceIndex: day,
                    values: [OCKOutcomeValue(60.0 + Double(day), units: "bpm", kind: nil, createdDate: Fixture.date(calendar, 2025, 1, 1 + day, 9, 5))])
            }
            + (0..<2).map { day in
                OCKOutcome(
                    taskUUID: tasks[1].uuid, taskOccurrenceIndex: day,
                    values: [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: Fixture.date(calendar, 2025, 1, 1 + day, 18, 30))])
            }
        try await store.addOutcomes(outcomes)
        return OCKFHIRExporter(now: Fixture.now).export(try await store.exportVersions()).resources
    }

    static func search(_ type: String, _ query: [(String, String)], strict: Bool = false) throws(OCKFHIRCodingError) -> OCKFHIRSearch {
        try OCKFHIRSearch(resourceType: type, query: query.map { (name: $0.0, value: $0.1) }, timeZone: calendar.timeZone, strict: strict)
    }

    @Test("Patient by id, CarePlan by subject, Observation by subject, date range and code")
    func matches() async throws {
        let resources = try await Self.resources()
        #expect(try Self.search("Patient", [("_id", "ada")]).matches(in: resources).map(\.id) == ["ada"])
        #expect(try Self.search("CarePlan", [("subject", "Patient/ada")]).matches(in: resources).map(\.id) == ["heart"])
        #expect(try Self.search("CarePlan", [("subject", "bob")]).matches(in: resources).isEmpty)
        let pulses = try Self.search("Observation", [("subject", "ada"), ("date", "ge2025-01-02"), ("date", "le2025-01-03"), ("code", "http://loinc.org|8867-4")])
        let found = pulses.matches(in: resources)
        #expect(found.count == 2, "the pulses of January 2nd and 3rd")
        #expect(
            found.allSatisfy { resource in
                guard case .observation(let observation) = resource.content else { return false }
                return observation.effectiveDateTime?.hasPrefix("2025-01-02T09:05") == true || observation.effectiveDateTime?.hasPrefix("2025-01-03T09:05") == true
            })
        #expect(try Self.search("Observation", [("code", "8867-4"), ("date", "2025-01")]).matches(in: resources).count == 5)
        #expect(try Self.search("Observation", [("date", "lt2025-01-02")]).matches(in: resources).count == 2, "a pulse and a walk on January 1st")
        #expect(try Self.search("Observation", [("based-on", "CarePlan/heart")]).matches(in: resources).count == 7)
        #expect(try Self.search("Observation", [("code", "http://loinc.org|8310-5,http://loinc.org|8867-4")]).matches(in: resources).count == 5, "either code")
    }

    @Test("Pages of a searchset: total, entries with full URLs, self, next and previous links")
    func pages() async throws {
        let resources = try await Self.resources()
        let base = "https://clinic.example/fhir/R4"
        let first = try Self.search("Observation", [("subject", "Patient/ada"), ("_count", "3")])
        let matches = first.matches(in: resources)
        let page = first.page(of: matches, baseURL: base, timestamp: Fixture.now)
        #expect(page.type == "searchset" && page.total == 7 && page.entry?.count == 3)
        #expect(page.entry?.first?.fullUrl?.hasPrefix("\(base)/Observation/") == true && page.entry?.first?.search?.mode == "match")
        #expect(page.link?.map(\.relation) == ["self", "next"])
        #expect(page.link?.last?.url == "\(base)/Observation?subject=Patient/ada&_count=3&_offset=3")
        let last = try Self.search("Observation", [("subject", "Patient/ada"), ("_count", "3"), ("_offset", "6")])
        let lastPage = last.page(of: matches, baseURL: base, timestamp: Fixture.now)
        #expect(lastPage.entry?.count == 1 && lastPage.link?.map(\.relation) == ["self", "previous"])
        #expect(lastPage.link?.last?.url.hasSuffix("_offset=3") == true)
        let beyond = try Self.search("Observation", [("_offset", "100")]).page(of: matches, baseURL: base, timestamp: Fixture.now)
        #expect(beyond.entry == nil && beyond.total == 7)
    }

    @Test("Bad values are refused with the reason a client can act on; unknown parameters only when strict")
    func refusals() async throws {
        #expect(throws: OCKFHIRCodingError.self) { try Self.search("Encounter", []) }
        #expect(throws: OCKFHIRCodingError.self) { try Self.search("Observation", [("_count", "100000")]) }
        #expect(throws: OCKFHIRCodingError.self) { try Self.search("Observation", [("_offset", "-1")]) }
        #expect(throws: OCKFHIRCodingError.self) { try Self.search("Observation", [("date", "yesterday")]) }
        #expect(throws: OCKFHIRCodingError.self) { try Self.search("Observation", [("_lastUpdated", "soon")]) }
        #expect(throws: OCKFHIRCodingError.self) { try Self.search("CarePlan", [("code", "x")], strict: true) }
        do throws(OCKFHIRCodingError) {
            _ = try Self.search("Observation", [("colour", "red")], strict: true)
            Issue.record("an unknown parameter was accepted under strict handling")
        } catch {
            #expect(error.description.contains("no search parameter 'colour'"), "\(error)")
        }
        // FHIR's default (lenient): an unknown parameter is ignored, and left out of the self link.
        let resources = try await Self.resources()
        let lenient = try Self.search("Observation", [("colour", "red"), ("code", "8867-4"), ("_sort", "colour")])
        #expect(lenient.ignored == ["colour", "_sort"])
        #expect(lenient.matches(in: resources).count == 5)
        let page = lenient.page(of: lenient.matches(in: resources), baseURL: "https://h/fhir/R4", timestamp: Fixture.now)
        #expect(page.link?.first?.url == "https://h/fhir/R4/Observation?code=8867-4&_count=50&_offset=0")
    }

    @Test("category, status, _sort by date both ways, _lastUpdated, _count=0 and _summary=count, identifier")
    func moreParameters() async throws {
        let resources = try await Self.resources()
        func effective(_ found: [FHIRResource]) -> [String] {
            found.compactMap { resource in
                guard case .observation(let observation) = resource.content else { return nil }
                return observation.effectiveDateTime
            }
        }
        let vitals = try Self.search("Observation", [("category", "http://terminology.hl7.org/CodeSystem/observation-category|vital-signs")]).matches(in: resources)
        #expect(vitals.count == 5, "the pulses, not the walks")
        #expect(try Self.search("Observation", [("category", "vital-signs"), ("status", "final")]).matches(in: resources).count == 5)
        #expect(try Self.search("Observation", [("status", "amended")]).matches(in: resources).isEmpty)
        let rising = effective(try Self.search("Observation", [("_sort", "date")]).matches(in: resources))
        #expect(rising.count == 7 && rising == rising.sorted() && rising.first?.hasPrefix("2025-01-01T09:05") == true)
        let falling = effective(try Self.search("Observation", [("_sort", "-date")]).matches(in: resources))
        #expect(falling == Array(rising.reversed()))
        #expect(try Self.search("Observation", [("_lastUpdated", "ge2000-01-01")]).matches(in: resources).count == 7)
        #expect(try Self.search("Observation", [("_lastUpdated", "lt2000-01-01")]).matches(in: resources).isEmpty)
        for query in [[("_summary", "count")], [("_count", "0")]] {
            let search = try Self.search("Observation", query)
            #expect(search.countOnly)
            let page = search.page(of: search.matches(in: resources), baseURL: "https://h/fhir/R4", timestamp: Fixture.now)
            #expect(page.total == 7 && page.entry == nil && page.link?.map(\.relation) == ["self"])
        }
        #expect(try Self.search("Patient", [("identifier", "x|y")]).matches(in: resources).isEmpty)
    }
}

/// CareKit's coder API over the same mapping.
@Suite("OCKR4PatientCoder")
struct PatientCoderTests {
    @Test("A patient encodes as R4 JSON and decodes back; a Patient from elsewhere gets the source FHIR")
    func patient() throws {
        var patient = OCKPatient(id: "ada", givenName: "Ada", familyName: "Lovelace")
        patient.sex = .other("intersex")
        patient.timezone = Fixture.zone("Europe/London")
        patient.birthday = Fixture.date(Fixture.calendar("Europe/London"), 1815, 12, 10)
        patient.effectiveDate = Fixture.now
        let coder = OCKR4PatientCoder(timeZone: .gmt, now: Fixture.now)
        let data = try coder.encode(patient)
        let text = String(decoding: data.data, as: UTF8.self)
        #expect(text.contains(#""gender":"other""#) && text.contains(#""birthDate":"1815-12-10""#) && text.contains(#""family":"Lovelace""#))
        let back = try coder.decode(data)
        #expect(back.id == "ada" && back.name == patient.name && back.sex == .other("intersex") && back.birthday == patient.birthday)
        #expect(back.source == nil)
        let foreign = try coder.decode(OCKFHIRResourceData(data: Data(#"{"resourceType":"Patient","id":"p","gender":"unknown","birthDate":"1990-05-01"}"#.utf8)))
        #expect(foreign.source == "FHIR" && foreign.sex == .other("unknown") && foreign.effectiveDate == Fixture.now)
        #expect(throws: OCKFHIRCodingError.self) { try coder.decode(OCKFHIRResourceData(data: Data(#"{"resourceType":"Patient"}"#.utf8))) }
        #expect(throws: OCKFHIRCodingError.self) { try coder.decode(OCKFHIRResourceData(data: Data(#"{"resourceType":"Patient","id":7}"#.utf8))) }
    }
}
