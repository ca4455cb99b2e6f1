import Foundation

/// The store's knowledge vectors in SQLite: every version row points at the vector its writer
/// knew (`knowledge` table, one row per distinct vector), and `meta` keeps the store's own
/// process uuid and current vector. The text form is `UUID:clock` pairs, sorted by uuid and
/// joined by commas, so one vector has one text.
///
/// Each `knowledge` row also keeps its prefix (schema 5): its vector merged with the vectors of
/// every row before it. Prefixes only grow with the row, so a peer that knows what a row's prefix
/// says has every version stamped with that row or an earlier one, and the rows it may lack are
/// found by a binary search (``uncoveredRows(since:connection:)``) instead of reading every vector
/// the store ever had on every synchronization.
enum _Knowledge {

    static func text(of vector: OCKRevisionRecord.KnowledgeVector) -> String {
        vector.processes.map { (_UUIDTexts.string($0.key), $0.value) }.sorted { $0.0 < $1.0 }
            .map { "\($0.0):\($0.1)" }.joined(separator: ",")
    }

    /// The vector written in `text` (pairs that are not `UUID:clock` are left out; a uuid named
    /// twice keeps its larger clock).
    static func vector(from text: String) -> OCKRevisionRecord.KnowledgeVector {
        var processes: [UUID: Int] = [:]
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                // `UUID:clock`: 36 characters, a colon, then digits.
                if end - start > 37, bytes[start + 36] == UInt8(ascii: ":"),
                    let uuid = _UUIDTexts.parse(UnsafeBufferPointer(rebasing: bytes[start..<start + 36])),
                    let clock = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 37..<end]), as: UTF8.self))
                {
                    processes[uuid] = max(processes[uuid] ?? 0, clock)
                }
                start = end + 1
            }
        }
        return OCKRevisionRecord.KnowledgeVector(processes)
    }

    /// The row of `vector` in the `knowledge` table, added with its prefix when it is new.
    static func row(for vector: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws -> Int64 {
        let text = text(of: vector)
        let select = try connection.prepare("SELECT row FROM knowledge WHERE vector = ?")
        select.bind(text, at: 1)
        let found = try select.step() ? select.int64(0) : nil
        select.reset()
        if let found { return found }
        var prefix = try lastPrefix(connection: connection)
        prefix.merge(with: vector)
        let insert = try connection.prepare("INSERT INTO knowledge (vector, prefix) VALUES (?, ?)")
        insert.bind(text, at: 1)
        insert.bind(Self.text(of: prefix), at: 2)
        try insert.run()
        return connection.lastInsertRowID
    }

    /// The prefix of the last row (empty without rows); a row without one (written before schema
    /// 5 and not filled) has every row's prefix filled first.
    private static func lastPrefix(connection: _SQLiteConnection) throws -> OCKRevisionRecord.KnowledgeVector {
        let last = try connection.prepare("SELECT prefix FROM knowledge ORDER BY row DESC LIMIT 1")
        defer { last.reset() }
        guard try last.step() else { return .init() }
        if let prefix = last.optionalString(0) { return vector(from: prefix) }
        last.reset()
        try fillPrefixes(connection: connection)
        guard try last.step(), let prefix = last.optionalString(0) else { return .init() }
        return vector(from: prefix)
    }

    /// Writes every row's prefix again from the vectors, in row order: the migration to schema 5,
    /// and after a new process id dropped the rows of versions stamped again.
    static func fillPrefixes(connection: _SQLiteConnection) throws {
        let rows = try connection.prepare("SELECT row, vector FROM knowledge ORDER BY row")
        var filled: [(row: Int64, prefix: String)] = []
        var running = OCKRevisionRecord.KnowledgeVector()
        while try rows.step() {
            running.merge(with: vector(from: rows.string(1)))
            filled.append((rows.int64(0), text(of: running)))
        }
        rows.reset()
        let update = try connection.prepare("UPDATE knowledge SET prefix = ? WHERE row = ?")
        for (row, prefix) in filled {
            update.reset()
            update.bind(prefix, at: 1)
            update.bind(row, at: 2)
            try update.run()
        }
    }

    /// The rows whose vector a peer that knows `since` does not cover, with their vectors, in the
    /// order of their text. Rows before the first one whose prefix `since` does not cover are
    /// never read: a peer that is up to date costs one look at the last row, one that lacks a
    /// few recent rows a binary search and those rows.
    /// - Complexity: O(log n + m) index look-ups for n rows, m of them from the first uncovered.
    static func uncoveredRows(
        since: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection
    ) throws -> [(row: Int64, text: String, vector: OCKRevisionRecord.KnowledgeVector)] {
        // Two subqueries: SQLite answers a lone min() or max() from the key's ends, both in one
        // SELECT by reading the table.
        let ends = try connection.prepare("SELECT (SELECT min(row) FROM knowledge), (SELECT max(row) FROM knowledge)")
        guard try ends.step(), !ends.isNull(0) else {
            ends.reset()
            return []
        }
        let (low, high) = (ends.int64(0), ends.int64(1))
        ends.reset()
        var first = low
        // The last row at or before a row number: whether `since` covers every row up to it. A
        // store of an older schema opened read-only (so not upgraded) has no prefixes: every
        // row is looked at, as before them.
        if let atOrBefore = try? connection.prepare("SELECT prefix FROM knowledge WHERE row <= ? ORDER BY row DESC LIMIT 1") {
            func covered(upTo row: Int64) throws -> Bool {
                atOrBefore.reset()
                atOrBefore.bind(row, at: 1)
                defer { atOrBefore.reset() }
                guard try atOrBefore.step(), let prefix = atOrBefore.optionalString(0) else { return false }
                return since.covers(vector(from: prefix))
            }
            if try covered(upTo: high) { return [] }
            // The last row is not covered: the first that is not lies in low...high.
            first = try _PrefixSearch.firstUncovered(low, high - 1, covered: covered(upTo:))
        }
        let rows = try connection.prepare("SELECT row, vector FROM knowledge WHERE row >= ?")
        rows.bind(first, at: 1)
        defer { rows.reset() }
        var found: [(row: Int64, text: String, vector: OCKRevisionRecord.KnowledgeVector)] = []
        while try rows.step() {
            let text = rows.string(1)
            let vector = vector(from: text)
            if !since.covers(vector) { found.append((rows.int64(0), text, vector)) }
        }
        return found.sorted { $0.text < $1.text }
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
