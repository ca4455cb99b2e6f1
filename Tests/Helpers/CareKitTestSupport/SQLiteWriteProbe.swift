import CareKitSQLite
import Foundation

/// Sees, from a connection of its own, whether anything was durably written to a SQLite file
/// (a store, a sync server's database) in WAL mode, and can hold the file's write lock so that
/// anyone who tries to write waits (and, after SQLite's busy timeout, fails).
///
/// `PRAGMA data_version` changes when another connection commits a change to the file, and
/// only then (SQLite's documentation; a transaction that changes nothing leaves it as it
/// was); every committed page is also appended to the `-wal` file. A fingerprint made of both,
/// and of the file's own size, is equal before and after only when nothing was written.
public final class SQLiteWriteProbe: @unchecked Sendable {
    public let path: String
    private let connection: SQLiteConnection
    private let lock = NSLock()

    public init(path: String) throws {
        self.path = path
        connection = try SQLiteConnection(path: path)
    }

    deinit { connection.close() }

    /// The file's write state: its data version as this connection sees it, and the sizes of
    /// the file and of its write-ahead log.
    public func fingerprint() throws -> String {
        let version = try lock.withLock { try connection.scalarInt("PRAGMA data_version") ?? -1 }
        return "data_version \(version), file \(Self.size(path)) bytes, wal \(Self.size(path + "-wal")) bytes"
    }

    /// Takes the write lock (`BEGIN IMMEDIATE`) and keeps it until ``releaseWriteLock()``.
    public func holdWriteLock() throws {
        try lock.withLock { try connection.execute("BEGIN IMMEDIATE") }
    }

    /// Lets writers in again; this connection wrote nothing.
    public func releaseWriteLock() throws {
        try lock.withLock { try connection.execute("ROLLBACK") }
    }

    /// The transactions committed to the write-ahead log since it was last started over: its
    /// frames that end a transaction (a non-zero database size in the frame's header) and carry
    /// the log header's salts (frames of an earlier generation of the log do not count).
    /// The file format: https://www.sqlite.org/fileformat2.html#walformat
    public func commitsInLog() -> Int {
        guard let log = FileManager.default.contents(atPath: path + "-wal"), log.count >= 32 else { return 0 }
        let bytes = [UInt8](log)
        func word(_ offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        let pageSize = Int(word(8))
        let salts = (word(16), word(20))
        var commits = 0
        var offset = 32
        while pageSize > 0, offset + 24 + pageSize <= bytes.count {
            guard (word(offset + 8), word(offset + 12)) == salts else { break }
            if word(offset + 4) != 0 { commits += 1 }
            offset += 24 + pageSize
        }
        return commits
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
