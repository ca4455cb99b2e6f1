import CareKitHTTP
import CareKitSyncServer
import CareKitTeam
import Foundation

/// `carekit-bench --profile-list N`: seeds N of part 9's patients (5 daily tasks, 90 days)
/// into a sync server on SQLite, assigns them to one clinician and asks for the patient list
/// in this process (no HTTP): first with nothing kept, then again, then from a new dashboard on
/// the same storage (a start: the overviews kept in storage), then after one push of every
/// patient. A driver for instruction counts (`valgrind --tool=callgrind`) and for timing the
/// list's steps; it prints the times and the process's resident memory.
enum ProfileList {
    static func run(_ context: BenchContext, patients: Int) async throws {
        let folder = try context.folder("profile-list")
        let storage = try SQLiteSyncStorage(path: folder.appendingPathComponent("sync.sqlite").path)
        let service = SyncService(storage: storage, clock: { Fixtures.now })
        let sizes = Part9Team.Sizes(patients: patients, days: 90, devices: 1, pushSeconds: 1, listSeconds: 1)
        let seeded = try await Part9Team.seedPatients(service, sizes: sizes)
        let clinician = try await service.addClinician(email: Part9Team.clinicianEmail, password: "correct horse battery staple", limits: .minimum)
        for patient in seeded.patients { try storage.assign(patient: patient.id, to: clinician.id, at: Fixtures.now) }
        guard let token = DeviceToken.generate() else { throw BenchError("profile-list: no random token") }
        try storage.addSession(hash: DeviceToken.hash(token), clinician: clinician.id, at: Fixtures.now, stage: .signedIn)
        let request = HTTPRequest(method: "GET", path: "/team", headers: ["host": "127.0.0.1:8080"], cookies: ["carekit_team": token])
        func list(_ router: HTTPRouter, _ what: String) async throws {
            let start = PacedClients.now()
            let response = await router.handle(request)
            guard response.status == 200 else { throw BenchError("profile-list: GET /team answered \(response.status)") }
            log("profile-list: \(patients) patients, \(what): \(Format.duration(PacedClients.now() - start)); VmRSS \(residentMiB()) MiB")
        }
        func router() -> HTTPRouter {
            let dashboard = SyncTeamDashboard(service: service, calendar: Fixtures.calendar, secure: false, clock: { Fixtures.now }, log: { _ in })
            var router = HTTPRouter()
            dashboard.addRoutes(to: &router)
            return router
        }
        let first = router()
        try await list(first, "first list, nothing kept")
        try await list(first, "the same dashboard again")
        // For profiling the warm list alone: CAREKIT_BENCH_WARM_LISTS=N lists N times more.
        let repeats = Int(ProcessInfo.processInfo.environment["CAREKIT_BENCH_WARM_LISTS"] ?? "") ?? 0
        if repeats > 0 {
            let start = PacedClients.now()
            for _ in 0..<repeats { _ = await first.handle(request) }
            log("profile-list: \(repeats) warm lists: \(Format.duration((PacedClients.now() - start) / Double(repeats))) each")
        }
        let started = router()
        try await list(started, "a new dashboard on the same storage (a start)")
        try await list(started, "the same dashboard again")
        for patient in seeded.patients {
            guard let outcome = patient.late.first else { continue }
            let body = try Part9Team.pushBody(outcome, device: patient.device, clock: 2)
            let reply = service.push(authorization: "Bearer \(patient.token)", body: body)
            guard reply.status == 200 else { throw BenchError("profile-list: a push was refused (\(reply.status))") }
        }
        try await list(started, "after one push of every patient")
        try await list(started, "the same dashboard again")
    }

    /// The process's resident memory (VmRSS), in MiB.
    static func residentMiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes / 1024
    }
}
