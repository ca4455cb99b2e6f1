import CareKitRemote
import CareKitStore
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

/// An administrator's commands against the database a running `carekit sync-server` serves
/// while devices synchronize through it: each must succeed, never "database is locked". On
/// SQLite (the commands and the server are two processes on one file), or on PostgreSQL with
/// `CAREKIT_SYNC_STORAGE=postgres`.
@Suite("Sync server: administration while devices sync")
struct AdminWhileSyncingTests {
    typealias T = SyncFixtures

    /// The commands' and the server's environment: a pinned clock and zone, English.
    static let environment = ProcessInfo.processInfo.environment.merging(
        ["CAREKIT_NOW": "2025-01-20T14:00:00Z", "TZ": "America/New_York", "CAREKIT_LANGUAGE": "en"]) { $1 }

    /// What the devices did: synchronizations that completed, and the errors of those that did not.
    struct Tally {
        var syncs = 0
        var errors: [String] = []
    }

    @Test("Every administration command succeeds, round after round, while four devices sync in a loop (one recording a reading each round)")
    func commandsSucceedWhileDevicesSync() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let carekit = try Subprocess.executable(named: "carekit")
        let database = TestPostgres.selected ? try TestPostgres.schemaURL() : folder.file("server.sqlite").path
        func command(_ arguments: [String], input: String? = nil) async throws -> (output: String, error: String, status: Int32) {
            let result = try await Subprocess.run(
                carekit, ["sync-server"] + arguments + ["--db", database], environment: Self.environment, check: false, input: input.map { Data($0.utf8) }, timeLimit: 120)
            return (result.output, result.error, result.status)
        }
        var tokens: [String] = []
        for name in ["Ada", "Bob"] {
            let added = try await command(["add-patient", name])
            tokens.append(added.output.trimmingCharacters(in: .whitespacesAndNewlines))
            tokens.append(try await command(["add-device", name, "--label", "tablet"]).output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(tokens.allSatisfy { $0.count == 64 })
        let server = try await RunningServer(carekit, ["sync-server", "--db", database, "--port", "0"])
        defer { server.stop() }

        // Ada's phone records a reading every round (a write on the server each time); the
        // other three are idle. They sync back to back, as fast as they can.
        let devices = tokens.enumerated().map { index, token in
            OCKStore(
                name: "device\(index)", type: .onDisk, remote: OCKHTTPRemote(serverURL: server.url, token: token), directory: folder.url,
                clock: { T.date(20, 9) })
        }
        let pills = try await devices[0].addTask(T.dailyTask("pills"))
        let tally = Mutex(Tally())
        let stop = Atomic<Bool>(false)
        let syncing = Task {
            var round = 0
            while !stop.load(ordering: .relaxed) {
                round += 1
                do {
                    try await devices[0].addOutcome(T.outcome(pills, round))
                    for device in devices {
                        try await device.synchronize()
                        tally.withLock { $0.syncs += 1 }
                    }
                } catch {
                    tally.withLock { $0.errors.append("\(error)") }
                }
            }
        }

        var failures: [String] = []
        for round in 1...3 {
            let nurse = "nurse\(round)@clinic.example"
            var results = [
                ("add-clinician", try await command(["add-clinician", nurse], input: "a long password for round \(round)\n")),
                ("assign", try await command(["assign", nurse, "Ada"])),
                ("add-device", try await command(["add-device", "Bob", "--label", "spare-\(round)"])),
                ("set-identifier", try await command(["set-identifier", "Ada", "urn:oid:1.2.36.146.595.217.0.1", "MRN-\(round)"]))
            ]
            let listed = try await command(["devices"])
            results.append(("devices", listed))
            let spare = listed.output.split(separator: "\n").first { $0.contains("spare-\(round)") }?.split(separator: " ").first.map(String.init) ?? "none"
            results += [
                ("revoke", try await command(["revoke", spare])),
                ("disable", try await command(["disable", nurse])),
                ("enable", try await command(["enable", nurse])),
                ("unassign", try await command(["unassign", nurse, "Ada"])),
                ("patients", try await command(["patients"])),
                ("audit verify", try await command(["audit", "verify"]))
            ]
            for (name, result) in results where result.status != 0 {
                failures.append("round \(round), \(name): exit \(result.status): \(result.error.prefix(300))")
            }
        }
        let syncsDuringCommands = tally.withLock { $0.syncs }
        stop.store(true, ordering: .relaxed)
        await syncing.value
        defer { for device in devices { device.close() } }

        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        let done = tally.withLock { $0 }
        #expect(done.errors.isEmpty, "\(done.errors.prefix(3).joined(separator: "\n"))")
        #expect(syncsDuringCommands >= 20, "the devices synced \(syncsDuringCommands) times while the commands ran")
        // Every reading the phone recorded reached the server: a new device of Ada's gets them all.
        try await devices[0].synchronize()
        let newcomer = OCKStore(name: "newcomer", type: .inMemory, remote: OCKHTTPRemote(serverURL: server.url, token: tokens[1]), clock: { T.date(20, 9) })
        try await newcomer.synchronize()
        let recorded = try await devices[0].fetchOutcomes(query: OCKOutcomeQuery()).count
        let received = try await newcomer.fetchOutcomes(query: OCKOutcomeQuery()).count
        #expect(recorded > 0 && received == recorded)
    }
}
