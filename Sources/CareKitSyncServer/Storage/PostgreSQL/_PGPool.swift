import Foundation

/// At most `capacity` connections to one database, opened when needed and handed to one
/// caller at a time. A caller that finds every connection busy waits up to `wait` seconds; a
/// connection that failed (the server restarted, the network broke) is closed and the work
/// is tried once more on a new one, so a PostgreSQL restart costs no request that can wait.
final class _PGPool: @unchecked Sendable {
    let conninfo: String
    let capacity: Int
    let wait: TimeInterval
    /// Runs on each new connection (session settings such as the statement timeout).
    private let setup: (_PGConnection) throws -> Void
    private let condition = NSCondition()
    private var idle: [_PGConnection] = []
    private var open = 0

    init(conninfo: String, capacity: Int, wait: TimeInterval = 10, setup: @escaping (_PGConnection) throws -> Void) {
        self.conninfo = conninfo
        self.capacity = max(1, capacity)
        self.wait = wait
        self.setup = setup
    }

    /// Runs `body` with a connection; once more with a new connection when the first was lost.
    func with<T>(_ body: (_PGConnection) throws -> T) throws -> T {
        do {
            return try attempt(body)
        } catch let error as _PGError where error.connectionLost {
            return try attempt(body)
        }
    }

    private func attempt<T>(_ body: (_PGConnection) throws -> T) throws -> T {
        let connection = try acquire()
        var healthy = true
        defer { release(connection, healthy: healthy) }
        do {
            return try body(connection)
        } catch let error as _PGError {
            healthy = !error.connectionLost && connection.isHealthy
            throw error
        }
    }

    private func acquire() throws -> _PGConnection {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: wait)
        while idle.isEmpty && open >= capacity {
            if !condition.wait(until: deadline) {
                condition.unlock()
                throw _PGError(message: "all \(capacity) database connections stayed busy for \(Int(wait)) s", sqlState: nil, connectionLost: false)
            }
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        do {
            let connection = try _PGConnection(conninfo: conninfo)
            try setup(connection)
            return connection
        } catch {
            condition.lock()
            open -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func release(_ connection: _PGConnection, healthy: Bool) {
        condition.lock()
        if healthy && connection.isHealthy {
            idle.append(connection)
        } else {
            open -= 1
        }
        condition.signal()
        condition.unlock()
    }
}
