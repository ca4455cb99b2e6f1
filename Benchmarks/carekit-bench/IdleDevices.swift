import CareKitHTTP
import CareKitRemote
import CareKitStore
import CareKitSyncServer
import Foundation
import Synchronization

/// Part 8h–8j: idle devices. Each of `devices` patients has one device (an on-disk store with
/// a task and a week of readings, pushed first), which then synchronizes every `period`
/// seconds for `seconds` through `carekit sync-server`'s HTTP server in this process, with
/// nothing new: on SQLite, then on PostgreSQL when there is one. What is counted is durable
/// writes, seen from outside the server and the devices. The baseline is the closed form:
/// a synchronization with nothing new writes nothing (docs/sync.md), so 0.
enum IdleDevices {
    struct Sizes {
        var devices: Int
        var seconds: Double
        var period: Double
    }

    /// 100 devices every 2 s for 60 s; with --quick 10 every 1 s for 6 s. For measuring this
    /// phase alone at other sizes: CAREKIT_BENCH_IDLE=devices,seconds,period.
    static func sizes(quick: Bool) -> Sizes {
        let numbers = (ProcessInfo.processInfo.environment["CAREKIT_BENCH_IDLE"] ?? "").split(separator: ",").compactMap { Double($0) }
        if numbers.count == 3, numbers.allSatisfy({ $0 > 0 }), numbers[0] <= 10_000 {
            return Sizes(devices: Int(numbers[0]), seconds: numbers[1], period: numbers[2])
        }
        return quick ? Sizes(devices: 10, seconds: 6, period: 1) : Sizes(devices: 100, seconds: 60, period: 2)
    }

    /// What one window of idle synchronizations did.
    struct Window {
        var syncs = 0
        /// Synchronizations that pulled, merged or pushed something (none are expected).
        var busy = 0
        var failures: [String] = []
    }

    static func rows(_ context: BenchContext, folder: URL) async throws -> (rows: [Row], note: String) {
        let sizes = sizes(quick: context.quick)
        let name = "\(sizes.devices) idle devices syncing every \(Format.number(sizes.period, digits: 0)) s for \(Format.number(sizes.seconds, digits: 0)) s"
        let zero = Figure(single: 0, unit: .count("writes"))
        var server = Row(id: "8h", measurement: "\(name): durable writes on the server (SQLite)", baseline: zero, target: .countAtMost(0))
        var devices = Row(id: "8i", measurement: "\(name): durable writes on the devices (all of them)", baseline: zero, target: .countAtMost(0))
        var postgres = Row(id: "8j", measurement: "\(name): write transactions on the server (PostgreSQL)", baseline: zero, target: .countAtMost(0))

        // SQLite: every file's commits, counted by data_version from connections of our own.
        let serverPath = folder.appendingPathComponent("idle-server.sqlite").path
        log("Part 8: \(name), on SQLite")
        let (http, stores) = try await settledDevices(storage: try SQLiteSyncStorage(path: serverPath), sizes: sizes, folder: folder, prefix: "idle")
        let counter = try CommitCounter(paths: [serverPath] + stores.compactMap { $0.url?.path })
        let window = try await synchronize(stores, sizes: sizes)
        let commits = await counter.stop()
        http.stop()
        for store in stores { try store.delete() }
        server.value = Figure(single: Double(commits.first ?? 0), unit: .count("writes"))
        devices.value = Figure(single: Double(commits.dropFirst().reduce(0, +)), unit: .count("writes"))
        var note = """
            8h–8j: \(sizes.devices) patients, one device each (an on-disk store with a task and a week of readings, pushed first), \
            each synchronizing every \(Format.number(sizes.period, digits: 0)) s for \(Format.number(sizes.seconds, digits: 0)) s \
            with nothing new (SQLite: \(window.syncs) synchronizations, \(window.busy) of them not idle) through the sync server's \
            HTTP server in this process, whose clock runs on from \(Fixtures.now) with the real time. 8h/8i: commits other \
            connections made to each file (PRAGMA data_version, polled every 20 ms by a connection of the benchmark's own; \
            two commits to one file within 20 ms count once).
            """

        // PostgreSQL: transaction ids handed out (only a transaction that writes takes one).
        let environment = ProcessInfo.processInfo.environment
        if let cluster = environment["CAREKIT_BENCH_POSTGRES"] ?? environment["CAREKIT_TEST_POSTGRES"] {
            log("Part 8: \(name), on PostgreSQL")
            let database = "carekit_bench_idle_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
            let admin = try RawPostgres(conninfo: cluster)
            try admin.execute("CREATE DATABASE \(database)")
            defer { try? admin.execute("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
            let conninfo = RawPostgres.conninfo(cluster, database: database)
            let (http, stores) = try await settledDevices(
                storage: try PostgresSyncStorage(conninfo: conninfo, connections: 8), sizes: sizes, folder: folder, prefix: "idle-pg")
            defer { http.stop() }
            // As after a bulk load: statistics gathered and dirty pages written, so that
            // autovacuum has nothing to do in the window.
            let raw = try RawPostgres(conninfo: conninfo)
            try raw.execute("VACUUM ANALYZE")
            try raw.execute("CHECKPOINT")
            // Autovacuum paused for the window: an ANALYZE it starts takes a transaction id of
            // its own, which is not the server's writing (pg_waldump of a full-size window showed
            // only autovacuum's records: pg_statistic vacuumed in this database and template1).
            let paused = (try? admin.execute("ALTER SYSTEM SET autovacuum = off")) != nil && (try? admin.execute("SELECT pg_reload_conf()")) != nil
            defer {
                if paused {
                    try? admin.execute("ALTER SYSTEM RESET autovacuum")
                    try? admin.execute("SELECT pg_reload_conf()")
                }
            }
            if paused { try await Task.sleep(for: .milliseconds(500)) }  // the reload reaches the launcher
            let before = try writeState(raw)
            let window = try await synchronize(stores, sizes: sizes)
            let after = try writeState(raw)
            log("Part 8: PostgreSQL's WAL went from \(lsn(before.wal)) to \(lsn(after.wal)) in the window (pg_waldump can tell what)")
            for store in stores { try store.delete() }
            let transactions = after.transactions - before.transactions
            postgres.value = Figure(single: Double(transactions), unit: .count("writes"))
            let wal = "\(Format.grouped(Double(after.wal - before.wal))) bytes"
            note += """
                 8j: transaction ids the cluster handed out in the window (pg_current_snapshot's xmax), after VACUUM ANALYZE and \
                CHECKPOINT, \(paused ? "autovacuum paused for the window (ALTER SYSTEM)" : "autovacuum running (ALTER SYSTEM refused: its ANALYZE counts too)") \
                (\(window.syncs) synchronizations, \(window.busy) not idle). WAL written meanwhile: \
                \(transactions == 0 ? "\(wal), by no transaction: PostgreSQL's own housekeeping (pg_waldump shows, in a smoke run, one page of pg_statistic pruned by a read after ANALYZE and a running-transactions record)" : wal).
                """
        } else {
            postgres.missing = "n/a — no PostgreSQL: set CAREKIT_BENCH_POSTGRES, or run `make bench` (scripts/with-postgres starts one)"
        }
        note += " Baseline: the closed form, 0 (a synchronization with nothing new writes nothing)."
        return ([server, devices, postgres], note)
    }

    /// A sync server on `storage` (running: the caller stops it) and the devices, each of its
    /// own patient, after their readings were pushed and one synchronization more: from then
    /// on they have nothing new.
    static func settledDevices(storage: any SyncStorage, sizes: Sizes, folder: URL, prefix: String) async throws -> (SyncHTTPServer, [OCKStore]) {
        let origin = Fixtures.now, started = ContinuousClock.now
        let service = SyncService(storage: storage) { origin.addingTimeInterval(Timer.seconds(ContinuousClock.now - started)) }
        var limits = HTTPServer.Limits()
        limits.maximumConnections = max(limits.maximumConnections, sizes.devices + 64)
        PacedClients.raiseFileLimit()
        let server = SyncHTTPServer(service: service, port: 0, limits: limits, clock: { Fixtures.now }, log: { _ in })
        let url = URL(string: "http://127.0.0.1:\(try server.start())/")!
        let tasks = Fixtures.firstVersions(count: 1)
        let week = Fixtures.outcomes(for: tasks, from: Fixtures.versionDates[0], to: Fixtures.versionDates[0].addingTimeInterval(7 * 86_400), seed: 92)
        var stores: [OCKStore] = []
        for index in 0..<sizes.devices {
            let token = try service.addPatient(name: "\(prefix)-\(index)").token
            let store = OCKStore(name: "\(prefix)-\(index)", type: .onDisk, remote: OCKHTTPRemote(serverURL: url, token: token), directory: folder, clock: { Fixtures.now })
            try await store.addTasks(tasks)
            try await Fixtures.add(week, to: store)
            try await store.synchronize()
            try await store.synchronize()
            stores.append(store)
        }
        return (server, stores)
    }

    /// Every device synchronizes every `period` seconds for `seconds`, the devices' turns spread
    /// evenly over the period. Throws when a synchronization fails.
    static func synchronize(_ stores: [OCKStore], sizes: Sizes) async throws -> Window {
        let start = ContinuousClock.now
        let count = stores.count
        let result = await withTaskGroup(of: Window.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    var mine = Window()
                    let offset = sizes.period * Double(index) / Double(max(count, 1))
                    var turn = 0
                    while offset + Double(turn) * sizes.period < sizes.seconds {
                        try? await Task.sleep(until: start + .milliseconds(Int((offset + Double(turn) * sizes.period) * 1_000)), clock: .continuous)
                        turn += 1
                        do {
                            let summary = try await store.synchronize()
                            mine.syncs += 1
                            if !summary.merged.isEmpty || summary.pushed > 0 || summary.alreadyPresent > 0 || summary.resolvedConflicts > 0 { mine.busy += 1 }
                        } catch {
                            mine.failures.append("\(store.name): \(error)")
                        }
                    }
                    return mine
                }
            }
            var all = Window()
            for await part in group {
                all.syncs += part.syncs
                all.busy += part.busy
                all.failures += part.failures
            }
            return all
        }
        if let failure = result.failures.first {
            throw BenchError("part 8: \(result.failures.count) idle synchronizations failed, the first: \(failure)")
        }
        return result
    }

    /// A WAL position as PostgreSQL writes it ("0/1500870").
    static func lsn(_ position: Int64) -> String {
        String(position >> 32, radix: 16, uppercase: true) + "/" + String(position & 0xFFFF_FFFF, radix: 16, uppercase: true)
    }

    /// The cluster's next transaction id and WAL position.
    static func writeState(_ raw: RawPostgres) throws -> (transactions: Int64, wal: Int64) {
        (
            try raw.scalar("SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint"),
            try raw.scalar("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint")
        )
    }
}

/// Counts the commits other connections make to SQLite files: a thread of its own reads each
/// file's `PRAGMA data_version` (which changes when another connection commits a change, and
/// only then) every 20 ms, until ``stop()``.
final class CommitCounter: Sendable {
    /// Connections opened here and then used by the counting thread alone.
    private struct Handover: @unchecked Sendable {
        let databases: [RawDatabase]
    }

    private let counts: Mutex<[Int]>
    private let stopping = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    init(paths: [String]) throws {
        counts = Mutex(Array(repeating: 0, count: paths.count))
        let handover = Handover(databases: try paths.map { try RawDatabase(path: $0) })
        Thread.detachNewThread { [self] in
            let databases = handover.databases
            var last = databases.map { (try? $0.scalar("PRAGMA data_version")) ?? 0 }
            while !stopping.load(ordering: .acquiring) {
                usleep(20_000)
                for (index, database) in databases.enumerated() {
                    let version = (try? database.scalar("PRAGMA data_version")) ?? last[index]
                    if version != last[index] { counts.withLock { $0[index] += 1 } }
                    last[index] = version
                }
            }
            for database in databases { database.close() }
            stopped.store(true, ordering: .releasing)
        }
    }

    /// Stops counting; the commits counted for each file, in the order of the paths.
    func stop() async -> [Int] {
        stopping.store(true, ordering: .releasing)
        while !stopped.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(5)) }
        return counts.withLock { $0 }
    }
}
