import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A store's process id must belong to one store only: every version is stamped with it and
/// the store's clock, and a peer that knows the process to a clock never asks for versions
/// stamped below it. A copied or restored file carries the id of the store it was copied
/// from, so the two would stamp different versions with the same clocks and each would skip
/// the other's. A store takes a new process id when:
///
/// * its file is not the file it was (another inode: a copy, a restore from a backup, a move
///   to another disk or machine);
/// * the remote knows more of its process than this store knows was acknowledged (the
///   remote got, from another copy, clocks this one has not reached);
/// * versions are imported (`importVersions`: a restore through an export).
///
/// Every version stamped after the last acknowledged push (`meta.acknowledged`) is stamped
/// again under the new process, so the next synchronization pushes it, and the old process
/// is known only to that acknowledged clock, so the next pull brings what the other copy
/// wrote after it.
enum _ProcessIdentity {
    /// The tables whose versions carry a knowledge stamp.
    static let stampedTables = ["patient", "care_plan", "contact", "task", "outcome"]

    /// The own clock of the last push the remote acknowledged, or nil (never pushed since the
    /// store kept track).
    static func acknowledged(connection: _SQLiteConnection) throws -> Int? {
        let statement = try connection.prepare("SELECT value FROM meta WHERE key = 'acknowledged'")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return Int(statement.string(0))
    }

    /// Notes that the remote acknowledged a push made with `clock` as this store's own clock.
    static func acknowledge(clock: Int, process: UUID, connection: _SQLiteConnection) throws {
        // The push may have been made under a process this store has left since.
        guard try _Knowledge.process(connection: connection) == process else { return }
        // An unchanged value is not written again.
        let previous = try acknowledged(connection: connection)
        guard previous.map({ clock > $0 }) ?? true else { return }
        let statement = try connection.prepare(
            "INSERT INTO meta (key, value) VALUES ('acknowledged', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        statement.bind(String(clock), at: 1)
        try statement.run()
    }

    /// Whether a remote that knows `remote` knows more of this store's process than this store
    /// knows it acknowledged: another store used this process id.
    static func remoteKnowsMore(_ remote: OCKRevisionRecord.KnowledgeVector, connection: _SQLiteConnection) throws -> Bool {
        let process = try _Knowledge.process(connection: connection)
        let threshold = try acknowledged(connection: connection) ?? _Knowledge.current(connection: connection).clock(for: process)
        return remote.clock(for: process) > threshold
    }

    /// Takes a new process id; every version stamped after the acknowledged clock is stamped
    /// again under it. Runs inside the caller's transaction. Returns the new id.
    @discardableResult
    static func renew(connection: _SQLiteConnection) throws -> UUID {
        let old = try _Knowledge.process(connection: connection)
        let kept = try acknowledged(connection: connection) ?? 0
        let new = UUID()
        let rows = try connection.prepare("SELECT row, vector FROM knowledge")
        var stale: [(row: Int64, vector: OCKRevisionRecord.KnowledgeVector)] = []
        while try rows.step() {
            let vector = _Knowledge.vector(from: rows.string(1))
            if vector.clock(for: old) > kept { stale.append((rows.int64(0), vector)) }
        }
        rows.reset()
        for (row, vector) in stale {
            var processes = vector.processes
            processes[old] = nil
            processes[new] = 1
            let fresh = try _Knowledge.row(for: OCKRevisionRecord.KnowledgeVector(processes), connection: connection)
            for table in stampedTables {
                let update = try connection.prepare("UPDATE \(table) SET knowledge = ? WHERE knowledge = ?")
                update.bind(fresh, at: 1)
                update.bind(row, at: 2)
                try update.run()
            }
            // Nothing is stamped with it now; its clocks of the old process, which no peer may
            // have, would otherwise stay in every later row's prefix.
            let drop = try connection.prepare("DELETE FROM knowledge WHERE row = ?")
            drop.bind(row, at: 1)
            try drop.run()
        }
        if !stale.isEmpty { try _Knowledge.fillPrefixes(connection: connection) }
        var knowledge = try _Knowledge.current(connection: connection).processes
        knowledge[old] = kept > 0 ? kept : nil
        knowledge[new] = 1
        try _Knowledge.store(OCKRevisionRecord.KnowledgeVector(knowledge), connection: connection)
        let update = try connection.prepare("UPDATE meta SET value = ? WHERE key = 'process_uuid'")
        update.bind(new.uuidString, at: 1)
        try update.run()
        try connection.execute("DELETE FROM meta WHERE key = 'acknowledged'")
        return new
    }

    /// The identity of the file at `path` (its inode), or nil when it cannot be read.
    static func fileIdentity(path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return String(info.st_ino)
    }

    /// On opening a store file: when the file is not the one the store was last opened as, a
    /// new process id. Returns whether one was taken. Runs inside the caller's transaction.
    static func checkFile(path: String, connection: _SQLiteConnection) throws -> Bool {
        guard let identity = fileIdentity(path: path) else { return false }
        let statement = try connection.prepare("SELECT value FROM meta WHERE key = 'file_identity'")
        let recorded = try statement.step() ? statement.string(0) : nil
        statement.reset()
        guard recorded != identity else { return false }
        let renewed = recorded != nil
        if renewed { try renew(connection: connection) }
        let record = try connection.prepare(
            "INSERT INTO meta (key, value) VALUES ('file_identity', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        record.bind(identity, at: 1)
        try record.run()
        return renewed
    }
}
