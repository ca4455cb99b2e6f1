import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// What the C callbacks need, passed to them as an opaque pointer.
final class _ServerContext: Sendable {
    let handler: HTTPHandler
    let screen: HTTPScreen?
    let errorResponse: @Sendable (HTTPError) -> HTTPResponse
    let headers: [(name: String, value: String)]
    let maximumBodySize: Int
    let keepAliveInterval: Duration
    let streams = _StreamRegistry()
    let watch = _ConnectionWatch()
    /// Whether the server is stopping (no handler starts then).
    private let stopping = Mutex(false)
    /// The handlers at work; each holds its connection suspended.
    private let handlers = DispatchGroup()

    init(
        handler: @escaping HTTPHandler, screen: HTTPScreen?, errorResponse: @escaping @Sendable (HTTPError) -> HTTPResponse,
        headers: [(name: String, value: String)], maximumBodySize: Int, keepAliveInterval: Duration
    ) {
        self.handler = handler
        self.screen = screen
        self.errorResponse = errorResponse
        self.headers = headers
        self.maximumBodySize = maximumBodySize
        self.keepAliveInterval = keepAliveInterval
    }

    /// The refusal of a body over the limit.
    var tooLarge: HTTPError {
        HTTPError(status: 413, message: "The request body is larger than \(maximumBodySize) bytes.")
    }

    /// The refusal of a request whose body is framed in a way this server does not take, or
    /// is announced over the limit, made from its head before a byte of the body is read (and
    /// the connection is closed after it); nil for a request that may go on.
    ///
    /// * A body is sent with `Content-Length` only: `Transfer-Encoding: chunked` gets 411
    ///   (libmicrohttpd hides the chunk sizes, so a chunk announced as 2^64 − 1 bytes could only
    ///   be cut off by the deadline), any other coding 501, and both headers at once 400
    ///   (request smuggling works on servers that disagree about which one counts).
    /// * A `Content-Length` that is not a number is 400. One over ``maximumBodySize`` is 413 at
    ///   once when the client waits to be asked for the body (`Expect: 100-continue`) or when it
    ///   is more than ``drainableBodySize``; a body a little over the limit sent at once is read
    ///   and dropped as it comes and refused at its end instead, so that its client, still
    ///   sending, reads the 413 rather than a connection cut under its upload.
    func refusalByFraming(_ head: HTTPRequest) -> HTTPResponse? {
        let length = head.header("content-length")?.trimmingCharacters(in: .whitespaces)
        let error: HTTPError
        if let coding = head.header("transfer-encoding")?.trimmingCharacters(in: .whitespaces).lowercased() {
            if length != nil {
                error = HTTPError(status: 400, message: "The request has both Content-Length and Transfer-Encoding; send one (Content-Length).")
            } else if coding == "chunked" {
                error = HTTPError(status: 411, message: "This server takes a request body with Content-Length only, not chunked.")
            } else {
                error = HTTPError(status: 501, message: "The transfer coding '\(coding.prefix(40))' is not supported; send the body with Content-Length.")
            }
        } else if let length {
            guard !length.isEmpty, length.utf8.allSatisfy({ (48...57).contains($0) }) else {
                return closing(HTTPError(status: 400, message: "Content-Length must be a number of bytes."))
            }
            let announced = length.count > 18 ? Int.max : Int(length) ?? Int.max
            guard announced > maximumBodySize else { return nil }
            let waits = head.header("expect")?.lowercased() == "100-continue"
            guard waits || announced > drainableBodySize else { return nil }
            error = tooLarge
        } else {
            return nil
        }
        return closing(error)
    }

    /// The most of a body over the limit that is read and dropped to answer 413 at its end: four
    /// times the limit, at least 1 MiB. Beyond it the server answers at once and closes.
    var drainableBodySize: Int { max(4 * maximumBodySize, 1 << 20) }

    /// The server's refusal, after which the connection closes (its body, if any, is unread).
    private func closing(_ error: HTTPError) -> HTTPResponse {
        var response = errorResponse(error)
        response.setHeader("Connection", "close")
        return response
    }

    /// Counts a handler in; false once the server is stopping.
    func beginHandling() -> Bool {
        stopping.withLock { stopping in
            guard !stopping else { return false }
            handlers.enter()
            return true
        }
    }

    func endHandling() { handlers.leave() }

    /// Lets no handler start, and waits for the ones at work.
    func waitForHandlers() {
        stopping.withLock { $0 = true }
        handlers.wait()
    }
}

/// A connection of the daemon. Other threads only ever resume it (which MHD allows from any thread).
struct _Connection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A request being received and answered; lives from the first callback to the completion
/// callback. MHD calls back for a connection on one thread at a time (its worker's), so only
/// `answer`, set by the handler's task, needs the lock.
final class _RequestState: @unchecked Sendable {
    enum Phase {
        /// The head has arrived; the body is arriving.
        case receiving
        /// The handler is at work; the connection is suspended until it answers.
        case handling
        /// A response is queued.
        case answered
    }

    var head: HTTPRequest
    var body = Data()
    var tooLarge = false
    var phase = Phase.receiving
    let answer = Mutex<HTTPResponse?>(nil)

    init(head: HTTPRequest) {
        self.head = head
    }
}

/// Cuts off connections whose next request has not arrived whole within the deadline, counted
/// from the connection's start or its previous response's end: a client that stalls, or
/// sends a byte now and then, cannot keep its connection (MHD's own timeout only sees silence).
/// A body that keeps moving earns time: each byte received adds `1 / minimumBodyRate` seconds,
/// so a large body on a slow uplink arrives, while a client that drips bytes is still cut off.
final class _ConnectionWatch: Sendable {
    private struct Entry {
        let socket: Int32
        var waitingSince: ContinuousClock.Instant?
        var bodyBytes = 0
        /// The streamed response being sent, whose client may leave while it is suspended.
        var stream: _StreamState?
    }
    private let entries = Mutex<[UInt: Entry]>([:])
    private let timer = Mutex<_TimerHandle?>(nil)
    private let bodyRate = Atomic<Int>(4_096)

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    func opened(_ connection: OpaquePointer, socket: Int32) {
        entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, waitingSince: .now) }
    }

    /// Called before MHD closes the socket: from then on it is never touched.
    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// The request has arrived: the connection is the server's to answer.
    func busy(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.waitingSince = nil }
    }

    /// The response is done: the clock runs for the next request.
    func waiting(_ connection: OpaquePointer) {
        entries.withLock {
            $0[Self.key(connection)]?.waitingSince = .now
            $0[Self.key(connection)]?.bodyBytes = 0
            $0[Self.key(connection)]?.stream = nil
        }
    }

    /// A streamed response is being sent: MHD does not look at a suspended connection, so the
    /// watch notices when its client leaves (``endAbandonedStreams()``).
    func streaming(_ connection: OpaquePointer, _ stream: _StreamState) {
        entries.withLock { $0[Self.key(connection)]?.stream = stream }
    }

    /// Bytes of a request's body arrived.
    func received(_ connection: OpaquePointer, bytes: Int) {
        entries.withLock { $0[Self.key(connection)]?.bodyBytes += bytes }
    }

    /// Looks every quarter of the deadline (at most every second) on a queue of its own, so
    /// a busy or starved concurrency pool cannot keep stalled sockets open.
    func start(deadline: Duration, minimumBodyRate: Int) {
        bodyRate.store(max(1, minimumBodyRate), ordering: .relaxed)
        let period = min(Duration.seconds(1), deadline / 4)
        let milliseconds = max(10, Int(period.components.seconds * 1000 + period.components.attoseconds / 1_000_000_000_000_000))
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "CareKitHTTP.watchdog"))
        source.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        source.setEventHandler { [weak self] in
            self?.cutOff(waitingLongerThan: deadline)
            self?.endAbandonedStreams()
        }
        source.resume()
        timer.withLock { $0 = _TimerHandle(source: source) }
    }

    func stop() {
        timer.withLock {
            $0?.source.cancel(); $0 = nil
        }
    }

    /// Whether a connection that has waited this long for its request, with this many bytes of
    /// its body received, is past its deadline: each byte earns `1 / minimumBodyRate` seconds.
    static func isOverdue(waited: Duration, bodyBytes: Int, deadline: Duration, minimumBodyRate: Int) -> Bool {
        let earned = Duration.milliseconds(Int64(bodyBytes) * 1_000 / Int64(max(1, minimumBodyRate)))
        return waited > deadline + earned
    }

    /// Shuts down the sockets that waited too long; MHD then sees the end and closes them.
    /// Under the lock, so a socket is never touched after `closed`.
    func cutOff(waitingLongerThan deadline: Duration) {
        let now = ContinuousClock.now
        let rate = bodyRate.load(ordering: .relaxed)
        entries.withLock { entries in
            for (key, entry) in entries {
                guard let since = entry.waitingSince,
                    Self.isOverdue(waited: now - since, bodyBytes: entry.bodyBytes, deadline: deadline, minimumBodyRate: rate)
                else { continue }
                _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[key]?.waitingSince = nil
            }
        }
    }
}

extension _ConnectionWatch {
    /// Ends the streams whose client has gone (it closed or reset the connection): their
    /// sockets are shut down and the streams finished, so MHD resumes each connection, fails to
    /// write and frees it at once, and the stream's place in its cap with it. Without this a
    /// suspended stream learns of the close only at its next keep-alive.
    func endAbandonedStreams() {
        let abandoned = entries.withLock { entries -> [_StreamState] in
            var found: [_StreamState] = []
            for (key, entry) in entries {
                guard let stream = entry.stream, Self.peerHasLeft(entry.socket) else { continue }
                _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[key]?.stream = nil
                found.append(stream)
            }
            return found
        }
        for stream in abandoned { stream.finish() }
    }

    /// Whether the other end closed or reset the connection (a hang-up, an error, or the end
    /// of its sending side), looked at without waiting and without reading anything.
    static func peerHasLeft(_ socket: Int32) -> Bool {
        let readHangUp: Int16 = 0x2000  // POLLRDHUP (Linux), which Glibc's module leaves out
        var descriptor = pollfd(fd: socket, events: readHangUp, revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return false }
        return descriptor.revents & (readHangUp | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
    }
}

/// A dispatch timer, kept under a lock.
struct _TimerHandle: @unchecked Sendable {
    let source: any DispatchSourceTimer
}
