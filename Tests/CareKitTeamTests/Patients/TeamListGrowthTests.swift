import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// The patient list costs in proportion to the patients listed, whether it computes every
/// overview (nothing kept), reads them back after a start (kept in storage) or has them in
/// memory. Work is counted in SQLite virtual-machine steps (rows visited, index probes, values
/// written) of the server's storage and of the patients' replicas, which is the same on a busy
/// machine as on a quiet one, so doubling the patients may at most triple the count.
@Suite("Team dashboard: the patient list grows linearly")
struct TeamListGrowthTests {
    typealias T = SyncFixtures

    /// Patients at the three sizes: each doubles the one before.
    static let sizes = [3, 6, 12]

    /// A server on SQLite (the count is SQLite's, whichever storage the suite runs on) with
    /// `patients` patients assigned to one clinician, each with two daily tasks and five days
    /// done of each; "now" is January 7, 2025, 12:00 in New York.
    struct Clinic {
        let storage: SQLiteSyncStorage
        let service: SyncService
        let clock: SyncTestClock

        init(patients: Int) async throws {
            clock = SyncTestClock(T.date(6, 20))
            storage = try SQLiteSyncStorage(path: ":memory:")
            service = SyncService(storage: storage, clock: clock.function)
            _ = try await service.addClinician(email: "grace@clinic.example", password: TeamFixture.gracePassword, limits: .minimum)
            let server = InProcessServer(service: service)
            for number in 0..<patients {
                let name = "Patient \(number)"
                let (_, token) = try service.addPatient(name: name)
                try service.assign(clinicianEmail: "grace@clinic.example", patientNamed: name)
                let phone = T.device(server, token: token, now: T.date(6, 20))
                for id in ["pills", "walk"] {
                    let task = try await phone.addTask(T.dailyTask(id))
                    for day in 0..<5 { try await phone.addOutcome(T.outcome(task, day)) }
                }
                try await phone.synchronize()
            }
            clock.set(T.date(7, 12))
        }

        /// A dashboard on this server's storage, as a server that starts has, and a browser
        /// signed in to it.
        func start() async -> (SyncTeamDashboard, TeamClient) {
            var policy = SyncTeamDashboard.Policy()
            policy.passwordLimits = .minimum
            let dashboard = SyncTeamDashboard(service: service, calendar: T.calendar, secure: false, policy: policy, clock: clock.function, log: { _ in })
            var router = HTTPRouter()
            dashboard.addRoutes(to: &router)
            var browser = TeamClient(router)
            await browser.signIn("grace@clinic.example", TeamFixture.gracePassword)
            return (dashboard, browser)
        }
    }

    /// The storage's and the replicas' steps of one `GET /team`.
    static func steps(_ clinic: Clinic, _ dashboard: SyncTeamDashboard, _ browser: inout TeamClient) async throws -> (storage: Int64, replicas: Int64) {
        let storage = try clinic.storage.sqliteSteps(), replicas = await dashboard.replicas.sqliteSteps()
        let page = try #require(await browser.get("/team").bodyText)
        #expect(page.contains("Patient 0"), "the list did not load")
        return (try clinic.storage.sqliteSteps() - storage, await dashboard.replicas.sqliteSteps() - replicas)
    }

    static func expectLinear(_ counts: [Int64], _ name: String) {
        #expect(counts.allSatisfy { $0 > 0 }, "\(name): SQLite did no work (\(counts))")
        for (small, large) in zip(counts, counts.dropFirst()) {
            let ratio = Double(large) / Double(max(small, 1))
            #expect(ratio <= 3, "\(name): doubling the patients took \(String(format: "%.1f", ratio))× the SQLite steps (\(counts) at \(sizes) patients)")
        }
    }

    @Test("The first list (every overview computed), the first after a start (read back) and the next (in memory) each grow linearly")
    func linear() async throws {
        var computed: [Int64] = [], readBack: [Int64] = [], inMemory: [Int64] = []
        for patients in Self.sizes {
            let clinic = try await Clinic(patients: patients)
            var (first, browser) = await clinic.start()
            let cold = try await Self.steps(clinic, first, &browser)
            computed.append(cold.storage + cold.replicas)

            var (started, again) = await clinic.start()
            let kept = try await Self.steps(clinic, started, &again)
            #expect(kept.replicas == 0, "a start computed overviews again (\(kept.replicas) steps on replicas at \(patients) patients)")
            readBack.append(kept.storage)
            let warm = try await Self.steps(clinic, started, &again)
            #expect(warm.replicas == 0)
            inMemory.append(warm.storage)
        }
        Self.expectLinear(computed, "the first list")
        Self.expectLinear(readBack, "the first list after a start")
        Self.expectLinear(inMemory, "a list with every overview in memory")
        // Reading back costs less than computing: the start is not the first list again.
        #expect(zip(readBack, computed).allSatisfy { $0 * 2 < $1 }, "read back \(readBack), computed \(computed)")
    }
}
