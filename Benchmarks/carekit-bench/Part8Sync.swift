import CareKitHTTP
import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Part 8: synchronization through `carekit sync-server` (in this process, on a loopback
/// socket). 8a: a year of a patient's history (100 tasks, 36,500 outcomes) pulled into an empty
/// device; 8b: the bytes of that pull; 8c/8d: one outcome recorded on one device and seen by
/// the other (push, then pull); 8e: 3,002 versions in pages of 100 (against pages of 500);
/// 8h–8j: idle devices syncing every 2 seconds (IdleDevices.swift).
///
/// Baselines, measured in the same run: the same bytes written and read raw — the revisions
/// encoded with `JSONEncoder`, sent over HTTP by a server that does nothing else, and decoded
/// by the client — in the same number of requests; for 8c/8d, the same two exchanges with
/// bodies of the same size to that raw server.
enum Part8Sync {
    static func run(_ context: BenchContext) async throws -> Section {
        let taskCount = context.quick ? 10 : 100
        let days = context.quick ? 60 : 365
        let folder = try context.folder("part8")
        let service = SyncService(storage: try SQLiteSyncStorage(path: folder.appendingPathComponent("server.sqlite").path), clock: { Fixtures.now })
        let token = try service.addPatient(name: "bench").token
        let server = SyncHTTPServer(service: service, port: 0)
        let port = try server.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(port)/")!

        // The phone: a year of history, pushed once.
        let tasks = Fixtures.firstVersions(count: taskCount)
        let end = Fixtures.calendar.date(byAdding: .day, value: days, to: Fixtures.versionDates[0]) ?? Fixtures.versionDates[0]
        let planned = Fixtures.outcomes(for: tasks, from: Fixtures.versionDates[0], to: end, seed: 88)
        let phone = OCKStore(name: "phone", type: .onDisk, remote: OCKHTTPRemote(serverURL: url, token: token), directory: folder, clock: { Fixtures.now })
        try await phone.addTasks(tasks)
        try await Fixtures.add(planned, to: phone)
        log("Part 8: \(taskCount) tasks and \(Format.grouped(Double(planned.count))) outcomes pushed to the sync server")
        try await phone.synchronize()
        let versions = taskCount + planned.count

        // What a first pull sends: the server's pages, as they are on the wire.
        var pages: [Data] = []
        var cursor: String?
        repeat {
            let body = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init(), cursor: cursor, limit: SyncService.defaultPageSize))
            let reply = service.pull(authorization: "Bearer \(token)", body: body)
            pages.append(reply.body)
            cursor = try JSONDecoder().decode(OCKSyncPullPage.self, from: reply.body).cursor
        } while cursor != nil
        let wireBytes = Double(pages.reduce(0) { $0 + $1.count })

        // The raw baseline: the same revisions, encoded, served and decoded, nothing else.
        let allRevisions = pages.flatMap { (try? JSONDecoder().decode(OCKSyncPullPage.self, from: $0).revisions) ?? [] }
        let raw = RawServer(pages: pages)
        try raw.server.start()
        let rawPort = raw.server.port
        defer { raw.server.stop() }
        let session = URLSession(configuration: .ephemeral)

        var deviceNumber = 0
        func firstSync() async throws -> Double {
            deviceNumber += 1
            let device = OCKStore(
                name: "device\(deviceNumber)", type: .onDisk, remote: OCKHTTPRemote(serverURL: url, token: token),
                directory: folder, clock: { Fixtures.now })
            let seconds = try await Timer.time { try await device.synchronize() }
            let count = try await device.exportVersions().count
            guard count == versions else { throw RawSQLiteError(description: "part 8: the device holds \(count) of \(versions) versions after its first sync") }
            try device.delete()
            return seconds
        }
        func rawTransfer() async throws -> Double {
            try await Timer.time {
                // Written: the revisions encoded as the server would.
                _ = try JSONEncoder().encode(OCKSyncPullPage(revisions: allRevisions, cursor: nil))
                // Sent and read: the same pages over HTTP, decoded.
                for index in pages.indices {
                    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(rawPort)/page/\(index)")!)
                    request.httpMethod = "POST"
                    request.httpBody = Data(#"{"knowledgeVector":{"processes":[]}}"#.utf8)
                    let (data, _) = try await session.data(for: request)
                    _ = try JSONDecoder().decode(OCKSyncPullPage.self, from: data)
                }
            }
        }
        // For profiling 8c alone: CAREKIT_BENCH_TAPS=N measures N taps and nothing else of part 8.
        let tapsOnly = ProcessInfo.processInfo.environment["CAREKIT_BENCH_TAPS"].flatMap(Int.init).map { max($0, 1) }
        let runs = context.quick ? 2 : 3
        let (syncs, raws) = tapsOnly != nil ? ([], []) : try await measurePair(runs: runs, value: firstSync, baseline: rawTransfer)

        // 8g: the same first sync with 1/8, 1/4 and 1/2 of the year on a server of its own.
        var growthVersions: [Int] = []
        var growthSeconds: [[Double]] = []
        for fraction in [8, 4, 2] where tapsOnly == nil {
            let part = try await firstSyncOfHistory(
                tasks: tasks, outcomes: Array(planned.prefix(planned.count / fraction)), runs: runs, folder: folder, name: "growth\(fraction)")
            growthVersions.append(part.versions)
            growthSeconds.append(part.seconds)
        }
        growthVersions.append(versions)
        growthSeconds.append(syncs)

        func percentile(_ samples: [Double], _ p: Double) -> Figure {
            var figure = Figure(runs: samples, unit: .seconds)
            figure.median = Stats.percentile(samples, p)
            return figure
        }

        // 8c/8d: one outcome on the phone, seen on the tablet.
        let tablet = OCKStore(name: "tablet", type: .onDisk, remote: OCKHTTPRemote(serverURL: url, token: token), directory: folder, clock: { Fixtures.now })
        try await tablet.synchronize()
        var random = SeededRandom(seed: 89)
        let taps = tapsOnly ?? (context.quick ? 10 : 40)
        // 8k: the same taps again after this many more, each synchronized on both devices: a
        // device's synchronization must not slow down with the synchronizations before it.
        let laterTaps = tapsOnly != nil ? 0 : (context.quick ? 100 : 1_000)
        let laterDays = max(2, (2 * taps + laterTaps + 4) / taskCount + 1)  // no occurrence recorded twice
        let later = Fixtures.outcomes(for: tasks, from: end, to: Fixtures.calendar.date(byAdding: .day, value: laterDays, to: end) ?? end, seed: 90)
        let pushSize = try JSONEncoder().encode(OCKSyncPushRequest(revisions: [OCKRevisionRecord(entities: [.outcome(later[0].outcome)], knowledgeVector: .init())], deviceKnowledge: .init())).count
        var tapped = 0
        /// One tap on the phone seen on the tablet, and the raw exchanges after it when measured.
        func tap(raw: Bool) async throws -> (latency: Double, raw: Double) {
            var outcome = later[tapped % later.count].outcome
            tapped += 1
            outcome.uuid = random.uuid()
            outcome.id = random.uuid().uuidString
            let latency = try await Timer.time {
                try await phone.addOutcome(outcome)
                try await phone.synchronize()
                try await tablet.synchronize()
            }
            guard try await !tablet.fetchOutcomes(query: OCKOutcomeQuery(id: outcome.id)).isEmpty else {
                throw RawSQLiteError(description: "part 8: the tablet did not see the phone's outcome")
            }
            guard raw else { return (latency, 0) }
            let rawLatency = try await Timer.time {
                for (path, size) in [("push", pushSize), ("pull", 600), ("push", 120), ("pull", 600)] {
                    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(rawPort)/\(path)")!)
                    request.httpMethod = "POST"
                    request.httpBody = Data(repeating: 0x20, count: size)
                    _ = try await session.data(for: request)
                }
            }
            return (latency, rawLatency)
        }
        var latencies: [Double] = []
        var rawLatencies: [Double] = []
        for index in 0..<(taps + 2) {
            let (latency, rawLatency) = try await tap(raw: true)
            guard index >= 2 else { continue }  // two warm-up taps
            latencies.append(latency)
            rawLatencies.append(rawLatency)
        }
        var laterLatencies: [Double] = []
        if laterTaps > 0 {
            for _ in 0..<laterTaps { _ = try await tap(raw: false) }
            for _ in 0..<taps { laterLatencies.append(try await tap(raw: true).latency) }
            log("Part 8: \(Format.grouped(Double(tapped))) taps seen device to device")
        }
        try phone.delete()
        try tablet.delete()
        let tapRows = [
            Row(
                id: "8c", measurement: "one outcome recorded on a device and seen on another: median",
                value: percentile(latencies, 50), baseline: percentile(rawLatencies, 50)),
            Row(
                id: "8d", measurement: "one outcome recorded on a device and seen on another: p99",
                value: percentile(latencies, 99), baseline: percentile(rawLatencies, 99))
        ]
        if tapsOnly != nil {
            return Section(part: 8, rows: tapRows, baselineNote: "CAREKIT_BENCH_TAPS: \(latencies.count) taps after two warm-ups, nothing else of part 8.")
        }

        // 8e: 3,002 versions (602 with --quick) in as many revisions (a device that synchronized after every
        // tap), pulled into an empty device in pages of 100, against pages of 500.
        let pagedVersions = context.quick ? 602 : 3_002
        let (small, large) = try await pagedPulls(service: service, url: url, versions: pagedVersions, runs: runs)

        // 8h–8j: devices with nothing new, synchronizing as `carekit serve --sync` does.
        let idle = try await IdleDevices.rows(context, folder: folder)

        let outcomes = Format.grouped(Double(planned.count))
        let rows =
            [
                Row(
                    id: "8a", measurement: "first sync of \(taskCount) tasks and \(outcomes) outcomes into an empty device",
                    value: Figure(runs: syncs, unit: .seconds), baseline: Figure(runs: raws, unit: .seconds)),
                Row(
                    id: "8b", measurement: "bytes on the wire for that sync (\(pages.count) pages)",
                    value: Figure(single: wireBytes, unit: .bytes),
                    baseline: Figure(single: Double(try JSONEncoder().encode(OCKSyncPullPage(revisions: allRevisions, cursor: nil)).count), unit: .bytes))
            ] + tapRows + [
                Row(
                    id: "8k", measurement: "one outcome from device to device after \(Format.grouped(Double(laterTaps))) more taps, each synchronized: median",
                    value: percentile(laterLatencies, 50), baseline: percentile(latencies, 50), target: .ratioAtMost(1.5)),
                Row(
                    id: "8e", measurement: "first sync of \(Format.grouped(Double(pagedVersions))) versions in as many revisions, pages of 100",
                    value: Figure(runs: small, unit: .seconds), baseline: Figure(runs: large, unit: .seconds))
            ] + Growth.rows(id: "8g", measurement: "first sync into an empty device", items: growthVersions, seconds: growthSeconds, itemName: "versions")
            + idle.rows
        return Section(
            part: 8, rows: rows,
            baselineNote: """
                8a: the same \(pages.count) pages written and read raw: the revisions encoded with JSONEncoder, the pages \
                sent by an HTTP server on the same stack that does nothing else, each decoded by the client; the sync itself \
                also reads them from the server's SQLite, merges \(Format.grouped(Double(versions))) versions into the device's \
                store (one transaction) and checks it holds them all. 8b: the same revisions as one JSONEncoder body. \
                8c/8d: addOutcome, a sync of the phone (pull, push) and of the tablet (pull, push), against the same four \
                exchanges with bodies of the same sizes to the raw server; \(latencies.count) taps after two warm-ups. \
                8k: \(laterLatencies.count) taps more after \(Format.grouped(Double(laterTaps))) others (each synchronized on both \
                devices, as 8c's), against 8c's. \
                8e: the same sync in pages of 500 (a page must not cost more for being small). \
                8g: the first 1/8, 1/4 and 1/2 of the year's outcomes (in recording order) on a server of their own, \
                and 8a itself. \(Growth.note("8g")) \(idle.note)
                """)
    }

    /// Seconds for empty devices' first syncs of `outcomes` (and `tasks`) from a server that
    /// holds nothing else: a warm-up, then `runs` measured syncs, each into a new device.
    static func firstSyncOfHistory(tasks: [OCKTask], outcomes: [PlannedOutcome], runs: Int, folder: URL, name: String) async throws -> (versions: Int, seconds: [Double]) {
        let service = SyncService(storage: try SQLiteSyncStorage(path: folder.appendingPathComponent("\(name).sqlite").path), clock: { Fixtures.now })
        let token = try service.addPatient(name: name).token
        let server = SyncHTTPServer(service: service, port: 0)
        let port = try server.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let phone = OCKStore(name: "\(name)-phone", type: .onDisk, remote: OCKHTTPRemote(serverURL: url, token: token), directory: folder, clock: { Fixtures.now })
        try await phone.addTasks(tasks)
        try await Fixtures.add(outcomes, to: phone)
        try await phone.synchronize()
        try phone.delete()
        let versions = tasks.count + outcomes.count
        var seconds: [Double] = []
        for run in 0...runs {
            let device = OCKStore(name: "\(name)-device\(run)", type: .onDisk, remote: OCKHTTPRemote(serverURL: url, token: token), directory: folder, clock: { Fixtures.now })
            let elapsed = try await Timer.time { try await device.synchronize() }
            let count = try await device.exportVersions().count
            guard count == versions else { throw RawSQLiteError(description: "part 8: a device holds \(count) of \(versions) versions after its first sync") }
            try device.delete()
            if run > 0 { seconds.append(elapsed) }  // run 0 warms up
        }
        return (versions, seconds)
    }

    /// A patient whose versions were pushed one revision each; the seconds of an empty device's
    /// first sync in pages of 100 and of 500.
    static func pagedPulls(service: SyncService, url: URL, versions: Int, runs: Int) async throws -> (small: [Double], large: [Double]) {
        let token = try service.addPatient(name: "bench-pages").token
        var task = OCKTask(
            id: "pages", title: "Pages", carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 8, minutes: 0, start: Fixtures.versionDates[0], end: nil, text: nil, calendar: Fixtures.calendar))
        task.timezone = Fixtures.calendar.timeZone
        var random = SeededRandom(seed: 91)
        task.uuid = random.uuid()
        let process = random.uuid()
        var revisions = [OCKRevisionRecord(entities: [.task(task)], knowledgeVector: .init([process: 1]))]
        for occurrence in 0..<(versions - 1) {
            var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: [OCKOutcomeValue(Double(occurrence))])
            outcome.uuid = random.uuid()
            outcome.id = "pages-\(occurrence)"
            outcome.effectiveDate = Fixtures.versionDates[0]
            revisions.append(OCKRevisionRecord(entities: [.outcome(outcome)], knowledgeVector: .init([process: occurrence + 2])))
        }
        let body = try JSONEncoder().encode(OCKSyncPushRequest(revisions: revisions, deviceKnowledge: .init([process: versions])))
        let reply = service.push(authorization: "Bearer \(token)", body: body)
        guard reply.status == 200 else { throw RawSQLiteError(description: "part 8e: the push was refused: \(String(decoding: reply.body, as: UTF8.self))") }
        func firstSync(pageSize: Int) async throws -> Double {
            let device = OCKStore(name: "pages", type: .inMemory, remote: OCKHTTPRemote(serverURL: url, token: token, pageSize: pageSize), clock: { Fixtures.now })
            let seconds = try await Timer.time { try await device.synchronize() }
            let count = try await device.exportVersions().count
            guard count == versions else { throw RawSQLiteError(description: "part 8e: the device holds \(count) of \(versions) versions") }
            return seconds
        }
        let (small, large) = try await measurePair(runs: runs, value: { try await firstSync(pageSize: 100) }, baseline: { try await firstSync(pageSize: 500) })
        return (small, large)
    }

    /// An HTTP server that only hands out bytes it already has.
    final class RawServer: Sendable {
        let server: HTTPServer

        init(pages: [Data]) {
            server = HTTPServer(host: "127.0.0.1", port: 0, maximumBodySize: 1 << 20) { request in
                let parts = request.path.split(separator: "/")
                if parts.count == 2, parts[0] == "page", let index = Int(parts[1]), pages.indices.contains(index) {
                    return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .data(pages[index]))
                }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .data(Data(#"{"stored":1,"alreadyPresent":0}"#.utf8)))
            }
        }
    }
}
