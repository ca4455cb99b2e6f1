import CareKit
import CareKitStore
import Foundation
import Synchronization
@testable import CareKitWeb
#if canImport(Glibc)
import Glibc
#endif
import ZombieKit

/// Fixed time for web tests: Thursday 2026-11-26 10:00 in New York.
enum WebTestSupport {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
    static let now = date("2026-11-26 10:00")

    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork
        formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        return formatter.date(from: text) ?? Date(timeIntervalSinceReferenceDate: .nan)
    }

    /// A ZombieKit store and server, not listening (tests call `handle`).
    static func makeServer(demo: Bool = true, application: OCKWebApplication? = nil,
                           configure: (inout CareKitWebServer.Configuration) -> Void = { _ in }) async throws -> (OCKStore, CareKitWebServer) {
        let clock = now
        let store = OCKStore(name: "web", type: .inMemory, clock: { clock })
        if demo {
            try await CarePlanData(startingInWeekOf: now, calendar: calendar).seed(into: store)
        }
        var configuration = CareKitWebServer.Configuration(calendar: calendar, clock: { clock })
        configure(&configuration)
        let server = try CareKitWebServer(store: store, application: application ?? ZombieKitApp.application, configuration: configuration)
        return (store, server)
    }

    static let csrf = String(repeating: "ab", count: 32)

    static func get(_ path: String, headers: [String: String] = ["host": "127.0.0.1:8080"], cookies: [String: String] = ["carekit_csrf": csrf]) -> HTTPRequest {
        let parts = path.split(separator: "?", maxSplits: 1)
        let query = (try? URLEncoding.decodePairs(parts.count > 1 ? String(parts[1]) : "")) ?? []
        return HTTPRequest(method: "GET", path: String(parts[0]), query: query, headers: headers, cookies: cookies)
    }

    static func post(_ path: String, _ fields: [(String, String)], csrfField: String? = csrf, cookies: [String: String] = ["carekit_csrf": csrf],
                     headers: [String: String] = ["host": "127.0.0.1:8080", "content-type": "application/x-www-form-urlencoded"]) -> HTTPRequest {
        var all = fields
        if let csrfField { all.append(("csrf", csrfField)) }
        return HTTPRequest(method: "POST", path: path, headers: headers, cookies: cookies, body: Data(URLEncoding.query(all).utf8))
    }

    /// The first event of a task today.
    static func todaysEvent(_ store: OCKStore, task: String, index: Int = 0) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        var query = OCKEventQuery(for: now, calendar: calendar)
        query.taskIDs = [task]
        let events = try await store.fetchEvents(query: query)
        guard events.indices.contains(index) else { throw CocoaError(.featureUnsupported) }
        return events[index]
    }

    static func eventPath(_ id: String) -> String {
        "/events/" + URLEncoding.encode(id)
    }

    /// The events a browser's EventSource dispatches from a stream's text, read as the HTML
    /// standard says: lines end at CR, LF or CR LF; a blank line ends an event.
    static func serverSentEvents(_ text: String) -> [(name: String, data: String)] {
        var events: [(name: String, data: String)] = []
        var name = "", data: [String] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                if !data.isEmpty { events.append((name.isEmpty ? "message" : name, data.joined(separator: "\n"))) }
                name = ""
                data = []
                continue
            }
            let field = line.prefix { $0 != ":" }
            var value = line.dropFirst(field.count).dropFirst()
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch field {
            case "event": name = String(value)
            case "data": data.append(String(value))
            default: break
            }
        }
        return events
    }
}

/// Waits for a condition with a generous bound (the machine may be busy).
func eventually(seconds: Double = 20, _ condition: @Sendable () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// A TCP connection to a test server on this machine, for what URLSession cannot do: send half
/// a request and stall, read the bytes of a response as they come. It never blocks a thread:
/// reads poll and sleep.
final class RawClient: Sendable {
    private let descriptor = Atomic<Int32>(-1)
    private var socket: Int32 { descriptor.load(ordering: .relaxed) }

    init(port: Int) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        descriptor.store(socket, ordering: .relaxed)
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
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// What arrives until `enough` says so, the server closes the connection (`closed`), or
    /// `seconds` pass (a generous bound: the machine may be busy).
    func receive(seconds: Double = 20, until enough: (String) -> Bool = { _ in false }) async -> (text: String, closed: Bool) {
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
    func isClosedByServer(within seconds: Double = 20) async -> Bool {
        await receive(seconds: seconds).closed
    }

    func close() {
        let socket = descriptor.exchange(-1, ordering: .relaxed)
        if socket >= 0 { _ = Glibc.close(socket) }
    }

    deinit { close() }

    /// A whole GET request on its own connection (to 127.0.0.1 unless `headers` has a Host):
    /// the response's text and how long it took.
    static func get(_ path: String, port: Int, headers: [String: String] = [:]) async throws -> (response: String, duration: Duration) {
        let started = ContinuousClock.now
        let client = try RawClient(port: port)
        let host = headers["Host"] ?? "127.0.0.1:\(port)"
        let lines = ["GET \(path) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers.filter { $0.key != "Host" }.map { "\($0.key): \($0.value)" }
        client.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        let response = await client.receive().text
        return (response, ContinuousClock.now - started)
    }
}
