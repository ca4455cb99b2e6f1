import CareKitHTTP
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncServer
import CareKitTeam
import Foundation
import Synchronization

/// Part 9: the care team's side on PostgreSQL (issue 17). Patients × 5 daily tasks × days of
/// outcomes are seeded through the sync API into a database this part creates (and drops);
/// one clinician has every patient assigned. Then, against `carekit sync-server`'s HTTP
/// server in this process:
/// * 9a/9b: the dashboard's patient list (`GET /team`, a session cookie), wrk at 8 connections;
/// * 9c, 9h, 9i–9k: the first patient list ever and after a start, its growth, what keeping the
///   overviews costs (Part9TeamStart.swift);
/// * 9d/9e: devices, each on its own connection, pushing one outcome per second (an event
///   ticked late) for a minute; 9e counts the pushes on the server against those acknowledged;
/// * 9f: the seeding rate.
///
/// Baselines, in the same run and on the same database: the same statements the server runs,
/// hand-written with libpq (``RawPostgres``), at the same concurrency or the same schedule.
enum Part9Team {
    struct Sizes {
        var patients: Int
        var days: Int
        var devices: Int
        var pushSeconds: Int
        var listSeconds: Int
    }

    static let taskCount = 5
    static let clinicianEmail = "nurse@clinic.example"

    static func run(_ context: BenchContext) async throws -> Section {
        var sizes =
            context.quick
            ? Sizes(patients: 20, days: 14, devices: 20, pushSeconds: 3, listSeconds: 3)
            : Sizes(patients: 1_000, days: 90, devices: 1_000, pushSeconds: 60, listSeconds: 15)
        // For profiling one phase at other sizes: CAREKIT_BENCH_PART9=patients,days,devices,seconds.
        if let text = ProcessInfo.processInfo.environment["CAREKIT_BENCH_PART9"] {
            let numbers = text.split(separator: ",").compactMap { Int($0) }
            if numbers.count == 4, numbers.allSatisfy({ $0 > 0 }) {
                sizes = Sizes(patients: numbers[0], days: numbers[1], devices: min(numbers[2], numbers[0]), pushSeconds: numbers[3], listSeconds: 3)
            }
        }
        let note = """
            \(Format.grouped(Double(sizes.patients))) patients × \(taskCount) daily tasks × \(sizes.days) days of outcomes seeded through the sync API \
            into PostgreSQL; one clinician sees every patient (\(SyncTeamDashboard.listPageSize) rows per page). 9a/9b: wrk -t2 -c8 for \
            \(sizes.listSeconds) s against GET /team; baseline: the list's statements (session, acknowledged alerts, every assigned patient's latest \
            revision, the page's audit lines) by hand with libpq on 8 connections. 9i: the first list ever (every overview computed and \
            kept); baseline: reading those patients' versions with one SELECT. 9c: the first list of a new server on the same database \
            (the kept overviews read back); baseline: reading them with one SELECT. \(Growth.note("9h")) 9j: the kept overviews' bytes \
            against the versions'. 9k: this process's VmRSS (it runs the server) after 9i against before it. 9d/9e: \(Format.grouped(Double(sizes.devices))) devices, one connection each, one push per second \
            for \(sizes.pushSeconds) s, latency counted from when each push was due; baseline: the push's statements by hand on 8 connections \
            on the same schedule. 9f baseline: the same versions inserted by hand (INSERT … unnest, 2,000 per statement). 9g: a \
            carekit sync-server process on SQLite; \(Part9SignIn.attempts(quick: context.quick)) clinicians' sign-in forms posted at once by curl; \
            its VmHWM after them against the closed form: its VmHWM before them plus the two Argon2id hashes it runs at once.
            """
        var list = Row(id: "9a", measurement: "team dashboard: patient list, p99, 8 connections", target: .valueBelow(seconds: 0.1))
        var listRate = Row(id: "9b", measurement: "team dashboard: patient list, requests/s")
        var push = Row(
            id: "9d", measurement: "sync push under \(Format.grouped(Double(sizes.devices))) devices × 1 push/s, p99",
            target: .valueBelow(seconds: 0.05))
        var kept = Row(id: "9e", measurement: "pushes acknowledged and found on the server (ratio 1 = none lost)", target: .ratioAtLeast(1))
        var seed = Row(id: "9f", measurement: "seeding through the sync API: versions/s")
        // 9g needs no PostgreSQL: its server runs on SQLite.
        log("Part 9: \(Part9SignIn.attempts(quick: context.quick)) clinicians signing in at once")
        let signIn = Part9SignIn.run(context)
        var start = StartRows()
        let rows = { [list, listRate] + start.all + [push, kept, seed, signIn] }
        let environment = ProcessInfo.processInfo.environment
        guard let server = environment["CAREKIT_BENCH_POSTGRES"] ?? environment["CAREKIT_TEST_POSTGRES"] else {
            let reason = "n/a — no PostgreSQL: set CAREKIT_BENCH_POSTGRES, or run `make bench` (scripts/with-postgres starts one)"
            return Section(part: 9, rows: rows().map { row in row.id == signIn.id ? row : with(row) { $0.missing = reason } }, baselineNote: note)
        }

        // A database of this run's own, dropped at the end (never one that was there).
        let name = "carekit_bench_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        let admin = try RawPostgres(conninfo: server)
        try admin.execute("CREATE DATABASE \(name)")
        defer { try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let conninfo = RawPostgres.conninfo(server, database: name)
        let storage = try PostgresSyncStorage(conninfo: conninfo, connections: 8)
        let service = SyncService(storage: storage, clock: { Fixtures.now })

        // Seeding: each patient's phone pushes its plan and history.
        log("Part 9: seeding \(sizes.patients) patients × \(taskCount) tasks × \(sizes.days) days through the sync API")
        let seeded = try await seedPatients(service, sizes: sizes)
        seed.value = Figure(single: Double(seeded.versions) / seeded.seconds, unit: .rate("versions/s"))
        let raw = try RawPostgres(conninfo: conninfo)
        // Ninety days of a thousand patients arrived in seconds; a clinic's arrive over ninety
        // days. As PostgreSQL advises after a bulk load: statistics gathered, and the dirty
        // pages written out, so the pushes below meet the database in its steady state.
        try raw.execute("VACUUM ANALYZE")
        try raw.execute("CHECKPOINT")
        seed.baseline = Figure(single: try rawSeedRate(raw, sample: Array(seeded.patients.prefix(max(sizes.patients / 10, 2))), sizes: sizes), unit: .rate("versions/s"))

        // The clinician, their patients and a session.
        let clinician = try await service.addClinician(email: clinicianEmail, password: "correct horse battery staple", limits: .minimum)
        for patient in seeded.patients { try storage.assign(patient: patient.id, to: clinician.id, at: Fixtures.now) }
        guard let sessionToken = DeviceToken.generate() else { throw BenchError("part 9: no random token") }
        try storage.addSession(hash: DeviceToken.hash(sessionToken), clinician: clinician.id, at: Fixtures.now, stage: .signedIn)

        var limits = HTTPServer.Limits()
        limits.maximumConnections = max(limits.maximumConnections, sizes.devices + 64)
        let dashboard = SyncTeamDashboard(service: service, calendar: Fixtures.calendar, secure: false, clock: { Fixtures.now }, log: { _ in })
        let http = SyncHTTPServer(service: service, port: 0, limits: limits, mounting: dashboard.addRoutes, clock: { Fixtures.now }, log: { _ in })
        let port = try http.start()
        defer { http.stop() }
        let listURL = "http://127.0.0.1:\(port)/team"

        // 9i, 9c, 9h, 9j, 9k: the first list ever, the first after a start, what keeping costs.
        start = try await startRows(
            context,
            Setting(
                service: service, conninfo: conninfo, raw: raw, patients: seeded.patients.map(\.id), sessionToken: sessionToken, listURL: listURL,
                limits: limits))

        // 9a/9b: the list under load.
        if let wrk = Part7Web.findWrk() {
            let cookie = ["-H", "Cookie: carekit_team=\(sessionToken)"]
            _ = MachineInfo.run(wrk, ["-t2", "-c8", "-d2s", "--timeout", "5s"] + cookie + [listURL])
            var p99s: [Double] = [], rates: [Double] = [], baseP99s: [Double] = [], baseRates: [Double] = []
            for _ in 0..<context.runs {
                // Each side starts with nothing of the phases before left to write back (9f's
                // and 9i's inserts), so that neither pays a checkpoint the other does not.
                try raw.execute("CHECKPOINT")
                guard let result = MachineInfo.run(wrk, ["-t2", "-c8", "-d\(sizes.listSeconds)s", "--timeout", "5s", "--latency"] + cookie + [listURL]).flatMap(Part7Web.parse)
                else { break }
                p99s.append(result.p99)
                rates.append(result.rate)
                try raw.execute("CHECKPOINT")
                let base = try rawListLoad(
                    conninfo: conninfo, clinician: clinician.id, session: DeviceToken.hash(sessionToken), seconds: Double(max(sizes.listSeconds / 3, 2)))
                baseP99s.append(base.p99)
                baseRates.append(base.rate)
                log(
                    "Part 9: list run \(p99s.count): p99 \(Format.duration(result.p99)) at \(Int(result.rate)) lists/s; "
                        + "by hand p99 \(Format.duration(base.p99)) at \(Int(base.rate))/s; VmRSS \(ProfileList.residentMiB()) MiB")
            }
            if p99s.isEmpty {
                list.missing = "n/a — wrk failed against \(listURL)"
                listRate.missing = list.missing
            } else {
                list.value = Figure(runs: p99s, unit: .seconds)
                list.baseline = Figure(runs: baseP99s, unit: .seconds)
                listRate.value = Figure(runs: rates, unit: .rate("requests/s"))
                listRate.baseline = Figure(runs: baseRates, unit: .rate("requests/s"))
            }
        } else {
            list.missing = "n/a — wrk is not installed (apt-get install wrk)"
            listRate.missing = list.missing
        }

        // 9d/9e: devices pushing late ticks.
        let before = try raw.scalar("SELECT count(*) FROM version")
        let devices = Array(seeded.patients.prefix(sizes.devices))
        let requests = try devices.map { patient in
            try patient.late.prefix(sizes.pushSeconds).enumerated().map { index, outcome in
                try pushRequest(outcome, device: patient.device, clock: index + 2, token: patient.token, port: port)
            }
        }
        let offsets = devices.indices.map { Double($0) / Double(max(devices.count, 1)) }
        try raw.execute("CHECKPOINT")
        log("Part 9: \(devices.count) devices pushing once a second for \(sizes.pushSeconds) s")
        let load = try PacedClients.run(port: port, requests: requests, offsets: offsets, interval: 1, acknowledgement: Data(#""stored":1"#.utf8))
        let after = try raw.scalar("SELECT count(*) FROM version")
        log("Part 9: push latency " + pushDistribution(load.latencies))
        let sent = requests.reduce(0) { $0 + $1.count }
        let refused = load.statuses.filter { $0.key != 200 }.values.reduce(0, +)
        if load.latencies.isEmpty {
            push.missing = "n/a — no push was answered"
        } else {
            push.value = Figure(single: Stats.percentile(load.latencies, 99), unit: .seconds)
            try raw.execute("CHECKPOINT")
            push.baseline = Figure(
                single: try rawPushLoad(conninfo: conninfo, devices: devices, count: min(sizes.pushSeconds, max(sizes.pushSeconds / 3, 3))),
                unit: .seconds)
        }
        kept.measurement += " — \(Format.grouped(Double(sent))) sent, \(refused) refused, \(load.unanswered) unanswered"
        kept.value = Figure(single: Double(after - before), unit: .rate("found"))
        kept.baseline = Figure(single: Double(load.acknowledged), unit: .rate("acknowledged"))
        return Section(part: 9, rows: rows(), baselineNote: note)
    }

    /// p50, p90, p99 and the longest push, then each sixth of the run's p99 (in the order the
    /// answers came): whether a slow tail is steady or one stretch.
    static func pushDistribution(_ latencies: [Double]) -> String {
        guard !latencies.isEmpty else { return "n/a" }
        func ms(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }
        let overall = [50.0, 90, 99].map { "p\(Int($0)) \(ms(Stats.percentile(latencies, $0)))" } + ["max \(ms(latencies.max() ?? 0))"]
        let size = max(latencies.count / 6, 1)
        let sixths = stride(from: 0, to: latencies.count, by: size).map { ms(Stats.percentile(Array(latencies[$0..<min($0 + size, latencies.count)]), 99)) }
        return overall.joined(separator: ", ") + "; p99 by sixth: " + sixths.joined(separator: " ")
    }

    static func with(_ row: Row, _ change: (inout Row) -> Void) -> Row {
        var copy = row
        change(&copy)
        return copy
    }

    // MARK: Seeding

    /// A seeded patient: their id and device token, the device's process uuid, and the
    /// outcomes kept back to be pushed late during the load.
    struct SeededPatient: Sendable {
        var id: Int64
        var token: String
        var device: UUID
        var late: [OCKOutcome]
    }

    /// Patient `index`'s plan, history and late ticks, the same on every call.
    static func plan(_ index: Int, sizes: Sizes) -> (entities: [OCKEntity], late: [OCKOutcome], device: UUID) {
        let today = Fixtures.calendar.startOfDay(for: Fixtures.now)
        let start = Fixtures.calendar.date(byAdding: .day, value: -sizes.days, to: today) ?? today
        let tasks = Fixtures.firstVersions(count: taskCount, seed: UInt64(index + 1))
        let planned = Fixtures.outcomes(for: tasks, from: start, to: Fixtures.now, seed: UInt64(index + 1))
        var random = SeededRandom(seed: UInt64(index) &+ 0xC0FFEE)
        var history: [OCKOutcome] = []
        var late: [OCKOutcome] = []
        for outcome in planned.map(\.outcome) {
            // About one event in six is ticked late (pushed during the load), some never.
            let roll = random.next() % 12
            if roll < 2 && late.count < sizes.pushSeconds {
                late.append(outcome)
            } else if roll != 2 {
                history.append(outcome)
            }
        }
        return (tasks.map { .task($0) } + history.map { .outcome($0) }, late, random.uuid())
    }

    static func seedPatients(_ service: SyncService, sizes: Sizes) async throws -> (patients: [SeededPatient], versions: Int, seconds: Double) {
        var patients: [SeededPatient] = []
        var versions = 0
        var seconds = 0.0
        for index in 0..<sizes.patients {
            let (entities, late, device) = plan(index, sizes: sizes)
            let (patient, token) = try service.addPatient(name: "patient-\(String(index + 10_000).dropFirst())")
            let chunks = stride(from: 0, to: entities.count, by: 2_000).map { Array(entities[$0..<min($0 + 2_000, entities.count)]) }
            let bodies = try chunks.enumerated().map { offset, chunk in
                try JSONEncoder().encode(
                    OCKSyncPushRequest(
                        revisions: [OCKRevisionRecord(entities: chunk, knowledgeVector: .init([device: 1]))],
                        deviceKnowledge: offset == chunks.count - 1 ? .init([device: 1]) : nil))
            }
            seconds += try await Timer.time {
                for body in bodies {
                    let reply = service.push(authorization: "Bearer \(token)", body: body)
                    guard reply.status == 200 else {
                        throw BenchError("part 9: a seeding push was refused (\(reply.status)): \(String(decoding: reply.body.prefix(300), as: UTF8.self))")
                    }
                }
            }
            versions += entities.count
            patients.append(SeededPatient(id: patient.id, token: token, device: device, late: late))
        }
        return (patients, versions, seconds)
    }

    /// The body a device sends to push one outcome.
    static func pushBody(_ outcome: OCKOutcome, device: UUID, clock: Int) throws -> Data {
        try JSONEncoder().encode(
            OCKSyncPushRequest(
                revisions: [OCKRevisionRecord(entities: [.outcome(outcome)], knowledgeVector: .init([device: clock]))],
                deviceKnowledge: .init([device: clock])))
    }

    /// The whole HTTP request a device sends to push one outcome.
    static func pushRequest(_ outcome: OCKOutcome, device: UUID, clock: Int, token: String, port: Int) throws -> Data {
        let body = try pushBody(outcome, device: device, clock: clock)
        let head =
            "POST /sync/v1/push HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        return Data(head.utf8) + body
    }

    // MARK: Baselines by hand

    /// Versions per second inserted by hand the way the server stores a push (a revision row,
    /// then its versions with INSERT … unnest), for a sample of the patients, in a table of
    /// the same shape.
    static func rawSeedRate(_ raw: RawPostgres, sample: [SeededPatient], sizes: Sizes) throws -> Double {
        try raw.execute("CREATE TABLE raw_version (LIKE version INCLUDING ALL); CREATE TABLE raw_revision (LIKE revision INCLUDING ALL)")
        var count = 0
        var seconds = 0.0
        for (position, patient) in sample.enumerated() {
            let entities = plan(position, sizes: sizes).entities
            let encoder = JSONEncoder()
            let rows = try entities.map { entity -> (String, String) in
                (entity.uuid.uuidString, String(decoding: try encoder.encode(entity), as: UTF8.self))
            }
            let knowledge = String(decoding: try encoder.encode(OCKRevisionRecord.KnowledgeVector([patient.device: 1])), as: UTF8.self)
            let start = PacedClients.now()
            try raw.execute("BEGIN")
            try raw.query(
                "INSERT INTO raw_revision (patient, sequence, knowledge, stored) VALUES ($1, 1, $2, $3)",
                [String(patient.id), knowledge, String(Fixtures.now.timeIntervalSince1970)])
            for first in stride(from: 0, to: rows.count, by: 2_000) {
                let chunk = rows[first..<min(first + 2_000, rows.count)]
                try raw.query(
                    """
                    INSERT INTO raw_version (patient, uuid, sequence, position, json)
                    SELECT $1, u, 1, $2 + p - 1, j FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS t(u, j, p)
                    """, [String(patient.id), String(first), RawPostgres.array(chunk.map(\.0)), RawPostgres.array(chunk.map(\.1))])
            }
            try raw.execute("COMMIT")
            seconds += PacedClients.now() - start
            count += rows.count
        }
        return Double(count) / max(seconds, 1e-9)
    }

    /// Seconds to read every version of these patients with one SELECT.
    static func rawReadVersions(_ raw: RawPostgres, patients: [Int64]) throws -> Double {
        let start = PacedClients.now()
        let rows = try raw.query("SELECT uuid, json FROM version WHERE patient = ANY($1::bigint[]) ORDER BY patient, sequence, position", [RawPostgres.array(patients.map(String.init))])
        guard !rows.isEmpty else { throw BenchError("part 9: no versions read") }
        return PacedClients.now() - start
    }

    /// The patient list's statements by hand on 8 connections for `seconds`: p99 and rate.
    static func rawListLoad(conninfo: String, clinician: Int64, session: Data, seconds: Double) throws -> (p99: Double, rate: Double) {
        let hash = session.map { String(format: "%02x", $0) }.joined()
        let end = PacedClients.now() + seconds
        let latencies = try onConnections(conninfo, work: Array(repeating: (), count: 8)) { connection, _ in
            var latencies: [Double] = []
            while PacedClients.now() < end {
                let start = PacedClients.now()
                try connection.query(
                    """
                    SELECT clinician.id, clinician.email, clinician.password, clinician.created, team_session.created, team_session.last_seen
                    FROM team_session JOIN clinician ON clinician.id = team_session.clinician WHERE team_session.hash = decode($1, 'hex')
                    """, [hash])
                _ = try connection.query(
                    "SELECT alert_ack.patient, alert_ack.key FROM assignment JOIN alert_ack ON alert_ack.patient = assignment.patient WHERE assignment.clinician = $1",
                    [String(clinician)])
                // The session's last request is written at most every 30 s (the server's
                // `sessionTouchInterval`): not within a run. Each patient's latest revision is
                // on their row (schema 10).
                let patients = try connection.query(
                    """
                    SELECT patient.id, patient.name, patient.created, patient.latest_sequence, patient.latest_stored, patient_contact.at
                    FROM assignment JOIN patient ON patient.id = assignment.patient
                    LEFT JOIN patient_contact ON patient_contact.patient = patient.id
                    WHERE assignment.clinician = $1 ORDER BY patient.name COLLATE "C"
                    """, [String(clinician)])
                let shown = patients.prefix(SyncTeamDashboard.listPageSize).compactMap { $0.first ?? nil }
                // The audit's lines are chained: the lock that orders appends, the last hash, then
                // the lines with theirs (the hashes' SHA-256 itself is left out of the baseline).
                try connection.execute("BEGIN")
                try connection.execute("SELECT pg_advisory_xact_lock(1128747841)")
                _ = try connection.query("SELECT hash FROM audit ORDER BY id DESC LIMIT 1")
                let zeros = String(repeating: "00", count: 32)
                try connection.query(
                    """
                    INSERT INTO audit (at, clinician, patient, actor, action, address, previous, hash)
                    SELECT at, clinician, patient, actor, action, address, decode(previous, 'hex'), decode(hash, 'hex')
                    FROM unnest($1::double precision[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
                        WITH ORDINALITY AS t(at, clinician, patient, actor, action, address, previous, hash, n)
                    ORDER BY n
                    """,
                    [
                        RawPostgres.array(shown.map { _ in String(Fixtures.now.timeIntervalSince1970) }),
                        RawPostgres.array(shown.map { _ in String(clinician) }), RawPostgres.array(shown),
                        RawPostgres.array(shown.map { _ in "nurse@clinic.example" }),
                        RawPostgres.array(shown.map { _ in "saw adherence, last sync and alerts in the patient list" }),
                        RawPostgres.array(shown.map { _ in "127.0.0.1" }),
                        RawPostgres.array(shown.map { _ in zeros }), RawPostgres.array(shown.map { _ in zeros })
                    ])
                try connection.execute("COMMIT")
                latencies.append(PacedClients.now() - start)
            }
            return latencies
        }
        return (Stats.percentile(latencies, 99), Double(latencies.count) / seconds)
    }

    /// p99 of a push's statements by hand (the patient's row locked, the uuids looked up, the
    /// revision and its version inserted, the knowledge written), on 8 connections, each push
    /// due on the devices' schedule (`count` seconds), counted from when it was due.
    static func rawPushLoad(conninfo: String, devices: [SeededPatient], count: Int) throws -> Double {
        let encoder = JSONEncoder()
        struct Due: Sendable {
            var due: Double
            var patient: Int64
            var uuid: String
            var json: String
            var knowledge: String
        }
        var work: [[Due]] = Array(repeating: [], count: 8)
        for (index, device) in devices.enumerated() {
            for (k, outcome) in device.late.prefix(count).enumerated() {
                var fresh = outcome
                fresh.uuid = UUID()
                let json = String(decoding: try encoder.encode(OCKEntity.outcome(fresh)), as: UTF8.self)
                let knowledge = String(decoding: try encoder.encode(OCKRevisionRecord.KnowledgeVector([device.device: 1_000 + k])), as: UTF8.self)
                work[index % 8].append(Due(due: Double(index) / Double(devices.count) + Double(k), patient: device.id, uuid: fresh.uuid.uuidString, json: json, knowledge: knowledge))
            }
        }
        let start = PacedClients.now() + 0.2
        let latencies = try onConnections(conninfo, work: work.map { $0.sorted { $0.due < $1.due } }) { connection, list in
            var latencies: [Double] = []
            for item in list {
                let due = start + item.due
                let wait = due - PacedClients.now()
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                let patient = String(item.patient)
                // Lock and read in one round trip, as the server does (the read is a statement
                // of its own, so its snapshot is taken after the lock is held).
                let read = try connection.lastRows(
                    ofBatch: """
                        BEGIN; SELECT 1 FROM patient WHERE id = \(item.patient) FOR UPDATE;
                        SELECT (SELECT coalesce(max(sequence), 0) FROM revision WHERE patient = \(item.patient)),
                            (SELECT coalesce(string_agg(uuid::text, ','), '') FROM version WHERE patient = \(item.patient) AND uuid = ANY('{\(item.uuid)}'::uuid[])),
                            (SELECT knowledge FROM patient WHERE id = \(item.patient))
                        """)
                let knowledge = read.first?[2] ?? ""
                let sequence = String((Int64(read.first?.first.flatMap { $0 } ?? "0") ?? 0) + 1)
                try connection.query(
                    """
                    WITH new_revision AS (
                        INSERT INTO revision (patient, sequence, knowledge, stored)
                        SELECT $1, s, k, $4 FROM unnest($2::bigint[], $3::text[]) AS t(s, k)
                    ), new_version AS (
                        INSERT INTO version (patient, uuid, sequence, position, json)
                        SELECT $1, u, s, p, j FROM unnest($5::uuid[], $6::bigint[], $7::integer[], $8::text[]) AS t(u, s, p, j)
                    )
                    UPDATE patient SET knowledge = coalesce($9, knowledge) WHERE id = $1
                    """,
                    [
                        patient, RawPostgres.array([sequence]), RawPostgres.array([item.knowledge]), String(Fixtures.now.timeIntervalSince1970),
                        RawPostgres.array([item.uuid]), RawPostgres.array([sequence]), RawPostgres.array(["0"]), RawPostgres.array([item.json]), knowledge
                    ])
                try connection.execute("COMMIT")
                latencies.append(PacedClients.now() - due)
            }
            return latencies
        }
        return Stats.percentile(latencies, 99)
    }

    /// Runs `body` on a thread of its own for each piece of `work`, each with its own
    /// connection, and gathers the latencies they measured.
    static func onConnections<Work: Sendable>(
        _ conninfo: String, work: [Work], _ body: @escaping @Sendable (RawPostgres, Work) throws -> [Double]
    ) throws -> [Double] {
        let connections = try work.map { _ in try RawPostgres(conninfo: conninfo) }
        let results = Mutex<(latencies: [Double], failure: String?)>(([], nil))
        let group = DispatchGroup()
        for (connection, piece) in zip(connections, work) {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let latencies = try body(connection, piece)
                    results.withLock { $0.latencies += latencies }
                } catch {
                    results.withLock { $0.failure = "\(error)" }
                }
            }
        }
        group.wait()
        let (latencies, failure) = results.withLock { $0 }
        if let failure { throw BenchError("part 9 baseline: \(failure)") }
        guard !latencies.isEmpty else { throw BenchError("part 9 baseline: nothing measured") }
        return latencies
    }
}
