import Foundation

/// The store's knowledge vectors in SQLite: every version row points at the vector its writer
/// knew (`knowledge` table, one row per distinct vector), and `meta` keeps the store's own
/// process uuid and current vector. The text form is `UUID:clock` pairs, sorted by uuid and
/// joined by commas, so one vector has one text.
enum _Knowledge {

    static func text(of vector: OCKRevisionRecord.KnowledgeVector) -> String {
        vector.processes.sorted { $0.key.uuidString < $1.key.uuidString }
            .map { "\($0.key.uuidString):\($0.value)" }.joined(separator: ",")
    }

    static func vector(from text: String) -> OCKRevisionRecord.KnowledgeVector {
        var processes: [UUID: Int] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            if parts.count == 2, let uuid = UUID(uuidString: String(parts[0])), let clock = Int(parts[1]) {
                processes[uuid] = max(processes[uuid] ?? 0, clock)
            }
        }
        return OCKRevisionRecord.KnowledgeVector(processes)
    }

    /// The row of `vector` in the `knowledge` table, added when it is new.
    static func row(for vector: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws -> Int64 {
        let text = text(of: vector)
        let insert = try connection.prepare("INSERT OR IGNORE INTO knowledge (vector) VALUES (?)")
        insert.bind(text, at: 1)
        try insert.run()
        let select = try connection.prepare("SELECT row FROM knowledge WHERE vector = ?")
        select.bind(text, at: 1)
        defer { select.reset() }
        _ = try select.step()
        return select.int64(0)
    }

    /// This store's own process (its clock in every vector).
    static func process(connection: _SQLiteConnection) throws -> UUID {
        let statement = try connection.prepare("SELECT value FROM meta WHERE key = 'process_uuid'")
        defer { statement.reset() }
        guard try statement.step(), let uuid = UUID(uuidString: statement.string(0)) else {
            throw OCKStoreError.fetchFailed(reason: loc("The store has no process identity; the file was changed by something other than CareKit."))
        }
        return uuid
    }

    /// The store's knowledge vector: its own clock starts at 1, as in CareKit.
    static func current(connection: _SQLiteConnection) throws -> OCKRevisionRecord.KnowledgeVector {
        let statement = try connection.prepare("SELECT value FROM meta WHERE key = 'knowledge'")
        defer { statement.reset() }
        if try statement.step() { return vector(from: statement.string(0)) }
        return OCKRevisionRecord.KnowledgeVector([try process(connection: connection): 1])
    }

    /// Replaces the store's knowledge vector.
    static func store(_ vector: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws {
        let statement = try connection.prepare("INSERT INTO meta (key, value) VALUES ('knowledge', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        statement.bind(text(of: vector), at: 1)
        try statement.run()
    }

    /// Advances this store's own clock by one; returns the new vector.
    @discardableResult
    static func tick(connection: _SQLiteConnection) throws -> OCKRevisionRecord.KnowledgeVector {
        var vector = try current(connection: connection)
        vector.increment(clockFor: try process(connection: connection))
        try store(vector, connection: connection)
        return vector
    }

    /// Takes in what another replica knew; knowledge this store has already is not written again.
    static func merge(_ other: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws {
        let known = try current(connection: connection)
        guard !known.covers(other) else { return }
        var vector = known
        vector.merge(with: other)
        try store(vector, connection: connection)
    }
}
