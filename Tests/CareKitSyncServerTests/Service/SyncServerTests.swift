import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncServer
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

/// The sync protocol end to end: stores with `OCKHTTPRemote`, the server's `SyncService`, its
/// SQLite storage. (The HTTP transport is tested with the server executable.)
@Suite("Sync server")
struct SyncServerTests {

    typealias T = SyncFixtures

    @Test("Two devices of one patient converge through paged pulls and chunked pushes")
    func twoDevicesConverge() async throws {
        let (service, token, server) = try T.serverWithAda()
        let phone = T.device(server, token: token, pageSize: 3)
        let tablet = T.device(server, token: try service.addDevice(patientNamed: "Ada", label: "tablet"), pageSize: 3)

        var tasks: [OCKTask] = []
        for id in ["pills", "walk", "water"] { tasks.append(try await phone.addTask(T.dailyTask(id))) }
        for task in tasks { for day in 0..<3 { try await phone.addOutcome(T.outcome(task, day)) } }
        try await phone.synchronize()
        // 12 versions in requests of at most 3.
        let pushes = server.requests.filter { $0.path == "/sync/v1/push" }
        #expect(pushes.count == 4)

        try await tablet.synchronize()
        #expect(server.requests.filter { $0.path == "/sync/v1/pull" }.count >= 5, "12 versions in pages of 3, then the last page")
        #expect(try await T.exported(tablet) == T.exported(phone))
        let onServer = try T.serverVersions(service, token: token)
        #expect(onServer.count == 12)
        #expect(Set(onServer).count == 12)

        // A change on the tablet reaches the phone.
        var changed = tasks[0]
        changed.title = "Pills twice"
        changed.effectiveDate = T.date(5)
        try await tablet.updateTask(changed)
        try await tablet.synchronize()
        try await phone.synchronize()
        let query = OCKTaskQuery(dateInterval: DateInterval(start: T.date(6), end: T.date(7)))
        #expect(try await phone.fetchTasks(query: query).first { $0.id == "pills" }?.title == "Pills twice")
        #expect(try await T.exported(tablet) == T.exported(phone))
    }

    @Test("A push cut off half-way is finished by the next synchronization; nothing is doubled")
    func cutPushIsCompleted() async throws {
        let (service, token, server) = try T.serverWithAda()
        let phone = T.device(server, token: token, pageSize: 2)
        let task = try await phone.addTask(T.dailyTask("pills"))
        for day in 0..<5 { try await phone.addOutcome(T.outcome(task, day)) }
        // Request 1 is the pull (one page); 2, 3 and 4 carry the 6 versions. The second chunk
        // fails on its first try and on all three retries (requests 3 to 6).
        for attempt in 0...3 { server.failRequest(number: 3 + attempt) }
        await #expect(throws: OCKStoreError.self) { try await phone.synchronize() }
        #expect(try T.serverVersions(service, token: token).count == 2, "the first request landed, the rest did not")

        try await phone.synchronize()
        let onServer = try T.serverVersions(service, token: token)
        #expect(onServer.count == 6)
        #expect(Set(onServer).count == 6)
        let tablet = T.device(server, token: token)
        try await tablet.synchronize()
        #expect(try await T.exported(tablet) == T.exported(phone))
    }

    @Test("A busy server (503) is retried with backoff")
    func unavailableServerIsRetried() async throws {
        let (service, token, server) = try T.serverWithAda()
        let phone = T.device(server, token: token)
        try await phone.addTask(T.dailyTask("pills"))
        server.beUnavailable(times: 2)
        try await phone.synchronize()
        #expect(try T.serverVersions(service, token: token).count == 1)
    }

    @Test("A token reads and writes its own patient only")
    func tokensAreIsolated() async throws {
        let service = try T.makeService()
        let (_, ada) = try service.addPatient(name: "Ada")
        let (_, grace) = try service.addPatient(name: "Grace")
        let server = InProcessServer(service: service)
        let adaPhone = T.device(server, token: ada)
        try await adaPhone.addTask(T.dailyTask("secret-medication"))
        try await adaPhone.synchronize()

        let gracePhone = T.device(server, token: grace)
        try await gracePhone.synchronize()
        #expect(try await gracePhone.exportVersions().isEmpty)
        #expect(try T.serverVersions(service, token: grace).isEmpty)

        let pull = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init()))
        for authorization in [nil, "Bearer", "Bearer " + String(repeating: "0", count: 64), "Basic \(ada)", "Bearer \(ada.uppercased())", "Bearer \(ada) x"] {
            let reply = service.pull(authorization: authorization, body: pull)
            #expect(reply.status == 401, "\(authorization ?? "no header")")
            #expect(!String(decoding: reply.body, as: UTF8.self).contains("secret-medication"))
        }
        #expect(throws: SyncStorageError.self) { try service.addPatient(name: "Ada") }
    }

    @Test("Malformed and hostile bodies get a 4xx and store nothing")
    func hostileBodies() throws {
        let service = try T.makeService()
        let (_, token) = try service.addPatient(name: "Ada")
        let auth = "Bearer \(token)"
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let bodies: [String] = [
            "", "null", "[]", "{}", "\u{FF}\u{FE}", "{\"revisions\": 5}", "{\"revisions\": [{}]}",
            #"{"revisions":[{"entities":[{"type":"task","object":{}}],"knowledgeVector":{"processes":[]}}]}"#,
            #"{"revisions":[{"entities":[{"type":"spaceship","object":{}}],"knowledgeVector":{"processes":[]}}]}"#,
            #"{"revisions":[],"deviceKnowledge":{"processes":[{"id":"nope","clock":1}]}}"#,
            #"{"revisions":[{"entities":[],"knowledgeVector":{"processes":[{"id":"7A1B2C3D-4E5F-4607-8819-2A3B4C5D6E7F","clock":"x"}]}}]}"#,
            "{\"revisions\": " + nested + "}"
        ]
        for body in bodies {
            let reply = service.push(authorization: auth, body: Data(body.utf8))
            #expect((400..<500).contains(reply.status), "\(body.prefix(60)): \(reply.status)")
            let problem = try? JSONDecoder().decode(OCKSyncProblem.self, from: reply.body)
            #expect(problem?.reason.isEmpty == false)
        }
        for body in ["", "{}", #"{"knowledgeVector":{"processes":[]},"cursor":"drop table"}"#, #"{"knowledgeVector":{"processes":[]},"cursor":"-1.5"}"#] {
            #expect((400..<500).contains(service.pull(authorization: auth, body: Data(body.utf8)).status), "\(body)")
        }
        #expect(try T.serverVersions(service, token: token).isEmpty)
        // Too many versions in one push.
        let task = T.dailyTask("pills")
        let many = (0...SyncService.maximumVersionsPerRequest).map { index -> OCKEntity in
            var outcome = T.outcome(task, index)
            outcome.uuid = UUID()
            return .outcome(outcome)
        }
        let big = try JSONEncoder().encode(OCKSyncPushRequest(revisions: [OCKRevisionRecord(entities: many, knowledgeVector: .init())], deviceKnowledge: nil))
        #expect(service.push(authorization: auth, body: big).status == 413)
        #expect(try T.serverVersions(service, token: token).isEmpty)
    }

    @Test("Every revision-record fixture written by Apple's CareKit, pushed and pulled, arrives field for field")
    func fixturesRoundTrip() throws {
        let folders = ["deferredToDate", "compact"]
        var checked = 0
        for folder in folders {
            let root = Self.fixtures.appendingPathComponent(folder)
            for name in ["revision-record.json", "revision-record-catch-up.json"] {
                let file = root.appendingPathComponent(name)
                guard let data = try? Data(contentsOf: file) else { continue }
                let service = try T.makeService()
                let (_, token) = try service.addPatient(name: "Ada")
                let push = Data(#"{"revisions":["#.utf8) + data + Data(#"]}"#.utf8)
                let reply = service.push(authorization: "Bearer \(token)", body: push)
                #expect(reply.status == 200, "\(folder)/\(name): \(String(decoding: reply.body, as: UTF8.self))")

                let pulled = service.pull(authorization: "Bearer \(token)", body: try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init())))
                let original = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                let page = try JSONSerialization.jsonObject(with: pulled.body) as? [String: Any]
                let sent = (original?["entities"] as? [Any]) ?? []
                let revisions = (page?["revisions"] as? [[String: Any]]) ?? []
                let received = revisions.flatMap { ($0["entities"] as? [Any]) ?? [] }
                #expect(received.count == sent.count)
                for (a, b) in zip(sent, received) {
                    #expect(NSDictionary(dictionary: a as? [String: Any] ?? [:]).isEqual(to: b as? [String: Any] ?? [:]), "\(folder)/\(name)")
                }
                // The vectors too, and the client's decoder reads the page.
                if !sent.isEmpty {
                    let decodedPage = try JSONDecoder().decode(OCKSyncPullPage.self, from: pulled.body)
                    let expected = try JSONDecoder().decode(OCKRevisionRecord.self, from: data)
                    #expect(decodedPage.revisions.first == expected)
                }
                checked += 1
            }
        }
        #expect(checked >= 2, "fixtures at \(Self.fixtures.path)")
    }

    @Test("The server's database is private and keeps what was pushed across a restart")
    func storageSurvivesRestart() async throws {
        let folder = TestFolders.make("sync")
        let path = folder.appendingPathComponent("server.sqlite").path
        let token: String
        do {
            let service = try T.makeService(path: path)
            token = try service.addPatient(name: "Ada").token
            let server = InProcessServer(service: service)
            let phone = T.device(server, token: token)
            try await phone.addTask(T.dailyTask("pills"))
            try await phone.synchronize()
        }
        if !TestPostgres.selected {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
        let reopened = try T.makeService(path: path)
        #expect(try T.serverVersions(reopened, token: token).count == 1)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("Randomly damaged pushes and pulls never crash the server; a refused push stores nothing", arguments: 0..<4)
    func fuzzedBodies(seed: UInt64) throws {
        let (service, token, _) = try T.serverWithAda()
        let auth = "Bearer \(token)"
        let task = T.dailyTask("pills")
        let valid = try JSONEncoder().encode(
            OCKSyncPushRequest(
                revisions: [
                    OCKRevisionRecord(
                        entities: [.task(task), .outcome(T.outcome(task, 0))],
                        knowledgeVector: .init([UUID(): 2]))
                ],
                deviceKnowledge: .init([UUID(): 3])))
        let validPull = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init([UUID(): 1]), cursor: "1.0", limit: 10))
        var generator = SplitMix(seed: seed)
        let junk: [UInt8] = Array("{}[]\",:0123456789.-eEtrufalsn \\u\u{0}\u{7F}\u{FF}".utf8)
        var stored = 0
        for _ in 0..<400 {
            var bytes = Array(Bool.random(using: &generator) ? valid : validPull)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                guard !bytes.isEmpty else { break }
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[index] = junk.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(junk.randomElement(using: &generator) ?? 0, at: index)
                default: bytes = Array(bytes.prefix(index))
                }
            }
            let before = try T.serverVersions(service, token: token).count
            let push = service.push(authorization: auth, body: Data(bytes))
            let after = try T.serverVersions(service, token: token).count
            #expect([200, 400, 413].contains(push.status), "push answered \(push.status)")
            if push.status != 200 { #expect(after == before, "a refused push stored something") }
            stored = after
            let pull = service.pull(authorization: auth, body: Data(bytes))
            #expect([200, 400].contains(pull.status), "pull answered \(pull.status)")
        }
        // Whatever was accepted (a damaged uuid is still a uuid) is served back readable.
        #expect(stored >= 0)
        let everything = service.pull(authorization: auth, body: try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init(), limit: 5_000)))
        #expect(everything.status == 200)
        #expect((try? JSONDecoder().decode(OCKSyncPullPage.self, from: everything.body)) != nil)
    }

    @Test("The OpenAPI document is JSON and declares the protocol's two operations")
    func openAPIDocument() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(SyncOpenAPI.document.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == ["/sync/v1/pull", "/sync/v1/push"])
    }

    /// CareKit's JSON fixtures, beside this checkout (or `/work/shared`).
    static let fixtures: URL = {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = checkout.deletingLastPathComponent().appendingPathComponent("shared/fixtures/carekit-json")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: "/work/shared/fixtures/carekit-json")
    }()
}

/// A seeded random source, so a failing fuzz case can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
