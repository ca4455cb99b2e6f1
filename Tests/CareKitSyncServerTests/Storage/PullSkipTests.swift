import CareKitStore
import CareKitSyncTestSupport
import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// A pull skips the revisions a device's knowledge covers by their prefix knowledge
/// (`_RevisionPrefix`): the same revisions come back as when every one is looked at, and a
/// device that is up to date costs a few lookups whatever the patient's history.
@Suite("Sync server: a pull skips what the device knows")
struct PullSkipTests {
    typealias T = SyncFixtures
    typealias Vector = OCKRevisionRecord.KnowledgeVector

    /// Pushes `count` revisions of one version each from three devices taking turns at random,
    /// each revision carrying what its device knew (its own clock, and others' as it learned
    /// them); returns each revision's vector and version, in the order stored.
    static func history(_ storage: any SyncStorage, patient: Int64, count: Int, seed: UInt64) throws -> [(vector: Vector, uuid: UUID)] {
        var random = SeededGenerator(seed: seed)
        let devices = [UUID(), UUID(), UUID()]
        var known = devices.map { _ in Vector() }
        var clocks = [0, 0, 0]
        var stored: [(vector: Vector, uuid: UUID)] = []
        for _ in 0..<count {
            let device = Int(random.next() % 3)
            clocks[device] += 1
            known[device].merge(with: Vector([devices[device]: clocks[device]]))
            // Sometimes a device has pulled another's revisions first.
            if random.next() % 3 == 0, let other = stored.randomElement(using: &random) { known[device].merge(with: other.vector) }
            let version = SyncStoredVersion(uuid: UUID(), json: Data("{}".utf8))
            _ = try storage.push(
                patient: patient, revisions: [SyncStoredRevision(knowledgeVector: known[device], versions: [version])], deviceKnowledge: known[device],
                at: T.date(2))
            stored.append((known[device], version.uuid))
        }
        return stored
    }

    @Test("For devices that know any mix of the history, a pull returns exactly the revisions their knowledge does not cover, in order")
    func sameRevisionsAsLookingAtEach() throws {
        let storage = try T.makeStorage()
        let patient = try storage.addPatient(name: "Ada", created: T.date(1))
        let stored = try Self.history(storage, patient: patient.id, count: 240, seed: 7)
        var random = SeededGenerator(seed: 11)
        for round in 0..<60 {
            // What a device may know: the merge of some revisions, sometimes all, sometimes none.
            var since = Vector()
            let take = round == 0 ? 0 : round == 1 ? stored.count : Int(random.next() % UInt64(stored.count))
            for _ in 0..<take { if let pick = stored.randomElement(using: &random) { since.merge(with: pick.vector) } }
            if round == 1 { for revision in stored { since.merge(with: revision.vector) } }
            let expected = stored.filter { !since.covers($0.vector) }.map(\.uuid)
            var pulled: [UUID] = []
            var cursor: SyncCursor?
            repeat {
                let page = try storage.pull(patient: patient.id, since: since, after: cursor, limit: 37)
                pulled += page.revisions.flatMap { $0.versions.map(\.uuid) }
                cursor = page.next
            } while cursor != nil
            #expect(pulled == expected, "round \(round): \(pulled.count) pulled, \(expected.count) expected")
        }
    }

    /// Runs SQL on the storage's database, as another program (or an older server) would.
    static func execute(_ sql: String, on storage: any SyncStorage) throws {
        if let sqlite = storage as? SQLiteSyncStorage {
            sqlite.connection.resetStatements()
            try sqlite.connection.execute(sql)
        } else if let postgres = storage as? PostgresSyncStorage {
            try _PGConnection(conninfo: postgres.conninfo).execute(sql)
        }
    }

    @Test("Revisions stored without a prefix (by a server of the previous version during an upgrade) are never skipped, and the next push's prefix covers them")
    func revisionsWithoutPrefix() throws {
        let storage = try T.makeStorage()
        let patient = try storage.addPatient(name: "Ada", created: T.date(1))
        var stored = try Self.history(storage, patient: patient.id, count: 40, seed: 13)
        try Self.execute("UPDATE revision SET prefix = NULL WHERE patient = \(patient.id) AND sequence IN (5, 20, 40)", on: storage)
        // The next push follows a revision without a prefix: its own covers every vector before it.
        stored += try Self.history(storage, patient: patient.id, count: 10, seed: 17)
        var random = SeededGenerator(seed: 19)
        for round in 0..<40 {
            var since = Vector()
            let take = round == 0 ? stored.count : Int(random.next() % UInt64(stored.count))
            for revision in stored.shuffled(using: &random).prefix(take) { since.merge(with: revision.vector) }
            let expected = stored.filter { !since.covers($0.vector) }.map(\.uuid)
            let pulled = try storage.pull(patient: patient.id, since: since, after: nil, limit: 5_000)
            #expect(pulled.revisions.flatMap { $0.versions.map(\.uuid) } == expected, "round \(round)")
        }
    }

    @Test("A database written before prefixes (schema 9) gets them from its stored revisions when it is opened, and pulls the same")
    func prefixesFilledOnUpgrade() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("sync.sqlite").path
        let (patient, stored) = try { () throws -> (Int64, [(vector: Vector, uuid: UUID)]) in
            let storage = try SQLiteSyncStorage(path: path)
            let patient = try storage.addPatient(name: "Ada", created: T.date(1))
            let stored = try Self.history(storage, patient: patient.id, count: 60, seed: 5)
            storage.connection.resetStatements()
            try storage.connection.execute("ALTER TABLE revision DROP COLUMN prefix; PRAGMA user_version=9;")
            return (patient.id, stored)
        }()
        let upgraded = try SQLiteSyncStorage(path: path)
        #expect(try upgraded.connection.scalarInt("PRAGMA user_version") == SQLiteSyncStorage.schemaVersion)
        #expect(try upgraded.connection.scalarInt("SELECT count(*) FROM revision WHERE prefix IS NULL") == 0)
        let since = stored.prefix(30).reduce(into: Vector()) { $0.merge(with: $1.vector) }
        let pulled = try upgraded.pull(patient: patient, since: since, after: nil, limit: 1_000)
        #expect(pulled.revisions.flatMap { $0.versions.map(\.uuid) } == stored.filter { !since.covers($0.vector) }.map(\.uuid))
    }

    @Test("An up-to-date device's pull looks at a handful of revisions: sixteen times the history costs it less than twice the SQLite steps")
    func upToDatePullDoesNotGrowWithHistory() throws {
        var steps: [Int64] = []
        for count in [50, 800] {
            let storage = try SQLiteSyncStorage(path: ":memory:")
            let patient = try storage.addPatient(name: "Ada", created: T.date(1))
            let stored = try Self.history(storage, patient: patient.id, count: count, seed: 3)
            var since = Vector()
            for revision in stored { since.merge(with: revision.vector) }
            let before = try storage.sqliteSteps()
            let page = try storage.pull(patient: patient.id, since: since, after: nil, limit: 100)
            steps.append(try storage.sqliteSteps() - before)
            #expect(page.revisions.isEmpty && page.knowledge != nil)
        }
        #expect(steps[1] < 2 * steps[0], "\(steps[0]) steps at 50 revisions, \(steps[1]) at 800")
    }
}
