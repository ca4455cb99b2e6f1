import CareKitHTTP
import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Synchronization
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// The patient list's overviews are kept in memory and in storage, several days ahead, for the
/// patient's latest revision: a server that starts again reads them back instead of computing
/// them, midnight computes nothing for a patient who did not push, and a push, to this server
/// or while it was down, is on the next list.
@Suite("Team dashboard: kept overviews")
struct TeamKeptOverviewTests {
    typealias F = TeamFixture
    typealias T = SyncFixtures

    /// A dashboard on the fixture's storage, as a server that starts again has, and Grace
    /// signed in to it.
    static func start(_ fixture: TeamFixture) async -> (SyncTeamDashboard, TeamClient) {
        var policy = SyncTeamDashboard.Policy()
        policy.passwordLimits = .minimum
        let dashboard = SyncTeamDashboard(service: fixture.service, calendar: T.calendar, secure: false, policy: policy, clock: fixture.clock.function, log: { _ in })
        var router = HTTPRouter()
        dashboard.addRoutes(to: &router)
        var browser = TeamClient(router)
        await browser.signIn("grace@clinic.example", F.gracePassword)
        return (dashboard, browser)
    }

    /// Ada's latest revision, as the list reads it.
    static func adaRevision(_ fixture: TeamFixture) throws -> Int64 {
        let grace = try #require(try fixture.service.storage.clinician(email: "grace@clinic.example"))
        return try #require(try fixture.service.storage.assignedPatientStates(of: grace.id).first { $0.patient.id == fixture.ada.id }).latestRevision
    }

    /// The list's table: what the clinician sees of each patient (the forms' CSRF fields, which
    /// are the session's, left out).
    static func table(_ browser: inout TeamClient, _ target: String = "/team") async throws -> String {
        let page = try #require(await browser.get(target).bodyText)
        let start = try #require(page.range(of: "<table"))
        let end = try #require(page.range(of: "</table>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound]).replacing(#/name="csrf" value="[^"]*"/#, with: #"name="csrf""#)
    }

    @Test("A server that starts again shows the same list from the kept overviews and computes none")
    func aStartReadsThemBack() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        let before = try await Self.table(&grace)
        #expect(before.contains(#"aria-label="2025-01-07: 0% complete""#) && before.contains("Missed today: pills, due 08:00."))
        #expect(await fixture.dashboard.replicas.sqliteSteps() > 0, "the first list computes from the replica")
        for sort in ["alerts", "adherence", "name"] {
            let (started, browser) = await Self.start(fixture)
            var again = browser
            let shown = try await Self.table(&again, "/team?sort=\(sort)")
            var original = grace
            #expect(shown == (try await Self.table(&original, "/team?sort=\(sort)")), "sorted by \(sort)")
            #expect(await started.replicas.sqliteSteps() == 0, "the started server computed an overview")
        }
    }

    @Test("A push while the server was down is on the first list after it starts")
    func aPushWhileDown() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        #expect(try await Self.table(&grace).contains("Missed today: pills, due 08:00."))

        let phone = T.device(InProcessServer(service: fixture.service), token: fixture.adaToken, now: T.date(7, 12))
        try await phone.synchronize()
        try await phone.addOutcome(T.outcome(try await phone.fetchTask(withID: "pills"), 6))
        try await phone.synchronize()

        var (started, browser) = await Self.start(fixture)
        let after = try await Self.table(&browser)
        #expect(after.contains(#"aria-label="2025-01-07: Complete""#))
        #expect(!after.contains("Missed today"))
        #expect(await started.replicas.sqliteSteps() > 0, "Ada pushed: her overview is computed again")
        // The new overview is kept in place of the old one: the next start computes nothing.
        var (next, nextBrowser) = await Self.start(fixture)
        #expect(try await Self.table(&nextBrowser) == after)
        #expect(await next.replicas.sqliteSteps() == 0)
    }

    @Test("At midnight a patient who did not push needs nothing computed, and the list starts the new day")
    func midnightComputesNothing() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        #expect(try await Self.table(&grace).contains("Missed today: pills, due 08:00."))
        let computed = await fixture.dashboard.replicas.sqliteSteps()
        fixture.clock.set(T.date(8, 0).addingTimeInterval(60))
        var later = fixture.client()
        await later.signIn("grace@clinic.example", F.gracePassword)
        let page = try await Self.table(&later)
        #expect(page.contains(#"aria-label="2025-01-08: 0% complete""#) && page.contains(#"aria-label="2025-01-07: 0% complete""#))
        #expect(!page.contains("Missed today"), "8:00's pills are not missed at 0:01")
        #expect(await fixture.dashboard.replicas.sqliteSteps() == computed, "the new day was computed again")
        // The same page as a server that computes the new day from the revisions.
        let (fresh, browser) = await Self.start(fixture)
        try fixture.service.storage.keepOverviews([fixture.ada.id: SyncKeptOverview(revision: try Self.adaRevision(fixture), json: Data("{}".utf8))])
        var freshBrowser = browser
        #expect(try await Self.table(&freshBrowser) == page)
        #expect(await fresh.replicas.sqliteSteps() > 0)
    }

    @Test("A kept overview of another format, or of an older revision, is computed again")
    func unreadableIsComputed() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        let shown = try await Self.table(&grace)
        let revision = try Self.adaRevision(fixture)
        try fixture.service.storage.keepOverviews([fixture.ada.id: SyncKeptOverview(revision: revision, json: Data(#"{"format":99}"#.utf8))])
        var (started, browser) = await Self.start(fixture)
        #expect(try await Self.table(&browser) == shown)
        #expect(await started.replicas.sqliteSteps() > 0)
        // Kept again in the current format: the next start reads it.
        let kept = try #require(try fixture.service.storage.keptOverviews(patients: [fixture.ada.id])[fixture.ada.id])
        #expect(kept.revision == revision && (try? _OverviewHorizon(json: kept.json)) != nil)
        // An older revision than the one kept is not written over it.
        try fixture.service.storage.keepOverviews([fixture.ada.id: SyncKeptOverview(revision: revision - 1, json: Data("{}".utf8))])
        #expect(try fixture.service.storage.keptOverviews(patients: [fixture.ada.id])[fixture.ada.id] == kept)
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test("Lists that need the same patient at once compute their overview once")
    func computedOnce() async throws {
        let cache = _OverviewCache()
        let computations = Counter()
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let horizon = _OverviewHorizon(bases: [:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    _ = try await cache.computeOnce(patient: 7, revision: 3) {
                        computations.add()
                        for await _ in gate { break }
                        return horizon
                    }
                }
            }
            // The first computation waits at the gate until the three others have joined it.
            while cache.waiting(patient: 7, revision: 3) < 3 { await Task.yield() }
            opener.yield()
            opener.finish()
            try await group.waitForAll()
        }
        #expect(computations.value == 1)
        // Another revision is another computation.
        _ = try await cache.computeOnce(patient: 7, revision: 4) {
            computations.add()
            return horizon
        }
        #expect(computations.value == 2)
    }
}
