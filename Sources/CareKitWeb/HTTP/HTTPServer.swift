import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Handles one request.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse

/// An HTTP/1.1 server on GNU libmicrohttpd: one thread per connection (so a streamed response
/// can wait for data without holding up anyone else), bodies limited in size, the handler run
/// with Swift concurrency.
public final class HTTPServer: Sendable {
    /// The address the server listens on.
    public let host: String
    private let requestedPort: UInt16
    private let context: _ServerContext
    private let daemon = Mutex<_DaemonHandle?>(nil)
    private let boundPort = Atomic<Int>(0)

    /// Creates a server; nothing listens until ``start()``.
    /// - Parameters:
    ///   - host: an IPv4 or IPv6 address; `127.0.0.1` keeps the server private to this machine.
    ///   - port: the TCP port; 0 picks a free one (see ``port``).
    ///   - maximumBodySize: larger request bodies are refused with 413 and never buffered.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, maximumBodySize: Int = 64 * 1024, handler: @escaping HTTPHandler) {
        self.host = host
        self.requestedPort = port
        self.context = _ServerContext(handler: handler, maximumBodySize: maximumBodySize)
    }

    /// The port the server listens on (after ``start()``).
    public var port: Int { boundPort.load(ordering: .relaxed) }

    /// Starts listening. Throws when the address is invalid or the port is taken.
    public func start() throws(HTTPError) {
        var storage = sockaddr_storage()
        var isIPv6 = false
        // `localhost` is 127.0.0.1: the name is not looked up, so it cannot point elsewhere.
        let host = self.host == "localhost" ? "127.0.0.1" : self.host
        if host.contains(":") {
            isIPv6 = true
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = requestedPort.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else {
                throw HTTPError(status: 0, message: "'\(host)' is not an IPv4 or IPv6 address.")
            }
            withUnsafeMutableBytes(of: &storage) { raw in raw.storeBytes(of: address, as: sockaddr_in6.self) }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = requestedPort.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
                throw HTTPError(status: 0, message: "'\(host)' is not an IPv4 or IPv6 address.")
            }
            withUnsafeMutableBytes(of: &storage) { raw in raw.storeBytes(of: address, as: sockaddr_in.self) }
        }
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_ERROR_LOG.rawValue)
        if isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let started = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                ck_mhd_start(flags, address, _ckAccessHandler, contextPointer, _ckRequestCompleted, contextPointer, 512, 60)
            }
        }
        guard let started else {
            throw HTTPError(status: 0, message: "Could not listen on \(host):\(requestedPort): \(String(cString: strerror(errno))). Is the port already in use?")
        }
        daemon.withLock { $0 = _DaemonHandle(pointer: started) }
        boundPort.store(Int(ck_mhd_bound_port(started)), ordering: .relaxed)
    }

    /// Stops accepting connections, ends streamed responses, and waits for requests in
    /// progress (and so their writes) to finish.
    public func stop() {
        guard let running = daemon.withLock({ current -> _DaemonHandle? in
            defer { current = nil }
            return current
        })?.pointer else { return }
        _ = MHD_quiesce_daemon(running)
        context.streams.finishAll()
        MHD_stop_daemon(running)
    }

    deinit { stop() }
}

/// The running daemon; only touched under the server's lock.
struct _DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the C callbacks need, passed to them as an opaque pointer.
final class _ServerContext: Sendable {
    let handler: HTTPHandler
    let maximumBodySize: Int
    let streams = _StreamRegistry()

    init(handler: @escaping HTTPHandler, maximumBodySize: Int) {
        self.handler = handler
        self.maximumBodySize = maximumBodySize
    }
}

/// A request being received; lives from the first callback to the completion callback.
final class _RequestState {
    var body = Data()
    var tooLarge = false
}

/// The open streamed responses, so that stopping the server can end them.
final class _StreamRegistry: Sendable {
    private let streams = Mutex<[ObjectIdentifier: _StreamState]>([:])

    func add(_ stream: _StreamState) { streams.withLock { $0[ObjectIdentifier(stream)] = stream } }
    func remove(_ stream: _StreamState) { streams.withLock { $0[ObjectIdentifier(stream)] = nil } }
    func finishAll() { for stream in streams.withLock({ Array($0.values) }) { stream.finish() } }
    var count: Int { streams.withLock { $0.count } }
}

/// A streamed body: a task moves chunks from the app's AsyncStream into a buffer that the
/// connection's thread drains, waiting when it is empty and sending a keep-alive comment
/// every 15 seconds so proxies and browsers keep the connection open.
final class _StreamState: Sendable {
    private struct Buffer {
        var bytes: [UInt8] = []
        var finished = false
    }
    private let buffer = Mutex(Buffer())
    private let available = DispatchSemaphore(value: 0)
    private let task = Mutex<Task<Void, Never>?>(nil)
    let registry: _StreamRegistry

    init(source: AsyncStream<String>, registry: _StreamRegistry) {
        self.registry = registry
        let pump = Task.detached { [weak self] in
            for await chunk in source {
                guard let self else { return }
                self.buffer.withLock { $0.bytes.append(contentsOf: chunk.utf8) }
                self.available.signal()
            }
            self?.finish()
        }
        task.withLock { $0 = pump }
        registry.add(self)
    }

    func finish() {
        buffer.withLock { $0.finished = true }
        available.signal()
    }

    func cancel() {
        task.withLock { $0?.cancel() }
        finish()
        registry.remove(self)
    }

    /// Copies up to `capacity` bytes into `destination`; -1 at the end of the stream.
    func read(into destination: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        while true {
            let (count, finished) = buffer.withLock { buffer -> (Int, Bool) in
                let count = min(capacity, buffer.bytes.count)
                if count > 0 {
                    buffer.bytes.withUnsafeBufferPointer { source in
                        source.baseAddress.map { base in
                            base.withMemoryRebound(to: CChar.self, capacity: count) { destination.update(from: $0, count: count) }
                        }
                    }
                    buffer.bytes.removeFirst(count)
                }
                return (count, buffer.finished)
            }
            if count > 0 { return count }
            if finished { return -1 }
            if available.wait(timeout: .now() + 15) == .timedOut {
                let keepAlive = Array(": keep-alive\n\n".utf8)
                let count = min(capacity, keepAlive.count)
                keepAlive.withUnsafeBufferPointer { source in
                    source.baseAddress.map { base in
                        base.withMemoryRebound(to: CChar.self, capacity: count) { destination.update(from: $0, count: count) }
                    }
                }
                return count
            }
        }
    }
}

// MARK: - C callbacks (kept out of main.swift: there they would be @MainActor and trap)

private final class _PairCollector {
    var pairs: [(String, String)] = []
}

private func _ckCollect(_ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let context, let key else { return MHD_Result.YES }
    let collector = Unmanaged<_PairCollector>.fromOpaque(context).takeUnretainedValue()
    collector.pairs.append((String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self),
                            value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""))
    return MHD_Result.YES
}

private func _ckValues(_ connection: OpaquePointer?, _ kind: MHD_ValueKind) -> [(String, String)] {
    let collector = _PairCollector()
    let pointer = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values(connection, kind, _ckCollect, pointer)
    return withExtendedLifetime(collector) { collector.pairs }
}

private let _ckAccessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadDataSize, requestState in
    guard let context, let requestState, let uploadDataSize else { return MHD_Result.NO }
    let server = Unmanaged<_ServerContext>.fromOpaque(context).takeUnretainedValue()

    // First call: headers only. Set up the state that collects the body.
    guard let statePointer = requestState.pointee else {
        requestState.pointee = Unmanaged.passRetained(_RequestState()).toOpaque()
        return MHD_Result.YES
    }
    let state = Unmanaged<_RequestState>.fromOpaque(statePointer).takeUnretainedValue()

    // Body chunks: keep them unless the limit is passed, then drop everything.
    if uploadDataSize.pointee > 0 {
        if !state.tooLarge, let uploadData {
            if state.body.count + uploadDataSize.pointee > server.maximumBodySize {
                state.tooLarge = true
                state.body = Data()
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) {
                    state.body.append($0, count: uploadDataSize.pointee)
                }
            }
        }
        uploadDataSize.pointee = 0
        return MHD_Result.YES
    }

    // Last call: answer.
    let response: HTTPResponse
    if state.tooLarge {
        response = .text("The request body is larger than \(server.maximumBodySize) bytes.\n", status: 413)
    } else {
        let rawPath = url.map { String(cString: $0) } ?? "/"
        let headers = Dictionary(_ckValues(connection, MHD_ValueKind.HEADER_KIND).map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
        let cookies = Dictionary(_ckValues(connection, MHD_ValueKind.COOKIE_KIND), uniquingKeysWith: { first, _ in first })
        let query = _ckValues(connection, MHD_ValueKind.GET_ARGUMENT_KIND).map { (name: $0.0, value: $0.1) }
        let request = HTTPRequest(
            method: method.map { String(cString: $0) }?.uppercased() ?? "GET",
            path: rawPath, query: query, headers: headers, cookies: cookies, body: state.body)
        response = _ckRun(server.handler, request)
    }
    return _ckQueue(response, on: connection, server: server)
}

/// Runs the async handler from a connection thread and waits for its answer.
private func _ckRun(_ handler: @escaping HTTPHandler, _ request: HTTPRequest) -> HTTPResponse {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<HTTPResponse?>(nil)
    Task.detached {
        let response = await handler(request)
        result.withLock { $0 = response }
        done.signal()
    }
    done.wait()
    return result.withLock { $0 } ?? .text("Internal error\n", status: 500)
}

private let _ckStreamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return ck_mhd_end_of_stream() }
    let stream = Unmanaged<_StreamState>.fromOpaque(context).takeUnretainedValue()
    let count = stream.read(into: buffer, capacity: capacity)
    return count < 0 ? ck_mhd_end_of_stream() : count
}

private let _ckStreamFree: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<_StreamState>.fromOpaque(context).takeRetainedValue()
    stream.cancel()
}

private func _ckQueue(_ response: HTTPResponse, on connection: OpaquePointer?, server: _ServerContext) -> MHD_Result {
    let mhdResponse: OpaquePointer?
    switch response.body {
    case .data(let data):
        mhdResponse = data.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
    case .stream(let source):
        let stream = _StreamState(source: source, registry: server.streams)
        mhdResponse = MHD_create_response_from_callback(
            ck_mhd_size_unknown(), 4096, _ckStreamReader, Unmanaged.passRetained(stream).toOpaque(), _ckStreamFree)
    }
    guard let mhdResponse else { return MHD_Result.NO }
    for (name, value) in response.headers {
        // Header values with line breaks would split the response: refuse them.
        guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else { continue }
        _ = MHD_add_response_header(mhdResponse, name, value)
    }
    let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    MHD_destroy_response(mhdResponse)
    return result
}

private let _ckRequestCompleted: MHD_RequestCompletedCallback = { _, _, requestState, _ in
    guard let requestState, let pointer = requestState.pointee else { return }
    Unmanaged<_RequestState>.fromOpaque(pointer).release()
    requestState.pointee = nil
}
