import CSQLite
import CareKitRemote
import CareKitSQLite
import CareKitStore
import CareKitSyncServer
import Foundation
import Synchronization
import Testing

/// A valid device token is remembered for a minute, so a device that syncs every few seconds
/// costs no token lookup each time; after that minute it is checked again, and an unknown token
/// is looked up (and refused) every time.
@Suite("Sync server: known tokens")
struct KnownTokenTests {

    @Test("A token that storage no longer knows is refused once its minute is over")
    func aTokenIsCheckedAgainAfterItsLifetime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-known-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sync.sqlite").path
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let service = SyncService(storage: try SQLiteSyncStorage(path: path), clock: { now.withLock { $0 } })
        let (_, token) = try service.addPatient(name: "Ada")
        let pull = try JSONEncoder().encode(OCKSyncPullRequest(knowledgeVector: .init()))
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 200)

        // The token's row goes (as a withdrawal would remove it), behind the service's back.
        let connection = try SQLiteConnection(name: path, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("DELETE FROM device_token")
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 200, "remembered within its minute")
        now.withLock { $0 += SyncService.knownTokenLifetime + 1 }
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 401, "checked again after it")
        #expect(service.pull(authorization: "Bearer \(token)", body: pull).status == 401, "and not remembered as unknown")
    }
}
