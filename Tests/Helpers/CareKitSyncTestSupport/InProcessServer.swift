import CareKitRemote
import CareKitStore
import CareKitSyncServer
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes an `OCKHTTPRemote`'s requests to a ``SyncService`` in this process (through a
/// URLProtocol), so the client's paging, chunking and retries meet the server's rules without
/// a socket. Faults can cut requests.
package final class InProcessServer: Sendable {
    package let service: SyncService
    package let host: String
    private struct State {
        var requests: [(path: String, body: Data)] = []
        /// Fail the request with this number (counted from 1) with a dropped connection.
        var failRequests: Set<Int> = []
        /// Answer 503 to this many requests before the next one succeeds.
        var unavailable = 0
        /// Drop the connection of pushes with larger bodies (a slow uplink cut off).
        var largestPush: Int?
    }
    private let state = Mutex(State())

    static let registry = Mutex<[String: InProcessServer]>([:])

    package init(service: SyncService) {
        self.service = service
        self.host = "sync-\(UUID().uuidString.lowercased()).test"
        Self.registry.withLock { $0[host] = self }
    }

    package var url: URL { URL(string: "http://\(host)/")! }

    package func remote(token: String, pageSize: Int = 2_000, automatic: Bool = false) -> OCKHTTPRemote {
        OCKHTTPRemote(
            serverURL: url, token: token, automaticallySynchronizes: automatic, pageSize: pageSize,
            retryDelays: [0.01, 0.01, 0.01], session: Self.session)
    }

    /// The session of every in-process remote, one for the test process (as
    /// `OCKHTTPRemote.sharedSession`, and for the same reason: sessions that come and go crash
    /// Foundation on Linux now and then). The host of each request names its server.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [InProcessProtocol.self]
        return URLSession(configuration: configuration)
    }()

    package var requests: [(path: String, body: Data)] { state.withLock { $0.requests } }

    package func failRequest(number: Int) { state.withLock { _ = $0.failRequests.insert(number) } }
    package func beUnavailable(times: Int) { state.withLock { $0.unavailable = times } }
    package func cutPushes(largerThan bytes: Int?) { state.withLock { $0.largestPush = bytes } }

    /// The reply to one request, or nil to drop the connection.
    package func answer(path: String, authorization: String?, body: Data) -> SyncService.Reply? {
        let (number, unavailable) = state.withLock { state -> (Int, Bool) in
            state.requests.append((path, body))
            if state.unavailable > 0 {
                state.unavailable -= 1
                return (state.requests.count, true)
            }
            return (state.requests.count, false)
        }
        if unavailable { return SyncService.Reply(status: 503, body: Data(#"{"reason":"busy"}"#.utf8)) }
        if state.withLock({ $0.failRequests.contains(number) }) { return nil }
        if path == "/sync/v1/push", let largest = state.withLock({ $0.largestPush }), body.count > largest { return nil }
        switch path {
        case "/sync/v1/pull": return service.pull(authorization: authorization, body: body)
        case "/sync/v1/push": return service.push(authorization: authorization, body: body)
        default: return SyncService.Reply(status: 404, body: Data(#"{"reason":"no such path"}"#.utf8))
        }
    }
}

final class InProcessProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.hasSuffix(".test") == true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let host = url.host,
            let server = InProcessServer.registry.withLock({ $0[host] })
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let body = request.httpBody ?? request.httpBodyStream.map(Self.read) ?? Data()
        guard let reply = server.answer(path: url.path, authorization: request.value(forHTTPHeaderField: "Authorization"), body: body) else {
            client?.urlProtocol(self, didFailWithError: URLError(.networkConnectionLost))
            return
        }
        var headers = ["Content-Type": "application/json"]
        for (name, value) in reply.headers { headers[name] = value }
        let response = HTTPURLResponse(url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: reply.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    private static func read(_ stream: InputStream) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
