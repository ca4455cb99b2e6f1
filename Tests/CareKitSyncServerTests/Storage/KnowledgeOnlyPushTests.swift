import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// A push that brings no version changes only what the server knows of the device, and is
/// committed without a flush; the storage flushes every other commit as before.
@Suite("Sync server: a push of knowledge only")
struct KnowledgeOnlyPushTests {
    @Test("A push of knowledge only is stored, and the storage flushes every commit after it")
    func knowledgeOnlyPush() throws {
        let folder = try TemporaryDirectory()
        let storage = try SQLiteSyncStorage(path: folder.url.appendingPathComponent("sync.sqlite").path)
        let created = Date(timeIntervalSinceReferenceDate: 757_382_400)
        let patient = try storage.addPatient(name: "Ada", created: created)
        let device = UUID()
        let knowledge = OCKRevisionRecord.KnowledgeVector([device: 7])
        let outcome = try storage.push(patient: patient.id, revisions: [SyncStoredRevision(knowledgeVector: knowledge, versions: [])], deviceKnowledge: knowledge, at: created)
        #expect(outcome.stored == 0)
        // SQLite's values: 2 is FULL, every commit flushed.
        #expect(try storage.connection.scalarInt("PRAGMA synchronous") == 2)
        let pulled = try storage.pull(patient: patient.id, since: .init(), after: nil, limit: 100)
        #expect(pulled.knowledge?.clock(for: device) == 7, "the device's clock is known after the push")
    }
}
