import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncServer
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

/// Devices of one patient, on store files, against the sync server on a socket (its storage is
/// SQLite, or PostgreSQL with `CAREKIT_SYNC_STORAGE=postgres`): they record, go offline, are
/// restored from their own old copies (written back over the file, or as a new file), are copied
/// to second machines, and another device lies about what it knows. After every acknowledged
/// synchronization the server holds everything the device has; at the end every device holds
/// everything acknowledged and every export is byte-identical.
///
/// A fixed seed and a few rounds in CI; `CAREKIT_SYNC_RANDOM_ROUNDS` and
/// `CAREKIT_SYNC_RANDOM_SEED` run more.
@Suite("Sync that nothing fools: randomized")
struct SyncRandomizedTests {
    typealias T = SyncFixtures

    final class Device {
        let name: String
        var store: OCKStore
        var online = true

        init(name: String, store: OCKStore) {
            self.name = name
            self.store = store
        }
    }

    @Test("Restores, copies, offline spells and lying knowledge: every acknowledged entry is on the server and every device")
    func randomized() async throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["CAREKIT_SYNC_RANDOM_ROUNDS"].flatMap(Int.init) ?? 40
        let seed = environment["CAREKIT_SYNC_RANDOM_SEED"].flatMap(UInt64.init) ?? 29
        var random = SeededGenerator(seed: seed)
        let service = try T.makeService()
        let token = try service.addPatient(name: "Ada").token
        let liar = try service.addDevice(patientNamed: "Ada", label: "liar")
        let server = SyncHTTPServer(service: service, port: 0)
        let url = URL(string: "http://127.0.0.1:\(try server.start())/")!
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func open(_ name: String) -> OCKStore {
            OCKStore(
                url: folder.file("\(name).sqlite"), remote: OCKHTTPRemote(serverURL: url, token: token, pageSize: 7, retryDelays: [0.01]),
                clock: { T.date(2) })
        }
        func reopen(_ device: Device, _ change: () throws -> Void) throws {
            device.store.close()
            try change()
            device.store = open(device.name)
        }

        var devices = [Device(name: "d0", store: open("d0")), Device(name: "d1", store: open("d1"))]
        try await devices[0].store.addTask(T.dailyTask("temperature"))
        var acknowledged = Set<UUID>()
        var log: [String] = []
        func synchronize(_ device: Device) async throws {
            try await device.store.synchronize()
            let held = Set(try await device.store.exportVersions().map(\.uuid))
            let stored = Set(try T.serverVersions(service, token: token))
            #expect(held.isSubset(of: stored), "seed \(seed): after \(log.suffix(6)) \(device.name) synchronized but the server lacks \(held.subtracting(stored).count) of its versions")
            acknowledged.formUnion(held)
        }
        for device in devices { try await synchronize(device) }

        let liarProcess = UUID()
        var backups: [(device: String, data: Data)] = []
        var written = 0
        for round in 0..<rounds {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let action = Int.random(in: 0..<12, using: &random)
            log.append("\(round):\(device.name):\(action)")
            switch action {
            case 0...3:  // Records a reading (or adds a task).
                written += 1
                let task = try #require(try await device.store.fetchTasks(query: OCKTaskQuery(id: "temperature")).first)
                if action == 3 {
                    try await device.store.addTask(T.dailyTask("task-\(device.name)-\(written)"))
                } else {
                    var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: written, values: [OCKOutcomeValue(Double(360 + written) / 10)])
                    outcome.id = "reading-\(written)"
                    outcome.effectiveDate = T.date(1, 0)
                    try await device.store.addOutcome(outcome)
                }
            case 4...6:
                if device.online { try await synchronize(device) }
            case 7:
                device.online.toggle()
            case 8:  // A backup of the file.
                try reopen(device) { backups.append((device.name, try Data(contentsOf: folder.file("\(device.name).sqlite")))) }
            case 9:  // Restored from one of its own old copies: over the file, or as a new file.
                guard let backup = backups.filter({ $0.device == device.name }).randomElement(using: &random) else { continue }
                let inPlace = Bool.random(using: &random)
                try reopen(device) {
                    let file = folder.file("\(device.name).sqlite")
                    if inPlace {
                        let handle = try FileHandle(forWritingTo: file)
                        try handle.truncate(atOffset: 0)
                        try handle.write(contentsOf: backup.data)
                        try handle.close()
                    } else {
                        try FileManager.default.removeItem(at: file)
                        try backup.data.write(to: file)
                    }
                }
            case 10:  // The file copied to a second machine, which carries on with it.
                guard devices.count < 5 else { continue }
                let name = "d\(devices.count)"
                try reopen(device) { try FileManager.default.copyItem(at: folder.file("\(device.name).sqlite"), to: folder.file("\(name).sqlite")) }
                devices.append(Device(name: name, store: open(name)))
            default:  // Another device claims every process far ahead, in its knowledge and in a revision's vector.
                let page = try JSONDecoder().decode(
                    OCKSyncPullPage.self,
                    from: service.pull(authorization: "Bearer \(token)", body: Data(#"{"knowledgeVector":{"processes":[]}}"#.utf8)).body)
                let known = page.revisions.last?.knowledgeVector.uuids ?? []
                var claims = Dictionary(uniqueKeysWithValues: known.map { ($0, 1_000_000) })
                claims[liarProcess, default: 0] += 1
                let lie = OCKRevisionRecord.KnowledgeVector(claims)
                var task = T.dailyTask("told-by-the-liar-\(round)")
                task.uuid = UUID()
                let told = Bool.random(using: &random) ? [OCKRevisionRecord(entities: [.task(task)], knowledgeVector: lie)] : []
                let body = try JSONEncoder().encode(OCKSyncPushRequest(revisions: told, deviceKnowledge: lie))
                #expect(service.push(authorization: "Bearer \(liar)", body: body).status == 200)
                if !told.isEmpty { acknowledged.insert(task.uuid) }
            }
        }

        // Everyone online; a few rounds of synchronizations settle everything.
        for _ in 0..<3 { for device in devices { try await synchronize(device) } }
        let stored = Set(try T.serverVersions(service, token: token))
        #expect(acknowledged.isSubset(of: stored), "seed \(seed): \(acknowledged.subtracting(stored).count) acknowledged versions are not on the server")
        let reference = try await T.exported(devices[0].store)
        for device in devices {
            let held = Set(try await device.store.exportVersions().map(\.uuid))
            #expect(held == stored, "seed \(seed): \(device.name) holds \(held.count) versions, the server \(stored.count)")
            #expect(try await T.exported(device.store) == reference, "seed \(seed): \(device.name)'s export differs from d0's")
            device.store.close()
        }
        #expect(devices.count >= 3 && backups.count >= 1, "seed \(seed): the rounds did not copy and back up (\(log))")
    }
}
