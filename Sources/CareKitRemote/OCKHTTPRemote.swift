import CareKitStore
import CareKitSyncProtocol
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// This file uses only CareKit's public API, the wire types of CareKitSyncProtocol and
// Foundation, so that an iOS CareKit app can use the two as they are to synchronize with
// `carekit sync-server`. The protocol it speaks is in docs/sync.md.

/// A remote that synchronizes a store with a CareKit sync server over HTTP(S).
///
/// Pulls are paged (the server sends at most `pageSize` versions per response) and the whole
/// pull is handed to the store only when its last page arrived, so a pull cut off half-way
/// stores nothing. Pushes are split into requests of at most `pageSize` versions; only the last
/// one tells the server the device's knowledge, so a push cut off half-way leaves the server
/// knowing only what it holds, and the next synchronization sends the rest (the server keeps
/// each version once). A push request that is cut off (a slow or unreliable uplink) is sent
/// again with half as many versions. Network failures and server errors (5xx, 429) are retried
/// with backoff; a refusal (4xx) is reported at once with the server's reason.
public final class OCKHTTPRemote: OCKRemoteSynchronizable, @unchecked Sendable {

    /// The server, e.g. `https://care.example.org/` (the protocol's paths are added to it).
    public let serverURL: URL
    /// Whether the store synchronizes by itself after writes.
    public let automaticallySynchronizes: Bool
    /// The most versions in one response or request.
    public let pageSize: Int
    /// The waits between attempts of one request; its length is the number of retries.
    public let retryDelays: [TimeInterval]

    private let token: String
    private let session: URLSession
    private let lock = NSLock()
    private weak var storedDelegate: (any OCKRemoteSynchronizationDelegate)?

    /// - Parameters:
    ///   - serverURL: the sync server.
    ///   - token: the device token the server printed for this patient (`carekit sync-server
    ///     add-patient`); it is sent as a bearer token, so use HTTPS beyond this machine.
    ///   - automaticallySynchronizes: synchronize after the store's writes.
    public init(
        serverURL: URL, token: String, automaticallySynchronizes: Bool = false, pageSize: Int = 2_000,
        retryDelays: [TimeInterval] = [0.5, 1, 2, 4], session: URLSession = OCKHTTPRemote.sharedSession
    ) {
        self.serverURL = serverURL
        self.token = token
        self.automaticallySynchronizes = automaticallySynchronizes
        self.pageSize = max(1, pageSize)
        self.retryDelays = retryDelays
        self.session = session
    }

    /// The session remotes use unless given one, one for the whole process: it keeps no cookies
    /// and caches nothing (every request carries its own token; responses are health data). A session per remote would be torn down with its remote, and on
    /// Linux Foundation's teardown of a session races the dispatch sources of its connections
    /// (swift-corelibs-foundation #4791 and its family: use-after-free crashes when sessions come
    /// and go); one session that lives as long as the process is never torn down. It opens up to
    /// 16 connections to one server at a time, so that a process holding many stores (a test,
    /// the benchmark's devices) does not queue their synchronizations behind each other.
    public static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    public var delegate: (any OCKRemoteSynchronizationDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    // MARK: The protocol

    public func pullRevisions(
        since knowledgeVector: OCKRevisionRecord.KnowledgeVector,
        mergeRevision: @escaping @Sendable (OCKRevisionRecord) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        Task {
            do {
                var cursor: String?
                var pages = 0
                repeat {
                    let page: OCKSyncPullPage = try await send("sync/v1/pull", OCKSyncPullRequest(knowledgeVector: knowledgeVector, cursor: cursor, limit: pageSize))
                    for revision in page.revisions { mergeRevision(revision) }
                    cursor = page.cursor
                    pages += 1
                    report(min(0.3, 0.05 * Double(pages)))
                } while cursor != nil
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    public func pushRevisions(
        deviceRevisions: [OCKRevisionRecord],
        deviceKnowledge: OCKRevisionRecord.KnowledgeVector,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        Task {
            do {
                try await push(deviceRevisions, deviceKnowledge: deviceKnowledge)
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    /// Sends the revisions in requests of at most `pageSize` versions. A request cut off on
    /// the way (a slow or unreliable uplink) is sent again with half as many versions, down to
    /// one; what the server stored stays stored, so nothing is sent twice in vain.
    private func push(_ revisions: [OCKRevisionRecord], deviceKnowledge: OCKRevisionRecord.KnowledgeVector) async throws {
        let total = max(1, revisions.reduce(0) { $0 + $1.entities.count })
        var remaining = revisions
        var size = pageSize
        var sent = 0
        var failures = 0
        while true {
            let chunks = Self.chunks(of: remaining, size: size)
            let chunk = chunks[0]
            let last = chunks.count == 1
            let count = chunk.reduce(0) { $0 + $1.entities.count }
            do {
                let _: OCKSyncPushResult = try await send(
                    "sync/v1/push", OCKSyncPushRequest(revisions: chunk, deviceKnowledge: last ? deviceKnowledge : nil), retriesNetworkErrors: false)
            } catch let failure as _NetworkFailure {
                failures += 1
                guard failures <= retryDelays.count else { throw failure.error(after: failures, versions: count, pageSize: pageSize, server: serverURL) }
                size = max(1, count / 2)
                try await Task.sleep(nanoseconds: UInt64(retryDelays[failures - 1] * 1_000_000_000))
                continue
            }
            failures = 0
            sent += count
            report(0.7 + 0.3 * Double(sent) / Double(total))
            if last { return }
            remaining = Array(chunks.dropFirst().joined())
        }
    }

    /// Revisions split so that no request carries more than `size` versions; one empty request
    /// when there is nothing to send (the server still learns the device's knowledge).
    static func chunks(of revisions: [OCKRevisionRecord], size: Int) -> [[OCKRevisionRecord]] {
        var chunks: [[OCKRevisionRecord]] = []
        var current: [OCKRevisionRecord] = []
        var count = 0
        for revision in revisions {
            var remaining = revision.entities[...]
            while !remaining.isEmpty {
                let room = size - count
                let part = remaining.prefix(room)
                current.append(OCKRevisionRecord(entities: Array(part), knowledgeVector: revision.knowledgeVector))
                count += part.count
                remaining = remaining.dropFirst(part.count)
                if count == size {
                    chunks.append(current)
                    current = []
                    count = 0
                }
            }
        }
        if !current.isEmpty || chunks.isEmpty { chunks.append(current) }
        return chunks
    }

    private func report(_ progress: Double) {
        delegate?.remote(self, didUpdateProgress: progress)
    }

    // MARK: HTTP

    private func send<Body: Encodable, Reply: Decodable>(_ path: String, _ body: Body, retriesNetworkErrors: Bool = true) async throws -> Reply {
        var request = URLRequest(url: serverURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONEncoder().encode(body)
        request.timeoutInterval = 60

        var attempt = 0
        while true {
            do {
                let (data, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                switch status {
                case 200..<300:
                    do {
                        return try JSONDecoder().decode(Reply.self, from: data)
                    } catch {
                        throw OCKStoreError.remoteSynchronizationFailed(reason: "The server at \(serverURL.absoluteString) answered \(path) with something that is not the sync protocol: \(error)")
                    }
                case 429, 500..<600:
                    guard attempt < retryDelays.count else {
                        throw OCKStoreError.remoteSynchronizationFailed(reason: "The server at \(serverURL.absoluteString) failed \(path) (HTTP \(status)) \(attempt + 1) times: \(Self.message(data))")
                    }
                default:
                    throw OCKStoreError.remoteSynchronizationFailed(reason: "The server at \(serverURL.absoluteString) refused \(path) (HTTP \(status)): \(Self.message(data))")
                }
            } catch let error as URLError {
                if !retriesNetworkErrors { throw _NetworkFailure(underlying: error) }
                guard attempt < retryDelays.count else {
                    throw OCKStoreError.remoteSynchronizationFailed(
                        reason: "Could not reach the server at \(serverURL.absoluteString) (\(error.localizedDescription)) after \(attempt + 1) attempts; nothing was lost, synchronize again later.")
                }
            }
            try await Task.sleep(nanoseconds: UInt64(retryDelays[attempt] * 1_000_000_000))
            attempt += 1
        }
    }

    private static func message(_ data: Data) -> String {
        if let problem = try? JSONDecoder().decode(OCKSyncProblem.self, from: data) { return problem.reason }
        return String(decoding: data.prefix(300), as: UTF8.self)
    }
}

/// A request that did not get through: the push sends smaller ones.
private struct _NetworkFailure: Error {
    var underlying: URLError

    /// What to tell the person after the last attempt.
    func error(after attempts: Int, versions: Int, pageSize: Int, server: URL) -> OCKStoreError {
        let cut: Set<URLError.Code> = [.timedOut, .networkConnectionLost, .cannotParseResponse, .badServerResponse]
        guard cut.contains(underlying.code) else {
            return .remoteSynchronizationFailed(
                reason:
                    "Could not reach the server at \(server.absoluteString) (\(underlying.localizedDescription)) after \(attempts) attempts; nothing was lost, synchronize again later."
            )
        }
        return .remoteSynchronizationFailed(
            reason:
                "The push to \(server.absoluteString) was cut off \(attempts) times in a row (\(underlying.localizedDescription)), the last time with \(versions) versions in one request (requests were made smaller from \(pageSize)). The network is too slow or unreliable right now; what reached the server is kept, synchronize again later (or with a smaller --page-size)."
        )
    }
}
