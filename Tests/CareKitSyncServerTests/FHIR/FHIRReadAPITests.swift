import CareKitFHIR
import CareKitRemote
import CareKitStore
import CareKitSyncServer
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sync server's FHIR R4 read API over a real socket: what a hospital system reads with a
/// patient's device token is the patient's own store as FHIR, and nothing of anyone else's.
@Suite("Sync server: FHIR R4 read API")
struct FHIRReadAPITests {
    typealias T = SyncFixtures

    /// A server on loopback with Ada (a plan, a pulse task with its LOINC code, nine days of
    /// pulses, pushed by her phone) and Bob (nothing).
    struct Clinic {
        let server: SyncHTTPServer
        let port: Int
        let ada: String, bob: String
        let phone: OCKStore

        static func start() async throws -> Clinic {
            let service = try T.makeService()
            let ada = try service.addPatient(name: "Ada").token
            let bob = try service.addPatient(name: "Bob").token
            let server = SyncHTTPServer(service: service, port: 0, clock: { T.date(10) })
            let port = try server.start()
            let url = URL(string: "http://127.0.0.1:\(port)/")!
            let phone = OCKStore(name: "phone", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: ada), clock: { T.date(10) })
            var patient = OCKPatient(id: "ada", givenName: "Ada", familyName: "Lovelace")
            patient.timezone = T.calendar.timeZone
            let stored = try await phone.addPatient(patient)
            var plan = OCKCarePlan(id: "heart", title: "Heart care", patientUUID: stored.uuid)
            plan.timezone = T.calendar.timeZone
            let storedPlan = try await phone.addCarePlan(plan)
            var pulse = T.dailyTask("pulse")
            pulse.carePlanUUID = storedPlan.uuid
            pulse.loincCode = "8867-4"
            let task = try await phone.addTask(pulse)
            for day in 0..<9 {
                // Measured at 08:10 on the day of its event.
                let measured = T.calendar.date(byAdding: .minute, value: 10, to: T.date(day + 1, 8)) ?? T.date(day + 1, 8)
                var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: day, values: [OCKOutcomeValue(60 + day, units: "/min", kind: nil, createdDate: measured)])
                outcome.id = "pulse-\(day)"
                outcome.effectiveDate = T.date(1, 0)
                try await phone.addOutcome(outcome)
            }
            try await phone.synchronize()
            return Clinic(server: server, port: port, ada: ada, bob: bob, phone: phone)
        }

        /// `GET path` with a token; the status and the JSON object.
        func get(_ path: String, token: String?, scheme: String = "Bearer", prefer: String? = nil) async throws -> (status: Int, json: [String: Any], contentType: String) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            if let token { request.setValue("\(scheme) \(token)", forHTTPHeaderField: "Authorization") }
            if let prefer { request.setValue(prefer, forHTTPHeaderField: "Prefer") }
            let (data, response) = try await TestSession.shared.data(for: request)
            let http = response as? HTTPURLResponse
            return (
                http?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:],
                http?.value(forHTTPHeaderField: "Content-Type") ?? ""
            )
        }

        /// The ids of a searchset's entries, following `next` links to the end.
        func allPages(_ path: String, token: String) async throws -> (ids: [String], total: Int, pages: Int) {
            var ids: [String] = [], total = -1, pages = 0
            var next: String? = path
            while let current = next, pages < 50 {
                let page = try await get(current, token: token)
                #expect(page.status == 200, "\(current): \(page.json)")
                #expect(page.json["type"] as? String == "searchset")
                total = page.json["total"] as? Int ?? -1
                ids += ((page.json["entry"] as? [[String: Any]]) ?? []).compactMap { ($0["resource"] as? [String: Any])?["id"] as? String }
                let link = ((page.json["link"] as? [[String: Any]]) ?? []).first { $0["relation"] as? String == "next" }?["url"] as? String
                next = link.flatMap { URL(string: $0) }.map { url in url.path + (url.query.map { "?" + $0 } ?? "") }
                pages += 1
            }
            return (ids, total, pages)
        }

        /// What the phone's own store gives as FHIR.
        func phoneResources(_ type: String) async throws -> [String] {
            OCKFHIRExporter(now: T.date(10)).export(try await phone.exportVersions()).resources.filter { $0.resourceType == type }.compactMap(\.id)
        }
    }

    @Test("A device token reads its patient, plan and observations: the same resources the patient's own store gives")
    func readsWhatThePhoneHas() async throws {
        let clinic = try await Clinic.start()
        defer { clinic.server.stop() }
        let patient = try await clinic.get("/fhir/R4/Patient/ada", token: clinic.ada)
        #expect(patient.status == 200)
        #expect(patient.contentType.hasPrefix("application/fhir+json"))
        #expect(patient.json["resourceType"] as? String == "Patient")
        #expect(((patient.json["name"] as? [[String: Any]])?.first?["family"] as? String) == "Lovelace")

        let plans = try await clinic.allPages("/fhir/R4/CarePlan?subject=Patient/ada", token: clinic.ada)
        #expect(plans.ids == (try await clinic.phoneResources("CarePlan")) && plans.total == 1)

        let observations = try await clinic.allPages("/fhir/R4/Observation?subject=Patient/ada&code=http://loinc.org|8867-4&_count=4", token: clinic.ada)
        let expected = try await clinic.phoneResources("Observation")
        #expect(expected.count == 9)
        #expect(observations.ids.sorted() == expected.sorted() && observations.total == 9 && observations.pages == 3, "\(observations)")

        // A date range keeps the days inside it (the pulses of January 3 to 5).
        let range = try await clinic.allPages("/fhir/R4/Observation?date=ge2025-01-03&date=le2025-01-05", token: clinic.ada)
        #expect(range.total == 3, "\(range)")
    }

    @Test("What a device records later is read at once: the server's replica takes in only what is new")
    func laterWritesAreRead() async throws {
        let clinic = try await Clinic.start()
        defer { clinic.server.stop() }
        #expect(try await clinic.allPages("/fhir/R4/Observation", token: clinic.ada).total == 9)
        let task = try await clinic.phone.fetchTask(withID: "pulse")
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 9, values: [OCKOutcomeValue(88, units: "/min")])
        outcome.id = "pulse-9"
        try await clinic.phone.addOutcome(outcome)
        try await clinic.phone.synchronize()
        let after = try await clinic.allPages("/fhir/R4/Observation", token: clinic.ada)
        #expect(after.total == 10)
        #expect(Set(after.ids) == Set(try await clinic.phoneResources("Observation")))
    }

    @Test("Another patient's token finds nothing of Ada's, not even that she exists; no token is a 401")
    func nothingLeaks() async throws {
        let clinic = try await Clinic.start()
        defer { clinic.server.stop() }
        let ids = try await clinic.phoneResources("Observation")
        for path in ["/fhir/R4/Patient/ada", "/fhir/R4/CarePlan/heart", "/fhir/R4/Observation/\(ids[0])", "/fhir/R4/Patient/nobody"] {
            let answer = try await clinic.get(path, token: clinic.bob)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.json["resourceType"] as? String == "OperationOutcome")
        }
        for path in ["/fhir/R4/Patient?_id=ada", "/fhir/R4/CarePlan?subject=Patient/ada", "/fhir/R4/Observation?subject=Patient/ada"] {
            let answer = try await clinic.get(path, token: clinic.bob)
            #expect(answer.status == 200 && answer.json["total"] as? Int == 0, "\(path): \(answer.json)")
        }
        for token in [nil, "0123", String(repeating: "ab", count: 32)] {
            let answer = try await clinic.get("/fhir/R4/Patient/ada", token: token)
            #expect(answer.status == 401 && answer.json["resourceType"] as? String == "OperationOutcome", "\(String(describing: token))")
        }
    }

    @Test("The capability statement needs no token; a search the API cannot do is a 400 that says why")
    func metadataAndRefusals() async throws {
        let clinic = try await Clinic.start()
        defer { clinic.server.stop() }
        let metadata = try await clinic.get("/fhir/R4/metadata", token: nil)
        #expect(metadata.status == 200 && metadata.json["resourceType"] as? String == "CapabilityStatement")
        #expect(metadata.json["fhirVersion"] as? String == "4.0.1")
        let refusals: [(String, String, String?)] = [
            ("/fhir/R4/Observation?color=red", "no search parameter 'color'", "handling=strict"),
            ("/fhir/R4/Observation?date=yesterday", "date must be a FHIR date", nil),
            ("/fhir/R4/Observation?_count=100000", "_count must be", nil),
            ("/fhir/R4/Encounter?subject=Patient/ada", "Encounter cannot be searched", nil)
        ]
        for (path, reason, prefer) in refusals {
            let answer = try await clinic.get(path, token: clinic.ada, prefer: prefer)
            let diagnostics = ((answer.json["issue"] as? [[String: Any]])?.first?["diagnostics"] as? String) ?? ""
            #expect(answer.status == 400 && diagnostics.contains(reason), "\(path): \(answer.status) \(diagnostics)")
        }
    }

    @Test("Unknown parameters are ignored unless Prefer: handling=strict; category, status, _sort, _lastUpdated, _summary=count, _count=0; bearer in any case")
    func searchParameters() async throws {
        let clinic = try await Clinic.start()
        defer { clinic.server.stop() }
        for prefer in [nil, "handling=lenient", "return=representation; handling=lenient"] {
            let answer = try await clinic.get("/fhir/R4/Observation?color=red", token: clinic.ada, prefer: prefer)
            #expect(answer.status == 200 && answer.json["total"] as? Int == 9, "\(String(describing: prefer)): \(answer.json)")
        }
        let vitals = try await clinic.get("/fhir/R4/Observation?category=vital-signs&status=final", token: clinic.ada)
        #expect(vitals.status == 200 && vitals.json["total"] as? Int == 9)
        let falling = try await clinic.get("/fhir/R4/Observation?_sort=-date&_count=2", token: clinic.ada)
        let ids = ((falling.json["entry"] as? [[String: Any]]) ?? []).compactMap { ($0["resource"] as? [String: Any])?["id"] as? String }
        #expect(ids == ["pulse-8", "pulse-7"], "\(ids)")
        #expect(try await clinic.get("/fhir/R4/Observation?_lastUpdated=ge2025-01-01", token: clinic.ada).json["total"] as? Int == 9)
        for query in ["_summary=count", "_count=0"] {
            let counted = try await clinic.get("/fhir/R4/Observation?\(query)", token: clinic.ada)
            #expect(counted.status == 200 && counted.json["total"] as? Int == 9 && counted.json["entry"] == nil, "\(query)")
        }
        for scheme in ["bearer", "BEARER"] {
            #expect(try await clinic.get("/fhir/R4/Patient/ada", token: clinic.ada, scheme: scheme).status == 200, "\(scheme)")
        }
        let statement = try await clinic.get("/fhir/R4/metadata", token: nil).json
        let rest = (statement["rest"] as? [[String: Any]])?.first
        let types = ((rest?["resource"] as? [[String: Any]]) ?? []).compactMap { $0["type"] as? String }
        #expect(types == ["AllergyIntolerance", "CarePlan", "CareTeam", "Observation", "Patient", "Practitioner", "RelatedPerson"])
        #expect((rest?["security"] as? [String: Any])?["description"] as? String != nil)
    }

    @Test("An account without an OCKPatient is served as a Patient with its name and MRN; every subject names it")
    func accountPatient() async throws {
        let service = try T.makeService()
        let token = try service.addPatient(name: "Grace Hopper").token
        _ = try service.setIdentifier(patientNamed: "Grace Hopper", system: "urn:oid:1.2.36.146.595.217.0.1", value: "MRN-1906")
        #expect(throws: SyncStorageError.self) { try service.setIdentifier(patientNamed: "Grace Hopper", system: "no uri", value: "x") }
        #expect(throws: SyncStorageError.self) { try service.setIdentifier(patientNamed: "Nobody", system: "urn:x", value: "x") }
        let server = SyncHTTPServer(service: service, port: 0, clock: { T.date(10) })
        let port = try server.start()
        defer { server.stop() }
        let phone = OCKStore(name: "grace", type: .inMemory, remote: OCKHTTPRemote(serverURL: URL(string: "http://127.0.0.1:\(port)/")!, token: token), clock: { T.date(10) })
        let task = try await phone.addTask(T.dailyTask("temperature"))
        try await phone.addOutcome(OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 0, values: [OCKOutcomeValue(99.1, units: "°F")]))
        try await phone.synchronize()
        let clinic = Clinic(server: server, port: port, ada: token, bob: token, phone: phone)
        let found = try await clinic.get("/fhir/R4/Patient?identifier=urn:oid:1.2.36.146.595.217.0.1|MRN-1906", token: token)
        let patient = try #require(((found.json["entry"] as? [[String: Any]])?.first?["resource"]) as? [String: Any])
        let id = try #require(patient["id"] as? String)
        #expect(((patient["name"] as? [[String: Any]])?.first?["text"] as? String) == "Grace Hopper")
        let identifier = (patient["identifier"] as? [[String: Any]])?.first
        #expect(identifier?["value"] as? String == "MRN-1906")
        #expect((((identifier?["type"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String) == "MR", "a medical record number")
        for type in ["CarePlan", "Observation"] {
            let page = try await clinic.get("/fhir/R4/\(type)", token: token)
            let subjects = ((page.json["entry"] as? [[String: Any]]) ?? []).compactMap { (($0["resource"] as? [String: Any])?["subject"] as? [String: Any])?["reference"] as? String }
            #expect(!subjects.isEmpty && subjects.allSatisfy { $0 == "Patient/\(id)" }, "\(type): \(subjects)")
        }
        // A new MRN replaces the old one and is served at once.
        _ = try service.setIdentifier(patientNamed: "Grace Hopper", system: "urn:oid:1.2.36.146.595.217.0.1", value: "MRN-2000")
        let again = try await clinic.get("/fhir/R4/Patient/\(id)", token: token)
        #expect(((again.json["identifier"] as? [[String: Any]])?.map { $0["value"] as? String }) == ["MRN-2000"])
    }

    @Test("Two devices that recorded the same event offline: each reading is its own observation")
    func conflictsReadAsTheDevicesSeeThem() async throws {
        let clinic = try await Clinic.start()
        defer { clinic.server.stop() }
        let url = URL(string: "http://127.0.0.1:\(clinic.port)/")!
        let tablet = OCKStore(name: "tablet", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: clinic.ada), clock: { T.date(10) })
        try await tablet.synchronize()
        for (store, value) in [(clinic.phone, 70), (tablet, 71)] {
            let task = try await store.fetchTask(withID: "pulse")
            try await store.addOutcome(OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 9, values: [OCKOutcomeValue(value, units: "/min")]))
        }
        try await clinic.phone.synchronize()
        try await tablet.synchronize()
        try await clinic.phone.synchronize()
        let read = try await clinic.allPages("/fhir/R4/Observation", token: clinic.ada)
        #expect(read.total == 11, "both readings of day 9: \(read.ids)")
        #expect(Set(read.ids) == Set(try await clinic.phoneResources("Observation")))
    }
}
