import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a test server on this machine, for what URLSession cannot do: send half
/// a request and stall, read the bytes of a response as they come. It never blocks a thread:
/// reads poll and sleep.
public final class RawClient: Sendable {
    private let descriptor = Atomic<Int32>(-1)
    private var socket: Int32 { descriptor.load(ordering: .relaxed) }

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address such as
    /// 127.0.0.2, so that the server sees another client) when given.
    public init(port: Int, from source: String? = nil) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        descriptor.store(socket, ordering: .relaxed)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                close()
                throw POSIXError(.EINVAL)
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let code = errno
                close()
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close()
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// Sends text; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// What arrives until `enough` says so, the server closes the connection (`closed`), or
    /// `seconds` pass (a generous bound: the machine may be busy).
    public func receive(seconds: Double = 20, until enough: (String) -> Bool = { _ in false }) async -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(5))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            bytes += buffer[0..<count]
            if enough(String(decoding: bytes, as: UTF8.self)) { break }
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    /// Whether the server has closed the connection, waiting up to `seconds` for it.
    public func isClosedByServer(within seconds: Double = 20) async -> Bool {
        await receive(seconds: seconds).closed
    }

    public func close() {
        let socket = descriptor.exchange(-1, ordering: .relaxed)
        if socket >= 0 { _ = Glibc.close(socket) }
    }

    deinit { close() }

    /// A whole GET request on its own connection (to 127.0.0.1 unless `headers` has a Host):
    /// the response's text and how long it took.
    public static func get(_ path: String, port: Int, headers: [String: String] = [:]) async throws -> (response: String, duration: Duration) {
        let started = ContinuousClock.now
        let client = try RawClient(port: port)
        let host = headers["Host"] ?? "127.0.0.1:\(port)"
        let lines = ["GET \(path) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers.filter { $0.key != "Host" }.map { "\($0.key): \($0.value)" }
        client.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        let response = await client.receive().text
        return (response, ContinuousClock.now - started)
    }
}
