import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Handles one request.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse

/// Looks at a request as soon as its head has arrived (method, path, query, headers and
/// cookies; the body is empty) and returns a response to refuse it there, or nil to go on.
/// It runs on the server's network thread: it must be quick and must not wait.
public typealias HTTPScreen = @Sendable (HTTPRequest) -> HTTPResponse?

/// An HTTP/1.1 server on GNU libmicrohttpd. A few threads wait on every socket at once (epoll),
/// so a slow or idle client costs a socket and a little memory, not a thread; a connection is
/// set aside (suspended) while the handler works or a streamed response waits for data.
/// Requests must arrive within a time limit, bodies are limited in size, and the number of
/// connections is limited in all and per client.
public final class HTTPServer: Sendable {
    /// How many connections the server takes, and for how long.
    public struct Limits: Sendable {
        /// Connections open at once, from all clients together. Connections beyond it wait
        /// in the kernel's queue until one closes. The server raises the process's limit of
        /// open files to fit, where the system allows it.
        public var maximumConnections = 4096
        /// Connections open at once from one IP address (refused beyond it); 0 for no limit.
        /// nil: 32, or no limit when the server listens on loopback, where every client
        /// has the same address.
        public var maximumConnectionsPerClient: Int?
        /// How long a client has to send a whole request (head and body), from the moment it
        /// connects or its previous response ends; slower or idle connections are closed.
        /// It also closes connections on which nothing moves for that long. A body earns more
        /// time as it arrives (``minimumBodyRate``).
        public var requestTimeout: Duration = .seconds(10)
        /// Each byte of a request body received adds `1 / minimumBodyRate` seconds to
        /// ``requestTimeout``: a large body on a slow uplink (a sync push at 50 KB/s) arrives as
        /// long as it keeps moving faster than this, while a client dripping bytes is cut off.
        public var minimumBodyRate = 4_096
        /// How often a streamed response that has nothing to send sends a comment line, so
        /// that proxies, browsers and the server notice a closed connection.
        public var keepAliveInterval: Duration = .seconds(15)
        /// Threads that wait on the sockets (the handlers run in Swift's concurrency pool).
        public var threads = max(2, min(4, ProcessInfo.processInfo.activeProcessorCount))

        public init() {}
    }

    /// A certificate and its private key, in PEM, for serving HTTPS.
    public struct TLS: Sendable {
        public var certificatePEM: String
        public var privateKeyPEM: String

        public init(certificatePEM: String, privateKeyPEM: String) {
            self.certificatePEM = certificatePEM
            self.privateKeyPEM = privateKeyPEM
        }

        /// Reads the two PEM files; throws saying which cannot be read, or that the key can
        /// be read by the file's group or by others (a key others can read is no longer secret).
        public init(certificateFile: String, privateKeyFile: String) throws(HTTPSetupError) {
            if let mode = (try? FileManager.default.attributesOfItem(atPath: privateKeyFile))?[.posixPermissions] as? NSNumber, mode.intValue & 0o077 != 0 {
                throw HTTPSetupError(
                    "The TLS private key \(privateKeyFile) can be read by other users (mode \(String(mode.intValue & 0o777, radix: 8))), so it is no longer secret: "
                        + "`chmod 600 \(privateKeyFile)` (owned by the user the server runs as), and replace the key if others may have read it.")
            }
            func read(_ path: String, _ what: String) throws(HTTPSetupError) -> String {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("-----BEGIN") else {
                    throw HTTPSetupError("Could not read the \(what) at \(path) as PEM text.")
                }
                return text
            }
            self.init(certificatePEM: try read(certificateFile, "TLS certificate"), privateKeyPEM: try read(privateKeyFile, "TLS private key"))
        }
    }

    /// The address the server listens on.
    public let host: String
    /// Set: the server speaks HTTPS.
    public let tls: TLS?
    private let tlsStrings = Mutex<_TLSStrings?>(nil)
    private let requestedPort: UInt16
    private let limits: Limits
    private let context: _ServerContext
    private let daemon = Mutex<_DaemonHandle?>(nil)
    private let boundPort = Atomic<Int>(0)

    /// Creates a server; nothing listens until ``start()``.
    /// - Parameters:
    ///   - host: an IPv4 or IPv6 address, or `localhost` (127.0.0.1, never looked up);
    ///     `127.0.0.1` keeps the server private to this machine.
    ///   - port: the TCP port; 0 picks a free one (see ``port``).
    ///   - maximumBodySize: larger request bodies are refused with 413 and never buffered.
    ///   - limits: connections, timeouts and threads.
    ///   - headers: added to every response that does not set them, including the server's own
    ///     (413, 503).
    ///   - screen: refuses requests by their head, before the body is read or the handler runs.
    ///   - errorResponse: the server's own refusals (413 for a body over the limit, 400 for a
    ///     malformed query, 503 while stopping): plain text by default, a problem document
    ///     (``HTTPResponse/problem(_:)``) for a JSON API.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, maximumBodySize: Int = 64 * 1024, limits: Limits = Limits(),
        headers: [(name: String, value: String)] = [], screen: HTTPScreen? = nil, tls: TLS? = nil,
        errorResponse: @escaping @Sendable (HTTPError) -> HTTPResponse = HTTPResponse.text, handler: @escaping HTTPHandler
    ) {
        self.host = host
        self.tls = tls
        self.requestedPort = port
        self.limits = limits
        self.context = _ServerContext(
            handler: handler, screen: screen, errorResponse: errorResponse, headers: headers,
            maximumBodySize: maximumBodySize, keepAliveInterval: limits.keepAliveInterval)
    }

    /// The port the server listens on (after ``start()``).
    public var port: Int { boundPort.load(ordering: .relaxed) }

    /// Starts listening. Throws, saying what to do, when the address is invalid, not this
    /// machine's, or the port is taken or reserved.
    public func start() throws(HTTPSetupError) {
        // `localhost` is 127.0.0.1: the name is not looked up, so it cannot point elsewhere.
        let address = host == "localhost" ? "127.0.0.1" : host
        guard let ip = IPAddress(address) else {
            throw HTTPSetupError("'\(host)' is not an IPv4 or IPv6 address.")
        }
        var storage = ip.socketAddress(port: requestedPort)
        let loopback = ip.isLoopback
        var flags = UInt32(MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue)
        if case .v6 = ip { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        let connections = Self.fileLimit(for: limits.maximumConnections)
        let perClient = limits.maximumConnectionsPerClient ?? (loopback ? 0 : 32)
        let timeout = max(1, Int(limits.requestTimeout.components.seconds))
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let callbacks = ck_mhd_callbacks(handler: _ckAccessHandler, completed: _ckRequestCompleted, connection: _ckConnectionNotice, context: contextPointer)
        let cLimits = ck_mhd_limits(
            connections: UInt32(clamping: connections), connections_per_client: UInt32(clamping: max(0, perClient)),
            idle_timeout_seconds: UInt32(clamping: timeout), threads: UInt32(clamping: max(1, limits.threads)))
        var strings: _TLSStrings?
        if let tls {
            guard ck_mhd_supports_tls() != 0 else {
                throw HTTPSetupError("This libmicrohttpd was built without TLS; install Debian's libmicrohttpd (built with GnuTLS), or serve behind a proxy that speaks HTTPS.")
            }
            guard let key = strdup(tls.privateKeyPEM), let certificate = strdup(tls.certificatePEM) else {
                throw HTTPSetupError("Out of memory reading the TLS key.")
            }
            strings = _TLSStrings(key: key, certificate: certificate)
        }
        let started = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if let strings { return ck_mhd_start_tls(flags, address, callbacks, cLimits, strings.key, strings.certificate) }
                return ck_mhd_start(flags, address, callbacks, cLimits)
            }
        }
        if started == nil, let strings {
            free(strings.key)
            free(strings.certificate)
            // The port could be bound: what failed was the certificate or the key.
            if Self.bindError(storage) == 0 {
                throw HTTPSetupError("Could not serve HTTPS on \(host):\(requestedPort): the certificate or key was refused (check that both are PEM and that they belong together).")
            }
        }
        if started != nil { tlsStrings.withLock { $0 = strings } }
        guard let started else {
            throw HTTPSetupError(Self.listenFailure(errno, address: storage, host: host, port: requestedPort))
        }
        daemon.withLock { $0 = _DaemonHandle(pointer: started) }
        boundPort.store(Int(ck_mhd_bound_port(started)), ordering: .relaxed)
        context.watch.start(deadline: limits.requestTimeout, minimumBodyRate: limits.minimumBodyRate)
    }

    /// Stops accepting connections, ends streamed responses, and waits for requests in
    /// progress (and so their writes) to finish.
    public func stop() {
        guard
            let running = daemon.withLock({ current -> _DaemonHandle? in
                defer { current = nil }
                return current
            })?.pointer
        else { return }
        let listener = MHD_quiesce_daemon(running)
        context.streams.finishAll()
        // A suspended connection must be resumed before the daemon stops: wait for the handlers.
        context.waitForHandlers()
        MHD_stop_daemon(running)
        context.watch.stop()
        if listener >= 0 { close(listener) }
        if let strings = tlsStrings.withLock({ current -> _TLSStrings? in
            defer { current = nil }
            return current
        }) {
            free(strings.key)
            free(strings.certificate)
        }
    }

    deinit { stop() }

    /// What to tell a person when listening failed, by the system's reason (`errno`, or a
    /// fresh attempt to bind when that was lost).
    static func listenFailure(_ code: Int32, address: sockaddr_storage, host: String, port: UInt16) -> String {
        let shown = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        switch code == 0 || code == EINVAL ? bindError(address) : code {
        case EADDRINUSE:
            return "Another program is already using port \(port) on \(host). Stop it, or choose another port (0 picks a free one)."
        case EACCES:
            return "Port \(port) is reserved for the system administrator. Choose a port above 1023."
        case EADDRNOTAVAIL:
            return "\(host) is not an address of this machine. Listen on 127.0.0.1 (this machine only), 0.0.0.0 (all its networks) or one of its own addresses."
        case EMFILE, ENFILE:
            return "Could not listen on \(shown): too many files are open. Close some programs, or raise the limit of open files (ulimit -n)."
        case let other:
            return "Could not listen on \(shown): \(_systemReason(other))."
        }
    }

    /// The `errno` of binding a socket to the address (0 if that works now).
    private static func bindError(_ address: sockaddr_storage) -> Int32 {
        var address = address
        let socket = Glibc.socket(Int32(address.ss_family), Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return errno }
        defer { close(socket) }
        var yes: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let length = socklen_t(address.ss_family == sa_family_t(AF_INET6) ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        return result == 0 ? 0 : errno
    }

    /// The connection limit that fits the process's limit of open files, raised (up to the
    /// hard limit) if it is lower; each connection takes one, and 64 are kept for the rest.
    static func fileLimit(for connections: Int) -> Int {
        let reserve: rlim_t = 64
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return connections }
        let wanted = rlim_t(max(1, connections)) + reserve
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return max(1, min(connections, Int(clamping: limit.rlim_cur > reserve ? limit.rlim_cur - reserve : 1)))
    }
}

/// What the C library calls an `errno` value ("No space left on device").
package func _systemReason(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// The PEM text a TLS daemon reads, in C memory that lives until the daemon stops.
struct _TLSStrings: @unchecked Sendable {
    let key: UnsafeMutablePointer<CChar>
    let certificate: UnsafeMutablePointer<CChar>
}

/// The running daemon; only touched under the server's lock.
struct _DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

extension IPAddress {
    /// The socket address of this IP and a port.
    func socketAddress(port: UInt16) -> sockaddr_storage {
        var storage = sockaddr_storage()
        switch self {
        case .v4(let bytes):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes.prefix($0.count)) }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
        case .v6(let bytes):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes.prefix($0.count)) }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
        }
        return storage
    }
}
