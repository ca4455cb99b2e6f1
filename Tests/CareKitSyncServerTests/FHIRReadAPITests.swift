import CareKitFHIR
import CareKitRemote
import CareKitStore
import CareKitSyncServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sync server's FHIR R4 read API over a real socket: what a hospital system reads with a
/// patient's device token is the patient's own store as FHIR, and nothing of anyone else's.
@Suite("Sync server: FHIR R4 read API")
struct FHIRReadAPITests {
    typealias T = SyncServerTests

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
                var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: day, values: [OCKOutcomeValue(60 + day, units: "/min")])
                outcome.id = "pulse-\(day)"
                outcome.effectiveDate = T.date(1, 0)
                try await phone.addOutcome(outcome)
            }
            try await phone.synchronize()
            return Clinic(server: server, port: port, ada: ada, bob: bob, phone: phone)
        }

        /// `GET path` with a token; the status and the JSON object.
        func get(_ path: String, token: String?) async throws -> (status: Int, json: [String: Any], contentType: String) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
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
        let refusals: [(String, String)] = [
            ("/fhir/R4/Observation?color=red", "no search parameter 'color'"),
            ("/fhir/R4/Observation?date=yesterday", "date must be a FHIR date"),
            ("/fhir/R4/Observation?_count=100000", "_count must be"),
            ("/fhir/R4/Encounter?subject=Patient/ada", "Encounter cannot be searched")
        ]
        for (path, reason) in refusals {
            let answer = try await clinic.get(path, token: clinic.ada)
            let diagnostics = ((answer.json["issue"] as? [[String: Any]])?.first?["diagnostics"] as? String) ?? ""
            #expect(answer.status == 400 && diagnostics.contains(reason), "\(path): \(answer.status) \(diagnostics)")
        }
    }

    @Test("Two devices that completed the same day offline read as one observation for it, as on each device")
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
        #expect(read.total == 10, "one observation for day 9: \(read.ids)")
        #expect(Set(read.ids) == Set(try await clinic.phoneResources("Observation")))
    }
}
