import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Many HTTP/1.1 clients driven from one thread with `poll`, as many phones would be: each
/// keeps one keep-alive connection and sends its requests at fixed times (client `c`'s request
/// `k` at `start + offsets[c] + k × interval`). A request that cannot go out on time (its
/// previous response has not come back) goes as soon as it can, and its latency still counts
/// from the time it was due, so a slow server is not hidden by clients that wait for it.
enum PacedClients {
    struct Result {
        /// Seconds from each request's due time to its whole response.
        var latencies: [Double] = []
        /// Responses by status code.
        var statuses: [Int: Int] = [:]
        /// Responses whose body contains `acknowledgement`.
        var acknowledged = 0
        /// Requests that got no response (connection lost, or still waiting at the end).
        var unanswered = 0
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Raises the soft limit of open files to the hard one (a thousand clients and the
    /// server's side of their connections live in this process).
    static func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    private struct Client {
        var fd: Int32 = -1
        var requests: [Data]
        var offset: Double
        /// Requests answered (or given up on) so far: the next one to send.
        var next = 0
        /// Requests whose time has come.
        var due = 0
        var inFlight = false
        var output = Data()
        var input = Data()
    }

    /// Sends every client's requests (whole HTTP requests, bytes as sent) to 127.0.0.1:`port`.
    /// Only the connections waiting for a response are polled, so the driver's own cost grows
    /// with the requests in flight, not with the number of clients.
    static func run(port: Int, requests: [[Data]], offsets: [Double], interval: Double, acknowledgement: Data) throws -> Result {
        raiseFileLimit()
        var clients = zip(requests, offsets).map { Client(requests: $0.0, offset: $0.1) }
        for index in clients.indices { clients[index].fd = try connect(port: port) }
        defer { for client in clients where client.fd >= 0 { close(client.fd) } }
        // Every request's due time, in order.
        var schedule: [(due: Double, client: Int)] = []
        for (index, client) in clients.enumerated() {
            for k in client.requests.indices { schedule.append((client.offset + Double(k) * interval, index)) }
        }
        schedule.sort { $0.due < $1.due }
        var result = Result()
        let start = now() + 0.2
        let giveUp = start + (schedule.last?.due ?? 0) + 15
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var position = 0
        var waiting = Set<Int>()

        func send(_ index: Int) {
            clients[index].output = clients[index].requests[clients[index].next]
            clients[index].inFlight = true
            flush(&clients[index])
            waiting.insert(index)
        }
        func finished(_ index: Int) {
            clients[index].inFlight = false
            clients[index].next += 1
            waiting.remove(index)
            if clients[index].next < clients[index].due, clients[index].fd >= 0 { send(index) }
        }

        while position < schedule.count || !waiting.isEmpty {
            let time = now()
            if time > giveUp { break }
            while position < schedule.count, start + schedule[position].due <= time {
                let index = schedule[position].client
                clients[index].due += 1
                if !clients[index].inFlight, clients[index].fd >= 0, clients[index].next < clients[index].due { send(index) }
                position += 1
            }
            let polled = Array(waiting)
            var descriptors = polled.map { index in
                pollfd(fd: clients[index].fd, events: Int16(POLLIN) | (clients[index].output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
            }
            let nextDue = position < schedule.count ? start + schedule[position].due : time + 0.01
            let wait = max(0, min(nextDue - now(), 0.01))
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32((wait * 1000).rounded(.up)))
            for (slot, index) in polled.enumerated() where descriptors[slot].revents != 0 {
                if descriptors[slot].revents & Int16(POLLOUT) != 0 { flush(&clients[index]) }
                guard descriptors[slot].revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(clients[index].fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                    // The server closed the connection: what was in flight is unanswered.
                    result.unanswered += 1
                    close(clients[index].fd)
                    clients[index].input.removeAll()
                    clients[index].output.removeAll()
                    clients[index].fd = (try? connect(port: port)) ?? -1
                    if clients[index].fd < 0 {
                        result.unanswered += clients[index].requests.count - clients[index].next - 1
                        clients[index].next = clients[index].requests.count - 1
                    }
                    finished(index)
                    continue
                }
                clients[index].input.append(contentsOf: buffer[0..<count])
                guard let (status, body, used) = response(in: clients[index].input) else { continue }
                let due = start + clients[index].offset + Double(clients[index].next) * interval
                result.latencies.append(now() - due)
                result.statuses[status, default: 0] += 1
                if body.range(of: acknowledgement) != nil { result.acknowledged += 1 }
                clients[index].input.removeFirst(used)
                finished(index)
            }
        }
        result.unanswered += clients.reduce(0) { $0 + ($1.requests.count - $1.next) }
        return result
    }

    private static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw BenchError("connect to 127.0.0.1:\(port): \(message)")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }

    /// Writes what the socket takes now.
    private static func flush(_ client: inout Client) {
        guard client.fd >= 0, !client.output.isEmpty else { return }
        let written = client.output.withUnsafeBytes { write(client.fd, $0.baseAddress, $0.count) }
        if written > 0 { client.output.removeFirst(written) }
    }

    /// A whole response at the start of `data`: its status, its body and the bytes it took.
    static func response(in data: Data) -> (status: Int, body: Data, used: Int)? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let first = lines.first, first.split(separator: " ").count >= 2, let status = Int(first.split(separator: " ")[1]) else { return nil }
        var length = 0
        for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        let bodyStart = end.upperBound
        guard data.endIndex - bodyStart >= length else { return nil }
        return (status, Data(data[bodyStart..<(bodyStart + length)]), bodyStart + length - data.startIndex)
    }
}
