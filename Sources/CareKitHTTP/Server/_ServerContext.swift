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

    /// A 413 for a request that announces a body over the limit and waits to be told to send it
    /// (`Expect: 100-continue`), so it is refused before a byte is sent; nil otherwise. A client
    /// that sends its body at once would see its upload cut (a broken pipe, not the 413): that
    /// body is read and dropped as it comes, and refused at its end.
    func refusalBySize(_ head: HTTPRequest) -> HTTPResponse? {
        guard head.header("expect")?.lowercased() == "100-continue",
            let length = head.header("content-length").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), length > maximumBodySize
        else { return nil }
        return errorResponse(tooLarge)
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
        }
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
        source.setEventHandler { [weak self] in self?.cutOff(waitingLongerThan: deadline) }
        source.resume()
        timer.withLock { $0 = _TimerHandle(source: source) }
    }

    func stop() {
        timer.withLock {
            $0?.source.cancel(); $0 = nil
        }
    }

    /// Shuts down the sockets that waited too long; MHD then sees the end and closes them.
    /// Under the lock, so a socket is never touched after `closed`.
    func cutOff(waitingLongerThan deadline: Duration) {
        let now = ContinuousClock.now
        let rate = bodyRate.load(ordering: .relaxed)
        entries.withLock { entries in
            for (key, entry) in entries {
                guard let since = entry.waitingSince else { continue }
                let earned = Duration.milliseconds(Int64(entry.bodyBytes) * 1_000 / Int64(rate))
                guard now - since > deadline + earned else { continue }
                _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[key]?.waitingSince = nil
            }
        }
    }
}

/// A dispatch timer, kept under a lock.
struct _TimerHandle: @unchecked Sendable {
    let source: any DispatchSourceTimer
}
