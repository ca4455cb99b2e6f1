import CareKitRemote
import CareKitStore
import CareKitSyncProtocol
import CareKitSyncServer
import Foundation

/// What the sync server's and the dashboard's tests build on: a pinned calendar and days of
/// January 2025 in New York, services on new storage (SQLite, or PostgreSQL when the suites run
/// with `CAREKIT_SYNC_STORAGE=postgres`), devices that synchronize with an in-process server,
/// and the tasks and outcomes they write.
package enum SyncFixtures {
    package static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar
    }()

    package static func date(_ day: Int, _ hour: Int = 12) -> Date {
        calendar.date(from: DateComponents(year: 2025, month: 1, day: day, hour: hour))!
    }

    /// A service on new, empty storage: SQLite, or PostgreSQL when the suite runs with
    /// `CAREKIT_SYNC_STORAGE=postgres` (`make test` runs it both ways). The same `path` opens
    /// the same storage again.
    package static func makeService(path: String = ":memory:") throws -> SyncService {
        SyncService(storage: try makeStorage(path: path), clock: { date(2) })
    }

    package static func makeStorage(path: String = ":memory:") throws -> any SyncStorage {
        if TestPostgres.selected { return try TestPostgres.storage(reopening: path == ":memory:" ? nil : path) }
        return try SQLiteSyncStorage(path: path)
    }

    /// A server with one patient, Ada, and her first device token.
    package static func serverWithAda() throws -> (SyncService, String, InProcessServer) {
        let service = try makeService()
        let (_, token) = try service.addPatient(name: "Ada")
        return (service, token, InProcessServer(service: service))
    }

    package static func device(_ server: InProcessServer, token: String, pageSize: Int = 2_000, now: Date = date(2)) -> OCKStore {
        OCKStore(name: "device", type: .inMemory, remote: server.remote(token: token, pageSize: pageSize), clock: { now })
    }

    package static func dailyTask(_ id: String) -> OCKTask {
        var task = OCKTask(
            id: id, title: id, carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 8, minutes: 0, start: date(1, 0), end: nil, text: nil, calendar: calendar))
        task.timezone = calendar.timeZone
        return task
    }

    package static func outcome(_ task: OCKTask, _ occurrence: Int) -> OCKOutcome {
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: [OCKOutcomeValue(true)])
        outcome.id = "\(task.id)-\(occurrence)"
        outcome.effectiveDate = date(1, 0)
        return outcome
    }

    /// Every version the server holds for a token's patient, as pulled by a new device.
    package static func serverVersions(_ service: SyncService, token: String) throws -> [UUID] {
        let body = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init(), limit: 5_000))
        let reply = service.pull(authorization: "Bearer \(token)", body: body)
        let page = try JSONDecoder().decode(OCKSyncPullPage.self, from: reply.body)
        return page.revisions.flatMap { $0.entities.map(\.uuid) }
    }

    package static func exported(_ store: OCKStore) async throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(try await store.exportVersions())
    }
}
