import CareKitTestSupport
import Foundation
import Synchronization

@testable import CareKitStore

/// A server as the sync protocol needs one: it keeps every revision pushed to it with its
/// vector, never rewrites them, and answers a pull with every revision the puller's knowledge
/// does not cover, then its own knowledge (a revision without entities).
final class SimulatedServer: Sendable {
    private struct State {
        var revisions: [OCKRevisionRecord] = []
        var knowledge = OCKRevisionRecord.KnowledgeVector()
        var uuids = Set<UUID>()
        var pushes = 0
    }
    private let state = Mutex(State())

    func pull(since knowledge: OCKRevisionRecord.KnowledgeVector) -> [OCKRevisionRecord] {
        state.withLock { state in
            state.revisions.filter { !OCKStore.covers(knowledge, $0.knowledgeVector) }
                + [OCKRevisionRecord(entities: [], knowledgeVector: state.knowledge)]
        }
    }

    func push(_ revisions: [OCKRevisionRecord], knowledge: OCKRevisionRecord.KnowledgeVector) {
        state.withLock { state in
            state.pushes += 1
            for revision in revisions {
                let new = revision.entities.filter { state.uuids.insert($0.uuid).inserted }
                if !new.isEmpty { state.revisions.append(OCKRevisionRecord(entities: new, knowledgeVector: revision.knowledgeVector)) }
            }
            state.knowledge.merge(with: knowledge)
        }
    }

    /// Every version the server holds (each once).
    var versionCount: Int { state.withLock { $0.uuids.count } }
    var entityDeliveries: Int { state.withLock { $0.revisions.reduce(0) { $0 + $1.entities.count } } }
    var pushCount: Int { state.withLock { $0.pushes } }
    var knowledge: OCKRevisionRecord.KnowledgeVector { state.withLock { $0.knowledge } }
}

/// One device's connection to a ``SimulatedServer``, with the faults a network brings:
/// deliveries reordered, duplicated or split, a pull or a push that fails.
final class SimulatedRemote: OCKRemoteSynchronizable, @unchecked Sendable {
    struct Faults: Sendable {
        var shuffle = false
        var duplicate = false
        /// Deliver only the first n revisions of a pull, then end it: with an error (a cut
        /// connection), or, with `truncationSucceeds`, successfully, which breaks the contract
        /// (a pull delivers everything not covered) and is only used to make a version arrive
        /// without the version it follows.
        var truncateTo: Int?
        var truncationSucceeds = false
        var failPull = false
        var failPullAfterDelivering = false
        var failPush = false
    }

    let server: SimulatedServer
    private let lock = NSLock()
    private weak var _delegate: (any OCKRemoteSynchronizationDelegate)?
    private var _faults = Faults()
    private var generator: SeededGenerator
    let automaticallySynchronizes: Bool
    private(set) var pulls = 0

    init(server: SimulatedServer, automaticallySynchronizes: Bool = false, seed: UInt64 = 1) {
        self.server = server
        self.automaticallySynchronizes = automaticallySynchronizes
        self.generator = SeededGenerator(seed: seed)
    }

    var delegate: (any OCKRemoteSynchronizationDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    var faults: Faults {
        get { lock.withLock { _faults } }
        set { lock.withLock { _faults = newValue } }
    }

    var pullCount: Int { lock.withLock { pulls } }

    func pullRevisions(
        since knowledgeVector: OCKRevisionRecord.KnowledgeVector,
        mergeRevision: @escaping @Sendable (OCKRevisionRecord) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        let (faults, delivery): (Faults, [OCKRevisionRecord]) = lock.withLock {
            pulls += 1
            var delivery = server.pull(since: knowledgeVector)
            if _faults.duplicate { delivery += delivery.filter { _ in Bool.random(using: &generator) } }
            if _faults.shuffle { delivery.shuffle(using: &generator) }
            if let limit = _faults.truncateTo { delivery = Array(delivery.prefix(limit)) }
            return (_faults, delivery)
        }
        if faults.failPull {
            completion(URLError(.notConnectedToInternet))
            return
        }
        DispatchQueue.global().async {
            for record in delivery { mergeRevision(record) }
            let cut = faults.truncateTo != nil && !faults.truncationSucceeds
            completion(faults.failPullAfterDelivering || cut ? URLError(.networkConnectionLost) : nil)
        }
    }

    func pushRevisions(
        deviceRevisions: [OCKRevisionRecord], deviceKnowledge: OCKRevisionRecord.KnowledgeVector,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        if faults.failPush {
            completion(URLError(.networkConnectionLost))
            return
        }
        server.push(deviceRevisions, knowledge: deviceKnowledge)
        completion(nil)
    }
}
