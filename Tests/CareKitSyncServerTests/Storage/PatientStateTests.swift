import CareKitStore
import CareKitSyncTestSupport
import Foundation
import Testing

@testable import CareKitSyncServer

/// What the patient list reads of each patient (``SyncPatientState``): their latest revision
/// and when it was stored, on both storages (PostgreSQL keeps them on the patient's row, written
/// by the push that adds a revision).
@Suite("Sync server: each patient's latest revision, as the list reads it")
struct PatientStateTests {
    typealias T = SyncFixtures

    static func version(_ uuid: UUID = UUID()) -> SyncStoredVersion {
        SyncStoredVersion(uuid: uuid, json: Data(#"{"uuid":"\#(uuid.uuidString)","note":"a \"quoted\" \\ value"}"#.utf8))
    }

    @Test("A push that adds revisions moves its patient's latest revision and time; one of knowledge only, or of versions already stored, moves neither")
    func latestRevisionFollowsPushes() throws {
        let storage = try T.makeStorage()
        let ada = try storage.addPatient(name: "Ada", created: T.date(1))
        let bob = try storage.addPatient(name: "Bob", created: T.date(1))
        let grace = try storage.addClinician(email: "grace@clinic.example", passwordHash: "x", created: T.date(1))
        try storage.assign(patient: ada.id, to: grace.id, at: T.date(1))
        try storage.assign(patient: bob.id, to: grace.id, at: T.date(1))
        func state(_ patient: SyncPatient) throws -> SyncPatientState {
            try #require(try storage.assignedPatientStates(of: grace.id).first { $0.patient.id == patient.id })
        }
        #expect(try state(ada).latestRevision == 0 && state(ada).lastPush == nil, "nothing pushed yet")

        let device = UUID()
        let kept = Self.version()
        _ = try storage.push(
            patient: ada.id,
            revisions: [
                SyncStoredRevision(knowledgeVector: .init([device: 1]), versions: [kept]),
                SyncStoredRevision(knowledgeVector: .init([device: 2]), versions: [Self.version(), Self.version()])
            ],
            deviceKnowledge: .init([device: 2]), at: T.date(3))
        #expect(try state(ada).latestRevision == 2 && state(ada).lastPush == T.date(3))
        #expect(try state(bob).latestRevision == 0 && state(bob).lastPush == nil, "another patient's push is not theirs")

        _ = try storage.push(
            patient: ada.id, revisions: [SyncStoredRevision(knowledgeVector: .init([device: 3]), versions: [])], deviceKnowledge: .init([device: 3]),
            at: T.date(4))
        #expect(try state(ada).latestRevision == 2 && state(ada).lastPush == T.date(3), "knowledge only")
        _ = try storage.push(
            patient: ada.id, revisions: [SyncStoredRevision(knowledgeVector: .init([device: 4]), versions: [kept])], deviceKnowledge: .init([device: 4]),
            at: T.date(5))
        #expect(try state(ada).latestRevision == 2 && state(ada).lastPush == T.date(3), "a version already stored")

        _ = try storage.push(
            patient: ada.id, revisions: [SyncStoredRevision(knowledgeVector: .init([device: 5]), versions: [Self.version()])],
            deviceKnowledge: .init([device: 5]), at: T.date(6))
        #expect(try state(ada).latestRevision == 3 && state(ada).lastPush == T.date(6))
        let pulled = try storage.pull(patient: ada.id, since: .init(), after: nil, limit: 100)
        #expect(pulled.revisions.count == 3 && pulled.revisions.first?.versions.first?.json == kept.json, "the versions read back as pushed, quotes and all")
    }
}
