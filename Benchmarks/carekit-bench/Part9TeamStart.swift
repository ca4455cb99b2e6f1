import CareKitHTTP
import CareKitSyncServer
import CareKitTeam
import Foundation

/// Part 9's patient list at a start (issue 32, "the care team at scale"):
/// * 9i: the first list ever, on a database with nothing kept: every patient's overview
///   computed from their revisions (and kept); baseline: reading those versions with one SELECT;
/// * 9c: the first list after a start: a new server (storage, service, dashboard: nothing in
///   memory) on the same database, which reads the kept overviews; baseline: reading them with
///   one SELECT;
/// * 9h1–9h4: the same at four sizes (clinicians with 1/8, 1/4, 1/2 and all the patients),
///   against linear growth from the smallest;
/// * 9j, 9k: what keeping them costs: their bytes in the database against the versions', and
///   this process's resident memory after the first list against before it.
extension Part9Team {
    struct StartRows {
        var started = Row(id: "9c", measurement: "team dashboard: first patient list after a start (overviews kept in the database)", target: .valueBelow(seconds: 1))
        var computed = Row(id: "9i", measurement: "team dashboard: first patient list ever (every overview computed from the revisions)")
        var growth: [Row] = []
        var kept = Row(id: "9j", measurement: "kept overviews: bytes in the database, against the versions' own JSON")
        var memory = Row(id: "9k", measurement: "memory: this process's VmRSS after the first list ever, against before it")

        var all: [Row] { [started, computed] + growth + [kept, memory] }
    }

    struct Setting {
        var service: SyncService
        var conninfo: String
        var raw: RawPostgres
        var patients: [Int64]
        var sessionToken: String
        var listURL: String
        var limits: HTTPServer.Limits
    }

    static func startRows(_ context: BenchContext, _ setting: Setting) async throws -> StartRows {
        var rows = StartRows()
        let cookie = ["-H", "Cookie: carekit_team=\(setting.sessionToken)"]
        func list(_ url: String) throws {
            guard let page = MachineInfo.run("/usr/bin/curl", ["-s", "-f"] + cookie + [url]), page.contains("<table") || page.contains("patient-")
            else { throw BenchError("part 9: the patient list did not load") }
        }

        // 9i: every overview computed (and kept).
        let before = Double(ProfileList.residentMiB()) * 1_048_576
        let cold = try await Timer.time { try list(setting.listURL) }
        rows.computed.value = Figure(single: cold, unit: .seconds)
        rows.computed.baseline = Figure(single: try rawReadVersions(setting.raw, patients: setting.patients), unit: .seconds)
        rows.memory.value = Figure(single: Double(ProfileList.residentMiB()) * 1_048_576, unit: .bytes)
        rows.memory.baseline = Figure(single: before, unit: .bytes)

        // 9c: a new server on the same database.
        let storage = try PostgresSyncStorage(conninfo: setting.conninfo, connections: 8)
        let service = SyncService(storage: storage, clock: { Fixtures.now })
        let dashboard = SyncTeamDashboard(service: service, calendar: Fixtures.calendar, secure: false, clock: { Fixtures.now }, log: { _ in })
        let http = SyncHTTPServer(service: service, port: 0, limits: setting.limits, mounting: dashboard.addRoutes, clock: { Fixtures.now }, log: { _ in })
        let port = try http.start()
        let started = try await Timer.time { try list("http://127.0.0.1:\(port)/team") }
        http.stop()
        rows.started.value = Figure(single: started, unit: .seconds)
        rows.started.baseline = Figure(single: try rawReadKept(setting.raw, patients: setting.patients), unit: .seconds)

        let bytes = try setting.raw.query("SELECT count(*), coalesce(sum(octet_length(json)), 0) FROM team_overview")
        let versions = try setting.raw.scalar("SELECT coalesce(sum(octet_length(json)), 0) FROM version")
        let count = Int(bytes.first?[0] ?? "") ?? 0
        rows.kept.measurement += " (\(Format.grouped(Double(count))) patients)"
        rows.kept.value = Figure(single: Double(bytes.first?[1] ?? "") ?? 0, unit: .bytes)
        rows.kept.baseline = Figure(single: Double(versions), unit: .bytes)

        rows.growth = try await growthRows(context, setting)
        return rows
    }

    /// 9h1–9h4: the first list after a start for clinicians with 1/8, 1/4, 1/2 and all the
    /// patients (in this process: a new service and dashboard on the same storage each run).
    static func growthRows(_ context: BenchContext, _ setting: Setting) async throws -> [Row] {
        let storage = setting.service.storage
        var counts: [Int] = []
        var seconds: [[Double]] = []
        for divisor in [8, 4, 2, 1] {
            let patients = Array(setting.patients.prefix(max(setting.patients.count / divisor, 1)))
            let clinician = try await setting.service.addClinician(email: "growth-\(divisor)@clinic.example", password: "correct horse battery staple", limits: .minimum)
            for patient in patients { try storage.assign(patient: patient, to: clinician.id, at: Fixtures.now) }
            guard let token = DeviceToken.generate() else { throw BenchError("part 9: no random token") }
            try storage.addSession(hash: DeviceToken.hash(token), clinician: clinician.id, at: Fixtures.now, stage: .signedIn)
            let request = HTTPRequest(method: "GET", path: "/team", headers: ["host": "127.0.0.1:8443"], cookies: ["carekit_team": token])
            counts.append(patients.count)
            seconds.append(
                try await Part10Growth.measure(context) { _ in
                    let service = SyncService(storage: storage, clock: { Fixtures.now })
                    let dashboard = SyncTeamDashboard(service: service, calendar: Fixtures.calendar, secure: false, clock: { Fixtures.now }, log: { _ in })
                    var router = HTTPRouter()
                    dashboard.addRoutes(to: &router)
                    return try await Timer.time {
                        let response = await router.handle(request)
                        guard response.status == 200 else { throw BenchError("part 9: GET /team answered \(response.status)") }
                    }
                })
        }
        return Growth.rows(id: "9h", measurement: "team dashboard: first patient list after a start", items: counts, seconds: seconds, itemName: "patients")
    }

    /// Seconds to read these patients' kept overviews with one SELECT.
    static func rawReadKept(_ raw: RawPostgres, patients: [Int64]) throws -> Double {
        let start = PacedClients.now()
        let rows = try raw.query("SELECT patient, revision, json FROM team_overview WHERE patient = ANY($1::bigint[])", [RawPostgres.array(patients.map(String.init))])
        guard !rows.isEmpty else { throw BenchError("part 9: no kept overviews read") }
        return PacedClients.now() - start
    }
}
