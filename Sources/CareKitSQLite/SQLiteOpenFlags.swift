import CSQLite

/// How a database is opened: `sqlite3_open_v2`'s `SQLITE_OPEN_*` flags, for
/// ``SQLiteConnection/init(name:flags:)`` (pass `rawValue`), so that users of this module
/// need not import the C library.
public struct SQLiteOpenFlags: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `SQLITE_OPEN_READONLY`: reads only, with SQLite's locks.
    public static let readOnly = SQLiteOpenFlags(rawValue: SQLITE_OPEN_READONLY)
    /// `SQLITE_OPEN_READWRITE`: reads and writes an existing file.
    public static let readWrite = SQLiteOpenFlags(rawValue: SQLITE_OPEN_READWRITE)
    /// `SQLITE_OPEN_CREATE`: creates the file when it is missing (with ``readWrite``).
    public static let create = SQLiteOpenFlags(rawValue: SQLITE_OPEN_CREATE)
    /// `SQLITE_OPEN_URI`: the name is a `file:` URI, whose parameters (`immutable=1`) count.
    public static let uri = SQLiteOpenFlags(rawValue: SQLITE_OPEN_URI)
    /// `SQLITE_OPEN_NOMUTEX`: the connection is used by one thread at a time.
    public static let noMutex = SQLiteOpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
}
