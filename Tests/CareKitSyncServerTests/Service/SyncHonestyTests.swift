import CareKitHTTP
import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// Sync that nothing fools (issue 29): restored and copied store files, devices that lie about
/// what they know, bodies that mean two things, huge vectors, slow uplinks. Real stores on disk
/// and the server's own storage (SQLite, or PostgreSQL with `CAREKIT_SYNC_STORAGE=postgres`).
@Suite("Sync that nothing fools")
struct SyncHonestyTests {
    typealias T = SyncFixtures

    /// A store file in `folder`, synchronizing with `server`.
    static func store(_ folder: TemporaryDirectory, _ name: String, _ server: InProcessServer, token: String, pageSize: Int = 2_000) -> OCKStore {
        OCKStore(url: folder.file("\(name).sqlite"), remote: server.remote(token: token, pageSize: pageSize), clock: { T.date(2) })
    }

    static func reading(_ task: OCKTask, _ occurrence: Int, _ value: Double) -> OCKOutcome {
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: [OCKOutcomeValue(value, units: "°C")])
        outcome.id = "\(task.id)-\(occurrence)"
        outcome.effectiveDate = T.date(1, 0)
        return outcome
    }

    static func push(_ service: SyncService, token: String, _ json: String) -> SyncService.Reply {
        service.push(authorization: "Bearer \(token)", body: Data(json.utf8))
    }

    /// The server's whole knowledge of the patient (the last page's vector).
    static func serverKnowledge(_ service: SyncService, token: String) throws -> OCKRevisionRecord.KnowledgeVector {
        let body = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init(), limit: 5_000))
        let page = try JSONDecoder().decode(OCKSyncPullPage.self, from: service.pull(authorization: "Bearer \(token)", body: body).body)
        return try #require(page.revisions.last?.knowledgeVector)
    }

    static func entityJSON(_ task: OCKTask) throws -> String {
        String(decoding: try JSONEncoder().encode(OCKEntity.task(task)), as: UTF8.self)
    }

    // MARK: Restored and copied stores

    @Test("A store restored from an old copy (cp over the file) pushes its new entries, and pulls what its original pushed after the copy")
    func restoredStoreUploads() async throws {
        let (service, token, server) = try T.serverWithAda()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var phone = Self.store(folder, "phone", server, token: token)
        let temperature = try await phone.addTask(T.dailyTask("temperature"))
        try await phone.synchronize()
        phone.close()
        let backup = try Data(contentsOf: folder.file("phone.sqlite"))

        // After the backup the phone records two days and pushes them.
        phone = Self.store(folder, "phone", server, token: token)
        for day in 0..<2 { try await phone.addOutcome(Self.reading(temperature, day, 37.0)) }
        try await phone.synchronize()
        phone.close()

        // The backup is written back over the file (the same file, as `cp` does), and the
        // patient records a fever.
        let file = try FileHandle(forWritingTo: folder.file("phone.sqlite"))
        try file.truncate(atOffset: 0)
        try file.write(contentsOf: backup)
        try file.close()
        phone = Self.store(folder, "phone", server, token: token)
        try await phone.addOutcome(Self.reading(temperature, 5, 38.2))
        let summary = try await phone.synchronize()
        #expect(summary.pushed >= 1, "the restored store said it pushed \(summary.pushed)")
        #expect(summary.renewedProcess)
        #expect(summary.merged[.outcome] == 2, "the two days pushed after the backup come back")

        let tablet = Self.store(folder, "tablet", server, token: token)
        try await tablet.synchronize()
        let values = try await tablet.fetchOutcomes(query: OCKOutcomeQuery()).compactMap { $0.values.first?.doubleValue }.sorted()
        #expect(values == [37.0, 37.0, 38.2])
        try await phone.synchronize()
        #expect(try await T.exported(tablet) == T.exported(phone))
        #expect(Set(try T.serverVersions(service, token: token)) == Set(try await phone.exportVersions().map(\.uuid)))
        phone.close()
        tablet.close()
    }

    @Test("`carekit sync` of a store restored from a backup, against a `carekit sync-server` process, pushes the new reading and says why; a new device gets it")
    func restoredStoreThroughTheCommands() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let carekit = try Subprocess.executable(named: "carekit")
        let database = TestPostgres.selected ? try TestPostgres.schemaURL() : folder.file("server.sqlite").path
        let added = try await Subprocess.run(carekit, ["sync-server", "add-patient", "Ada", "--db", database])
        try added.output.trimmingCharacters(in: .whitespacesAndNewlines).write(to: folder.file("ada.token"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.file("ada.token").path)
        let server = try await RunningServer(carekit, ["sync-server", "--db", database, "--port", "0"])
        defer { server.stop() }
        func sync(_ store: String, create: Bool = false) async throws -> String {
            let arguments = ["sync", "--server", server.url.absoluteString, "--token-file", folder.file("ada.token").path, "--store", folder.file(store).path]
            return try await Subprocess.run(carekit, arguments + (create ? ["--create"] : []), environment: ProcessInfo.processInfo.environment.merging(["CAREKIT_LANGUAGE": "en"]) { $1 }).output
        }
        func record(_ value: Double, occurrence: Int) async throws {
            let phone = OCKStore(url: folder.file("phone.sqlite"), clock: { T.date(2) })
            defer { phone.close() }
            if try await phone.fetchTasks(query: OCKTaskQuery(id: "temperature")).isEmpty { try await phone.addTask(T.dailyTask("temperature")) }
            let task = try #require(try await phone.fetchTasks(query: OCKTaskQuery(id: "temperature")).first)
            try await phone.addOutcome(Self.reading(task, occurrence, value))
        }
        try await record(37.0, occurrence: 0)
        _ = try await sync("phone.sqlite", create: true)
        // Opening and closing the file folds SQLite's WAL into it: the copy is the whole store.
        OCKStore(url: folder.file("phone.sqlite")).close()
        let backup = try Data(contentsOf: folder.file("phone.sqlite"))
        try await record(37.1, occurrence: 1)
        _ = try await sync("phone.sqlite")
        OCKStore(url: folder.file("phone.sqlite")).close()
        let file = try FileHandle(forWritingTo: folder.file("phone.sqlite"))
        try file.truncate(atOffset: 0)
        try file.write(contentsOf: backup)
        try file.close()
        try await record(38.2, occurrence: 2)
        let said = try await sync("phone.sqlite")
        #expect(said.contains("pushed 1") && said.contains("copy or a restore"), "\(said)")
        _ = try await sync("tablet.sqlite", create: true)
        let tablet = OCKStore(url: folder.file("tablet.sqlite"), clock: { T.date(2) })
        defer { tablet.close() }
        let values = try await tablet.fetchOutcomes(query: OCKOutcomeQuery()).compactMap { $0.values.first?.doubleValue }.sorted()
        #expect(values == [37.0, 37.1, 38.2])
    }

    @Test("A store file copied to a second machine takes a new id when opened there: both keep syncing and nothing is skipped")
    func copiedStoreOnSecondMachine() async throws {
        let (service, token, server) = try T.serverWithAda()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var laptop = Self.store(folder, "laptop", server, token: token)
        let pulse = try await laptop.addTask(T.dailyTask("pulse"))
        try await laptop.synchronize()
        laptop.close()
        try FileManager.default.copyItem(at: folder.file("laptop.sqlite"), to: folder.file("new-laptop.sqlite"))
        laptop = Self.store(folder, "laptop", server, token: token)
        let newLaptop = Self.store(folder, "new-laptop", server, token: token)

        // Both write the same day while apart, then both sync (the old one first).
        try await laptop.addOutcome(Self.reading(pulse, 1, 72))
        var second = Self.reading(pulse, 2, 99)
        second.id = "pulse-new-laptop"
        try await newLaptop.addOutcome(second)
        let old = try await laptop.synchronize()
        let new = try await newLaptop.synchronize()
        #expect(old.pushed == 1 && new.pushed == 1, "pushed \(old.pushed) and \(new.pushed)")
        try await laptop.synchronize()
        let onLaptop = try await laptop.fetchOutcomes(query: OCKOutcomeQuery()).compactMap { $0.values.first?.doubleValue }.sorted()
        #expect(onLaptop == [72, 99])
        #expect(try await T.exported(laptop) == T.exported(newLaptop))
        #expect(try T.serverVersions(service, token: token).count == 3)
        laptop.close()
        newLaptop.close()
    }

    @Test("Importing a backup takes a new process id, so what it brings is pushed even where the server knows the old id further")
    func importTakesNewID() async throws {
        let (service, token, server) = try T.serverWithAda()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let phone = Self.store(folder, "phone", server, token: token)
        try await phone.addTask(T.dailyTask("pills"))
        try await phone.synchronize()
        let before = try Self.serverKnowledge(service, token: token)
        // A backup from another store (never pushed) is imported into the phone.
        let other = OCKStore(name: "other", type: .inMemory, clock: { T.date(2) })
        try await other.addTask(T.dailyTask("walk"))
        try await phone.importVersions(try await other.exportVersions())
        let summary = try await phone.synchronize()
        #expect(summary.pushed == 1)
        let after = try Self.serverKnowledge(service, token: token)
        #expect(after.uuids.subtracting(before.uuids).count == 1, "the import was pushed under a new process")
        phone.close()
    }

    // MARK: Dishonest knowledge and revisions

    @Test("A device that claims another's process far ahead cannot keep that one's next entries from being stored")
    func lyingDeviceKnowledge() async throws {
        let (service, token, server) = try T.serverWithAda()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let phone = Self.store(folder, "phone", server, token: token)
        let task = try await phone.addTask(T.dailyTask("temperature"))
        try await phone.synchronize()
        let phoneProcess = try #require(try Self.serverKnowledge(service, token: token).uuids.first)

        let tablet = try service.addDevice(patientNamed: "Ada", label: "tablet")
        let lie = #"{"revisions":[],"deviceKnowledge":{"processes":[{"id":"\#(phoneProcess.uuidString)","clock":1000000}]}}"#
        #expect(Self.push(service, token: tablet, lie).status == 200)
        #expect(try Self.serverKnowledge(service, token: token).clock(for: phoneProcess) < 1_000, "the server took in the lie")

        try await phone.addOutcome(Self.reading(task, 0, 38.2))
        let summary = try await phone.synchronize()
        #expect(summary.pushed == 1 && !summary.renewedProcess)
        #expect(try T.serverVersions(service, token: token).count == 2)
        phone.close()
    }

    @Test("A revision whose vector is empty or has a clock of 0 or less is refused with a reason; nothing is stored")
    func emptyOrNonPositiveClocksRefused() throws {
        let (service, token, _) = try T.serverWithAda()
        let entity = try Self.entityJSON(T.dailyTask("pills"))
        for vector in [#"{"processes":[]}"#, #"{"processes":[{"id":"\#(UUID().uuidString)","clock":0}]}"#, #"{"processes":[{"id":"\#(UUID().uuidString)","clock":-3}]}"#] {
            let reply = Self.push(service, token: token, #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":\#(vector)}]}"#)
            #expect(reply.status == 400)
            let reason = try JSONDecoder().decode(OCKSyncProblem.self, from: reply.body).reason
            #expect(reason.contains("no device would ever pull"), "\(reason)")
        }
        #expect(try T.serverVersions(service, token: token).isEmpty)
    }

    @Test("A key given twice in a push body is refused, escaped or not; a later real entity is then stored")
    func duplicateKeysRefused() throws {
        let (service, token, _) = try T.serverWithAda()
        var task = T.dailyTask("pills")
        task.uuid = UUID()
        let entity = try Self.entityJSON(task)
        let vector = #"{"processes":[{"id":"\#(UUID().uuidString)","clock":1}]}"#
        // The entity's object gives another version's uuid first, then its own.
        let own = #""uuid":"\#(task.uuid.uuidString)""#
        #expect(entity.contains(own))
        let twoUUIDs = entity.replacingOccurrences(of: own, with: #""uuid":"\#(UUID().uuidString)","# + own)
        for body in [
            #"{"revisions":[{"entities":[\#(twoUUIDs)],"knowledgeVector":\#(vector)}]}"#,
            #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":\#(vector),"knowledgeVector":\#(vector)}]}"#,
            #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":\#(vector)}],"revisions":[]}"#,
            #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":\#(vector),"knowledge\u0056ector":\#(vector)}]}"#
        ] {
            let reply = Self.push(service, token: token, body)
            #expect(reply.status == 400, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect(try JSONDecoder().decode(OCKSyncProblem.self, from: reply.body).reason.contains("twice"))
        }
        #expect(try T.serverVersions(service, token: token).isEmpty)
        let real = Self.push(service, token: token, #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":\#(vector)}]}"#)
        #expect(try JSONDecoder().decode(OCKSyncPushResult.self, from: real.body) == OCKSyncPushResult(stored: 1, alreadyPresent: 0))
        #expect(try T.serverVersions(service, token: token) == [task.uuid])
    }

    @Test("A push with a 100,000-process vector is refused fast; a patient's vectors hold at most 64 processes; pulls stay fast")
    func hugeVectorsRefused() throws {
        let (service, token, _) = try T.serverWithAda()
        let entity = try Self.entityJSON(T.dailyTask("pills"))
        let processes = (0..<100_000).map { _ in #"{"id":"\#(UUID().uuidString)","clock":5}"# }.joined(separator: ",")
        let huge = #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":{"processes":[\#(processes)]}}]}"#
        let start = ContinuousClock.now
        let reply = Self.push(service, token: token, huge)
        let took = ContinuousClock.now - start
        #expect(reply.status == 400)
        #expect(took < .seconds(1), "refusing took \(took)")
        let hugeDevice = #"{"revisions":[],"deviceKnowledge":{"processes":[\#(processes)]}}"#
        #expect(Self.push(service, token: token, hugeDevice).status == 400)
        #expect(service.pull(authorization: "Bearer \(token)", body: Data(#"{"knowledgeVector":{"processes":[\#(processes)]}}"#.utf8)).status == 400)

        // 60 processes, then 5 more: the second push is refused, saying why.
        func vector(_ count: Int) -> String {
            #"{"processes":["# + (0..<count).map { _ in #"{"id":"\#(UUID().uuidString)","clock":1}"# }.joined(separator: ",") + "]}"
        }
        let sixty = vector(60)
        let first = Self.push(service, token: token, #"{"revisions":[{"entities":[\#(entity)],"knowledgeVector":\#(sixty)}],"deviceKnowledge":\#(sixty)}"#)
        #expect(first.status == 200)
        #expect(try Self.serverKnowledge(service, token: token).uuids.count == 60)
        var other = T.dailyTask("walk")
        other.uuid = UUID()
        let five = vector(5)
        let second = Self.push(service, token: token, #"{"revisions":[{"entities":[\#(try Self.entityJSON(other))],"knowledgeVector":\#(five)}],"deviceKnowledge":\#(five)}"#)
        #expect(second.status == 409)
        #expect(try JSONDecoder().decode(OCKSyncProblem.self, from: second.body).reason.contains("at most 64"))
        let pullStart = ContinuousClock.now
        for _ in 0..<20 { #expect(service.pull(authorization: "Bearer \(token)", body: Data(#"{"knowledgeVector":{"processes":[]}}"#.utf8)).status == 200) }
        #expect(ContinuousClock.now - pullStart < .seconds(2))
    }

    @Test("A pull page reads the revisions it sends, not every revision after its cursor")
    func pageCostFollowsItsSize() throws {
        let revisions: [_PullPages.Revision] = (1...3_002).map { (Int64($0), OCKRevisionRecord.KnowledgeVector([UUID(): 1])) }
        var read = 0
        var pages = 0
        var cursor: SyncCursor?
        var delivered = 0
        repeat {
            let page = try _PullPages.page(
                since: .init(), start: cursor ?? SyncCursor(sequence: 0, position: -1), limit: 100, endOfRevision: Int64.max,
                revisions: { from, count in
                    let found = Array(revisions.filter { $0.sequence >= from }.prefix(count))
                    read += found.count
                    return found
                },
                versions: { sequence, after, _ in after >= 0 ? [] : [(UUID(), Data("{}".utf8), Int64(0))] },
                knowledge: { .init() })
            delivered += page.revisions.count
            cursor = page.next
            pages += 1
        } while cursor != nil
        #expect(delivered == 3_002)
        #expect(pages == 31)
        #expect(read < 3 * 3_002, "the pages read \(read) revisions for 3,002")
    }

    // MARK: Slow uplinks

    @Test("A push body on a slow uplink (50 KB/s, longer than the request limit) arrives; a client dripping its body is still cut off")
    func slowUplinkPushArrives() async throws {
        let service = try T.makeService()
        let token = try service.addPatient(name: "Ada").token
        var limits = HTTPServer.Limits()
        limits.requestTimeout = .seconds(1)
        // Each 5,000-byte piece earns 5 s: the body keeps its connection even when a loaded
        // machine delays the server's count of it by seconds (the rule itself, to the byte, is
        // HostileClientTests.aBodyEarnsTimeByItsBytes), while 2 bytes every 100 ms earn 2 ms.
        limits.minimumBodyRate = 1_000
        let server = SyncHTTPServer(service: service, port: 0, limits: limits)
        let port = try server.start()
        defer { server.stop() }

        let vector = #"{"processes":[{"id":"\#(UUID().uuidString)","clock":1}]}"#
        var entities: [String] = []
        for index in 0..<200 {
            var task = T.dailyTask("task-\(index)")
            task.notes = [OCKNote(author: nil, title: nil, content: String(repeating: "n", count: 300))]
            entities.append(try Self.entityJSON(task))
        }
        let body = Data(#"{"revisions":[{"entities":[\#(entities.joined(separator: ","))],"knowledgeVector":\#(vector)}],"deviceKnowledge":\#(vector)}"#.utf8)
        #expect(body.count > 100_000)
        let client = try RawClient(port: port)
        client.send("POST /sync/v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
        let start = ContinuousClock.now
        let text = String(decoding: body, as: UTF8.self)
        // Sent from a thread of its own: the tests running alongside may hold every thread of
        // Swift's pool for seconds, and a client that stops sending is what the server cuts off.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var offset = text.startIndex
                while offset < text.endIndex {
                    let end = text.index(offset, offsetBy: 5_000, limitedBy: text.endIndex) ?? text.endIndex
                    guard client.send(String(text[offset..<end])) else { break }
                    offset = end
                    Thread.sleep(forTimeInterval: 0.1)  // 50 KB/s
                }
                done.resume()
            }
        }
        #expect(ContinuousClock.now - start > .seconds(2), "the body must take longer than the request limit (1 s)")
        // A generous bound (it returns as soon as the answer is whole): on a busy machine the
        // push of 200 tasks may wait for the pool.
        let answer = await client.receive(seconds: 60) { $0.contains("}") }
        #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text.prefix(200))")
        #expect(answer.text.contains(#""stored":200"#))

        let dripping = try RawClient(port: port)
        dripping.send("POST /sync/v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: 100000\r\n\r\n")
        let drip = Task {
            for _ in 0..<100 {
                try? await Task.sleep(for: .milliseconds(100))
                guard dripping.send("  ") else { return }
            }
        }
        defer { drip.cancel() }
        #expect(await dripping.isClosedByServer(within: 6), "a client dripping its body kept its connection")
    }

    @Test("OCKHTTPRemote sends smaller requests after a push is cut off, and says so when even one version does not get through")
    func remoteShrinksCutPushes() async throws {
        let (service, token, server) = try T.serverWithAda()
        let phone = T.device(server, token: token, pageSize: 40)
        for index in 0..<40 { try await phone.addTask(T.dailyTask("task-\(index)")) }
        // About 12 versions fit through: 40 and 20 are cut, 10 get through.
        let one = try JSONEncoder().encode(OCKSyncPushRequest(revisions: [OCKRevisionRecord(entities: [.task(T.dailyTask("x"))], knowledgeVector: .init())], deviceKnowledge: nil)).count
        server.cutPushes(largerThan: one * 12)
        let summary = try await phone.synchronize()
        #expect(summary.pushed == 40)
        #expect(try T.serverVersions(service, token: token).count == 40)
        let pushes = server.requests.filter { $0.path == "/sync/v1/push" }
        #expect(pushes.count >= 6)

        server.cutPushes(largerThan: 10)
        try await phone.addTask(T.dailyTask("one-more"))
        do {
            try await phone.synchronize()
            Issue.record("a push that never got through succeeded")
        } catch {
            let reason = (error as? OCKStoreError)?.reason ?? "\(error)"
            #expect(reason.contains("cut off") && reason.contains("1 versions in one request"), "\(reason)")
        }
    }
}
